/** The XML the panel writes deploys and runs on our engine (issue #6: "deploys on our engine"). */
import { describe, expect, it } from 'vitest';
import { makeEngine, snapshot, completeByName } from '../../../../../../tests/workflow/helpers';
import { workflowHandlers } from '../../../../../../server/modules/flowable/common/handlers';
import { load } from './test-kit';
import { writeDocumentation, writeName } from './general';
import { writeListeners } from './listeners';
import { writeCategory, writeSignals } from './process';
import { writeExpression, writePickedRoles, writeTaskAttr } from './user-task';
import { writeMultiInstance, SUGGESTED_COMPLETION } from './multi-instance';
import { writeCondition, writeDefaultFlow } from './flow';
import { TYPE_FIELDS, writeField } from './task-types';

async function designed() {
  const d = await load();
  writeCategory(d.ops, d.process, 'oa');
  writeDocumentation(d.ops, d.process, '报销流程');
  writeSignals(d.ops, d.definitions, [{ id: 'Signal_1', name: '信号', errorCode: '' }]);
  writeListeners(d.ops, d.process, 'execution', [{ event: 'end', type: 'class', value: 'com.ruoyi.flowable.listener.FlowEndListener', params: [] }]);
  writeField(d.ops, d.byId('start_event'), TYPE_FIELDS.startEvent[0], 'initiator');
  const a1 = d.byId('Activity_1');
  writeExpression(d.ops, a1, 'assignee', { id: 2, name: '审批流程指定接收人', expression: '${approval}' });
  writeTaskAttr(d.ops, a1, 'priority', '60');
  writeTaskAttr(d.ops, a1, 'dueDate', '2026-12-31T18:00:00');
  writeTaskAttr(d.ops, a1, 'formKey', '1');
  writeListeners(d.ops, a1, 'task', [{ event: 'create', type: 'class', value: 'com.ruoyi.flowable.listener.UserTaskListener', params: [{ name: 'p', type: 'stringValue', value: 'v' }] }]);
  writeListeners(d.ops, a1, 'execution', [{ event: 'start', type: 'class', value: 'com.ruoyi.flowable.listener.FlowExecutionListener', params: [] }]);
  const a2 = d.byId('Activity_2');
  writePickedRoles(d.ops, a2, [{ id: 2, name: '普通角色' }]);
  writeMultiInstance(d.ops, a2, { mode: 'parallel', loopCardinality: '', collection: 'reviewers', elementVariable: 'assignee', completionCondition: SUGGESTED_COMPLETION });
  writeName(d.ops, d.byId('Gateway_1'), '金额判断');
  writeCondition(d.ops, d.byId('Flow_4'), '${amount > 1000}');
  writeDefaultFlow(d.ops, d.byId('Gateway_1'), 'Flow_3');
  writeListeners(d.ops, d.byId('Flow_4'), 'execution', [{ event: 'take', type: 'class', value: 'com.ruoyi.flowable.listener.FlowExecutionListener', params: [] }]);
  return d;
}

describe('designer XML on the engine', () => {
  it('deploys and runs: dynamic ${approval}, condition, default flow, multi-instance', async () => {
    const d = await designed();
    const xml = await d.toXML();
    const { engine } = await makeEngine(workflowHandlers);
    const { definitionId } = await engine.deploy({ xml, name: '报销', category: 'oa' });
    const big = await engine.start({ definitionId, userId: '1', variables: { approval: '3', amount: 5000, reviewers: ['4', '5'] } });
    expect(await snapshot(engine, big.instanceId)).toEqual(['审批|3||']);
    await completeByName(engine, big.instanceId, '审批');
    expect(await snapshot(engine, big.instanceId)).toEqual(['复核|||2', '复核|||2']);
    const small = await engine.start({ definitionId, userId: '1', variables: { approval: '3', amount: 10, reviewers: [] } });
    await completeByName(engine, small.instanceId, '审批');
    expect(await engine.instanceTasks(small.instanceId)).toEqual([]);
  });

  it('a skip expression is refused at deploy naming the element', async () => {
    const d = await load();
    d.ops.update(d.byId('Flow_4'), { 'flowable:skipExpression': '${skip}' });
    const { engine } = await makeEngine(workflowHandlers);
    await expect(engine.deploy({ xml: await d.toXML(), name: 'x' })).rejects.toThrow(/Flow_4 \(bpmn:SequenceFlow\).*skipExpression/);
  });
});
