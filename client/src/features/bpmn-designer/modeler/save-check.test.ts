import { describe, expect, it } from 'vitest';
import { DESIGNER_XML, load } from '../panel/forms/test-kit';
import { checkModel, firstError, hasRecipient, MSG_ID_REQUIRED, MSG_NAME_REQUIRED, unassignedWarning, type CheckedElement } from './save-check';
import { refusedDrafts, reportRefusedDraft } from './refused-drafts';

/** Root elements of `xml` as bpmn-moddle reads it (the flowable package described). */
async function roots(xml: string) {
  const { definitions } = await load(xml);
  return definitions.get('rootElements') as CheckedElement[];
}

/** DESIGNER_XML with the gateway named and both user tasks assigned: a model that saves silently. */
const CLEAN = DESIGNER_XML
  .replace('<bpmn:exclusiveGateway id="Gateway_1">', '<bpmn:exclusiveGateway id="Gateway_1" name="金额判断">')
  .replace('<bpmn:userTask id="Activity_1" name="审批">', '<bpmn:userTask id="Activity_1" name="审批" flowable:assignee="1" flowable:userType="assignee" flowable:dataType="fixed">')
  .replace('<bpmn:userTask id="Activity_2" name="复核">', '<bpmn:userTask id="Activity_2" name="复核" flowable:candidateGroups="2">');

describe('save check (spec §5 designer rules)', () => {
  it('a named, assigned model passes with no warning', async () => {
    const check = checkModel(await roots(CLEAN));
    expect(check).toEqual({ errors: [], unassigned: [] });
    expect(firstError(check)).toBeNull();
    expect(unassignedWarning(check.unassigned)).toBeNull();
  });

  it('every flow node needs a name: the unnamed gateway is refused with 节点名称不能为空, sequence flows are not', async () => {
    const check = checkModel(await roots(CLEAN.replace(' name="金额判断"', '')));
    expect(check.errors).toEqual([{ elementId: 'Gateway_1', message: MSG_NAME_REQUIRED }]);
    expect(MSG_NAME_REQUIRED).toBe('节点名称不能为空');
  });

  it('an unnamed user task without assignee is an error first and a warning too; blank names count as empty', async () => {
    const xml = CLEAN.replace('<bpmn:userTask id="Activity_2" name="复核" flowable:candidateGroups="2">', '<bpmn:userTask id="Activity_2" name="  ">')
      .replace('<bpmn:endEvent id="Event_end" name="结束">', '<bpmn:endEvent id="Event_end">');
    const check = checkModel(await roots(xml));
    expect(check.errors).toEqual([
      { elementId: 'Activity_2', message: '节点名称不能为空' },
      { elementId: 'Event_end', message: '节点名称不能为空' },
    ]);
    expect(firstError(check)).toEqual({ elementId: 'Activity_2', message: '节点名称不能为空' });
    expect(check.unassigned).toEqual([{ elementId: 'Activity_2', label: 'Activity_2' }]);
  });

  it('a user task nobody can receive is a warning naming it; assignee, candidates or an expression make it receivable', async () => {
    const check = checkModel(await roots(DESIGNER_XML.replace('<bpmn:exclusiveGateway id="Gateway_1">', '<bpmn:exclusiveGateway id="Gateway_1" name="判断">')));
    expect(check.errors).toEqual([]);
    expect(check.unassigned.map((t) => t.label)).toEqual(['审批', '复核']);
    expect(unassignedWarning(check.unassigned)).toBe('用户任务「审批」、「复核」没有设置审批人，任何人都无法办理，确定保存吗？');
    expect(unassignedWarning([{ elementId: 'a', label: 'X' }])).toBe('用户任务「X」没有设置审批人，任何人都无法办理，确定保存吗？');
    const task = (attrs: Record<string, string>): CheckedElement => ({ $type: 'bpmn:UserTask', id: 't', name: 'n', $attrs: attrs });
    expect(hasRecipient(task({}))).toBe(false);
    expect(hasRecipient(task({ 'flowable:assignee': ' ' }))).toBe(false);
    expect(hasRecipient(task({ 'flowable:assignee': '${INITIATOR}' }))).toBe(true);
    expect(hasRecipient(task({ 'flowable:candidateUsers': '1,2' }))).toBe(true);
    expect(hasRecipient(task({ 'flowable:candidateGroups': '#{approval}' }))).toBe(true);
    expect(hasRecipient(task({ 'flowable:userType': 'assignee', 'flowable:dataType': 'fixed' }))).toBe(false);
  });

  it('the process key and node ids are required (Id 不能为空); nodes inside a sub-process are checked', () => {
    const plain = (type: string, props: Partial<CheckedElement> = {}): CheckedElement => ({ $type: type, ...props });
    const process = plain('bpmn:Process', {
      id: ' ',
      flowElements: [
        plain('bpmn:StartEvent', { id: 'start_event', name: '开始' }),
        plain('bpmn:SequenceFlow', { id: 'f1' }),
        plain('bpmn:SubProcess', { id: 'sub', name: '子流程', flowElements: [plain('bpmn:ManualTask', { id: 'inner' }), plain('bpmn:Task', { id: '', name: 'x' })] }),
      ],
    });
    const check = checkModel([plain('bpmn:Collaboration'), process]);
    expect(check.errors).toEqual([
      { elementId: null, message: MSG_ID_REQUIRED },
      { elementId: 'inner', message: '节点名称不能为空' },
      { elementId: null, message: 'Id 不能为空' },
    ]);
    expect(checkModel(undefined)).toEqual({ errors: [], unassigned: [] });
  });

  it('a refused panel draft (流程标识 cleared) comes first, and clears', async () => {
    const check = checkModel(await roots(CLEAN));
    reportRefusedDraft('Process_ab12cd34:id', { elementId: null, message: 'Id 不能为空' });
    expect(firstError(check, refusedDrafts())).toEqual({ elementId: null, message: 'Id 不能为空' });
    reportRefusedDraft('Process_ab12cd34:id', null);
    expect(refusedDrafts()).toEqual([]);
    expect(firstError(check, refusedDrafts())).toBeNull();
  });
});
