/**
 * Queries the REST layer needs: to-do / finished / my processes (name, date range, paging),
 * flow record, diagram node data, variables, next-node probes.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, lineXml, readCorpus, approvalXml, completeByName } from './helpers';
import { formatDate } from '../../shared/utils/date';

describe('task lists', () => {
  it('filter by name and date range, page, newest first', async () => {
    const { engine, clock } = await makeEngine();
    const leave = await engine.deploy({ xml: lineXml('leave', [{ id: 'a', name: '请假审批', candidateGroups: '2' }], { name: '请假流程' }) });
    const buy = await engine.deploy({ xml: lineXml('buy', [{ id: 'a', name: '采购审批', assignee: '7' }], { name: '采购流程' }) });
    const started: string[] = [];
    for (let i = 0; i < 5; i++) {
      started.push((await engine.start({ definitionId: leave.definitionId, userId: '7' })).instanceId);
      clock.advance(86_400_000);
    }
    await engine.start({ definitionId: buy.definitionId, userId: '7' });
    const all = await engine.todoList({ userId: '7', groupIds: ['2'], pageSize: 2 });
    expect(all.total).toBe(6);
    expect(all.rows.map((r) => r.taskName)).toEqual(['采购审批', '请假审批']);
    expect((await engine.todoList({ userId: '7', groupIds: ['2'], name: '请假' })).total).toBe(5);
    expect((await engine.todoList({ userId: '7', groupIds: ['2'], pageNum: 4, pageSize: 2 })).rows).toEqual([]);
    const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');
    const t0 = Date.UTC(2026, 0, 5, 1, 0, 0);
    const t1 = t0 + 86_400_000;
    const ranged = await engine.myProcessList({ userId: '7', beginTime: day(t1), endTime: day(t1 + 86_400_000) });
    expect(ranged.total).toBe(2);
    expect((await engine.myProcessList({ userId: '7', name: '采购' })).rows[0]).toMatchObject({ procDefName: '采购流程', taskName: '采购审批', assigneeId: '7', finishTime: null });
    expect((await engine.myProcessList({ userId: '8' })).total).toBe(0);
    const t = (await engine.todoList({ userId: '9', groupIds: ['2'], pageSize: 1 })).rows[0];
    expect(t).toMatchObject({ procDefKey: 'leave', procDefVersion: 1, startUserId: '7', deployId: leave.deploymentId });
    expect(t.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await engine.complete({ taskId: t.taskId, userId: '9', groupIds: ['2'] });
    expect((await engine.finishedList({ userId: '9' })).rows[0]).toMatchObject({ taskName: '请假审批', instanceEnded: true });
    expect((await engine.myProcessList({ userId: '7', name: '请假' })).rows.find((r) => r.finishTime !== null)).toMatchObject({ state: 'completed', taskName: '请假审批' });
    expect(started).toHaveLength(5);
  });
});

describe('views', () => {
  it('node data marks finished and active activities; variables include task-local ones', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: approvalXml });
    const { instanceId, tasks } = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { amount: 5000 } });
    expect(await engine.nodeData(instanceId)).toEqual([
      { key: 'start', completed: true }, { key: 'f1', completed: true }, { key: 'approve', completed: false },
    ]);
    await engine.complete({ taskId: tasks[0].taskId, userId: '1', localVariables: { note: 'x' } });
    const keys = (await engine.nodeData(instanceId)).map((n) => `${n.key}:${n.completed}`);
    expect(keys).toEqual(['start:true', 'f1:true', 'approve:true', 'f2:true', 'xor:true', 'f3:true', 'review:false']);
    const review = (await engine.instanceTasks(instanceId))[0];
    expect(await engine.variables({ taskId: review.taskId })).toEqual({ amount: 5000, INITIATOR: '1' });
    expect(await engine.getTask(review.taskId)).toMatchObject({ candidateGroups: ['2'], finished: false, procDefId: d.definitionId });
    expect(await engine.getTask(tasks[0].taskId)).toMatchObject({ finished: true, assignee: '1' });
  });

  it('next-node probes follow the reference rules', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: approvalXml });
    expect(await engine.nextFlowNodeByStart({ deploymentId: d.deploymentId, variables: {} })).toMatchObject({ vars: 'approval', nodes: [{ id: 'approve' }] });
    const s = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { amount: 10 } });
    expect(await engine.nextFlowNode({ taskId: s.tasks[0].taskId })).toBeNull();
    expect(await engine.nextFlowNode({ taskId: s.tasks[0].taskId, variables: { amount: 2000 } })).toMatchObject({ nodes: [{ id: 'review', name: '复核' }] });
    const mi = await engine.deploy({ xml: readCorpus('flowable-MultiInstanceTest.testExecutionListener.bpmn20.xml').replace(/<extensionElements>[\s\S]*?<\/extensionElements>/, '') });
    expect(await engine.nextFlowNodeByStart({ definitionId: mi.definitionId })).toMatchObject({ type: 'multiInstance', dataType: 'dynamic', vars: 'countersignAssigneeList' });
    const end = await engine.deploy({ xml: lineXml('empty', []) });
    await expect(engine.nextFlowNodeByStart({ definitionId: end.definitionId })).rejects.toThrow('暂未查找到下一任务,请检查流程设计是否正确!');
    await expect(engine.nextFlowNode({ taskId: 'nope' })).rejects.toThrow('任务不存在或已被审批!');
  });

  it('flow record lists tasks newest first with candidates, comments and durations', async () => {
    const { engine, clock } = await makeEngine();
    const d = await engine.deploy({ xml: readCorpus('tony2y-seed-flow_a9z4w99d.bpmn') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    clock.advance(3_723_000);
    await completeByName(engine, instanceId, '行政', { approval: '3' }, '2');
    const rec = await engine.flowRecord(instanceId);
    expect(rec.map((r) => r.taskName)).toEqual(['老板', '行政']);
    expect(rec[1]).toMatchObject({ assigneeId: '2', candidateUsers: ['1', '2'], duration: '1小时2分钟' });
    expect(rec[0]).toMatchObject({ candidateGroups: ['3'], finishTime: null, duration: null });
  });
});
