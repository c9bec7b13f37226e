import { describe, expect, it } from 'vitest';
import {
  actorText, elementNames, errorText, MAX_STEPS_ERROR, parseJsonObject, receiverText, simulateRequest, simulationMarks, summaryText, taskNodeText,
  TASK_VARIABLES_ERROR, userTasksOf, VARIABLES_ERROR, type SimResult, type SimTask,
} from './simulate-view';

const form = (o: Partial<Parameters<typeof simulateRequest>[1]> = {}) => ({ variables: '', handlers: {}, taskVariables: {}, maxSteps: '', ...o });
const task = (o: Partial<SimTask>): SimTask => ({
  taskDefKey: 'a', name: '审批', assignee: null, assigneeName: null, candidateUsers: [], candidateGroups: [], candidateNames: [], actedBy: null, actedByName: null, calledProcessName: null, ...o,
});
const result = (o: Partial<SimResult> = {}): SimResult => ({ ended: false, steps: 0, limitReached: false, path: [], tasks: [], waiting: [], logs: [], ...o });

describe('流程模拟 form', () => {
  it('reads 流程变量 as a JSON object only', () => {
    expect(parseJsonObject('')).toEqual({});
    expect(parseJsonObject(' {"amount": 5000} ')).toEqual({ amount: 5000 });
    for (const bad of ['[1]', '3', '"x"', 'null', '{amount: 1}']) expect(parseJsonObject(bad)).toBeNull();
    expect(simulateRequest('<x/>', form({ variables: '[1]' }))).toEqual({ error: VARIABLES_ERROR });
    expect(VARIABLES_ERROR).toBe('流程变量必须是JSON对象');
  });

  it('builds the input: trimmed handlers without the defaults, node variables only when set, 最大步数 1..200', () => {
    expect(simulateRequest('<x/>', form({
      variables: '{"amount": 5000}', handlers: { a: ' 3 ', b: '' }, taskVariables: { a: '{"ok": true}', b: ' ' }, maxSteps: '20',
    }))).toEqual({ input: { xml: '<x/>', variables: { amount: 5000 }, handlers: { a: '3' }, taskVariables: { a: { ok: true } }, maxSteps: 20 } });
    expect(simulateRequest('<x/>', form())).toEqual({ input: { xml: '<x/>', variables: {}, handlers: {}, taskVariables: {} } });
    expect(simulateRequest('<x/>', form({ taskVariables: { a: '[]' } }))).toEqual({ error: TASK_VARIABLES_ERROR });
    for (const bad of ['0', '201', '1.5', 'x']) expect(simulateRequest('<x/>', form({ maxSteps: bad }))).toEqual({ error: MAX_STEPS_ERROR });
  });

  it('lists the user tasks of the model once each, named by label or id', () => {
    expect(userTasksOf([
      { id: 'start', type: 'bpmn:StartEvent' },
      { id: 'a', type: 'bpmn:UserTask', businessObject: { name: ' 审批 ' } },
      { id: 'b', type: 'bpmn:UserTask', businessObject: {} },
      { id: 'a', type: 'bpmn:UserTask', businessObject: { name: '审批' } },
      { id: 'svc', type: 'bpmn:ServiceTask', businessObject: { name: '服务' } },
    ])).toEqual([{ id: 'a', name: '审批' }, { id: 'b', name: 'b' }]);
    expect(elementNames([
      { id: 'a', businessObject: { name: ' 审批 ' } }, { id: 'a_label', businessObject: { name: '审批' } }, { id: 'f', businessObject: { name: '' } }, { id: 'g' },
    ])).toEqual({ a: '审批', a_label: '审批' });
  });
});

describe('流程模拟 answer', () => {
  it('summarises how the run ended', () => {
    expect(summaryText(result({ ended: true, steps: 2 }))).toBe('已结束，共办理 2 步');
    expect(summaryText(result({ steps: 1, waiting: [{ activityId: 'm', name: '经理审批' }, { activityId: 'm', name: '经理审批' }, { activityId: 't', name: '' }] }), { t: '等待' }))
      .toBe('停在 经理审批、等待，共办理 1 步');
    expect(summaryText(result({ steps: 3, limitReached: true, waiting: [{ activityId: 'r', name: '复核' }] }))).toBe('已达到最大步数，停在 复核，共办理 3 步');
    expect(summaryText(result({ error: { elementId: 'bad', message: 'x' } }), { bad: '坏节点' })).toBe('模拟出错（坏节点），共办理 0 步');
    expect(summaryText(result({ problems: [{ elementId: 'a', elementName: '', elementType: '', message: 'm' }] }))).toBe('模型校验未通过，共 1 个问题，未运行');
    expect(summaryText(result())).toBe('未结束，没有待办，共办理 0 步');
  });

  it('names receivers and handlers', () => {
    expect(receiverText(task({ assignee: '1', assigneeName: '若依' }))).toBe('若依');
    expect(receiverText(task({ assignee: '9' }))).toBe('9');
    expect(receiverText(task({ candidateUsers: ['3'], candidateGroups: ['2'], candidateNames: ['张三', '财务'] }))).toBe('候选: 张三、财务');
    expect(receiverText(task({}))).toBe('无');
    expect(actorText(task({ actedBy: '3', actedByName: '张三' }))).toBe('张三');
    expect(actorText(task({}))).toBe('未办理');
    expect(taskNodeText(task({ name: '会签', calledProcessName: '子流程' }))).toBe('会签（子流程）');
    expect(taskNodeText(task({ name: '', taskDefKey: 'k' }))).toBe('k');
  });

  it('names the failed element', () => {
    const r = result({ error: { elementId: 'bad', message: 'Unknown property used in expression: ${missing}' } });
    expect(errorText(r, { bad: '坏节点' })).toBe('坏节点 (bad): Unknown property used in expression: ${missing}');
    expect(errorText(result({ error: { message: '流程定义不存在' } }))).toBe('流程定义不存在');
    expect(errorText(result())).toBeNull();
  });

  it('marks the path, the failed element, the waits and who received each user task', () => {
    const marks = simulationMarks(result({
      path: ['start', 'f1', 'apply'], waiting: [{ activityId: 'apply', name: '申请' }], error: { elementId: 'bad', message: 'x' },
      tasks: [
        task({ taskDefKey: 'apply', assignee: '1', assigneeName: '若依', actedBy: '1', actedByName: '若依' }),
        task({ taskDefKey: 'mi', assignee: '2', assigneeName: '甲' }), task({ taskDefKey: 'apply', assignee: '5', calledProcessName: '子流程' }), task({ taskDefKey: 'mi', assignee: '3', assigneeName: '乙', actedBy: '3', actedByName: '乙' }),
      ],
    }));
    expect(marks).toEqual({
      path: ['start', 'f1', 'apply'], failed: 'bad', waiting: ['apply'],
      overlays: [{ elementId: 'apply', text: '接收: 若依\n办理: 若依' }, { elementId: 'mi', text: '接收: 甲；乙\n办理: 乙' }],
    });
    expect(simulationMarks(result()).failed).toBeNull();
  });
});
