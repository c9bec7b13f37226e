/**
 * Scenario tests: reject (comment 3), returnList + return (comment 2), revoke, stop (comment 6),
 * and what the flow record / diagram data show afterwards.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, lineXml, readCorpus, snapshot, names, completeByName } from './helpers';

const line = lineXml('p', [
  { id: 'a', name: '申请', assignee: '${INITIATOR}' },
  { id: 'b', name: '主管', assignee: '2' },
  { id: 'c', name: '经理', assignee: '3' },
]);

async function started() {
  const ctx = await makeEngine();
  const d = await ctx.engine.deploy({ xml: line });
  const s = await ctx.engine.start({ definitionId: d.definitionId, userId: '1' });
  return { ...ctx, s, id: s.instanceId };
}

const commentTypes = async (engine: Awaited<ReturnType<typeof makeEngine>>['engine'], id: string) =>
  (await engine.flowRecord(id)).flatMap((r) => r.comments.map((c) => `${r.taskName}:${c.type}`)).sort();

describe('reject (back one step)', () => {
  it('moves the current task back to the previous one; refused at the first task', async () => {
    const { engine, id } = await started();
    await expect(engine.reject({ taskId: (await engine.instanceTasks(id))[0].taskId, userId: '1' })).rejects.toThrow('当前节点为初始任务节点，不能驳回');
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '主管');
    const c = (await engine.instanceTasks(id))[0];
    await expect(engine.reject({ taskId: c.taskId, userId: '2' })).rejects.toThrow('当前用户不是该任务的办理人');
    await engine.reject({ taskId: c.taskId, userId: '3', comment: '材料不全' });
    expect(await snapshot(engine, id)).toEqual(['主管|2||']);
    expect(await commentTypes(engine, id)).toEqual(['经理:3']);
    expect((await engine.flowRecord(id))[1]).toMatchObject({ taskName: '经理', deleteReason: 'Change activity to b' });
    expect(await engine.nodeData(id)).toContainEqual({ key: 'b', completed: false });
    expect((await engine.nodeData(id)).find((n) => n.key === 'c')).toBeUndefined();
    await completeByName(engine, id, '主管');
    expect((await completeByName(engine, id, '经理')).ended).toBe(true);
  });

  it('after a parallel join, goes back to both branches', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    await completeByName(engine, instanceId, 'Receive Payment');
    await completeByName(engine, instanceId, 'Ship Order');
    await engine.reject({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: 'x' });
    expect(await names(engine, instanceId)).toEqual(['Receive Payment', 'Ship Order']);
    await completeByName(engine, instanceId, 'Ship Order');
    await completeByName(engine, instanceId, 'Receive Payment');
    expect(await names(engine, instanceId)).toEqual(['Archive Order']);
  });
});

describe('return (to a serial predecessor)', () => {
  it('lists serial predecessors and returns to one of them', async () => {
    const { engine, id } = await started();
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '主管');
    const c = (await engine.instanceTasks(id))[0];
    expect(await engine.returnList({ taskId: c.taskId })).toEqual([{ id: 'a', name: '申请' }, { id: 'b', name: '主管' }]);
    await engine.returnTo({ taskId: c.taskId, userId: '3', targetKey: 'a', comment: '重填' });
    expect(await snapshot(engine, id)).toEqual(['申请|1||']);
    expect(await commentTypes(engine, id)).toEqual(['经理:2']);
  });

  it('refuses a target that is neither serial nor passed', async () => {
    const { engine, id } = await started();
    await completeByName(engine, id, '申请');
    const b = (await engine.instanceTasks(id))[0];
    await expect(engine.returnTo({ taskId: b.taskId, userId: '2', targetKey: 'c' })).rejects.toThrow('当前节点相对于目标节点，不属于串行关系，无法回退');
    await expect(engine.returnTo({ taskId: b.taskId, userId: '2', targetKey: 'nope' })).rejects.toThrow('当前节点相对于目标节点，不属于串行关系，无法回退');
    expect(await snapshot(engine, id)).toEqual(['主管|2||']);
  });
});

describe('revoke', () => {
  it('the previous handler pulls the task back while the next one is untouched', async () => {
    const { engine, id } = await started();
    await completeByName(engine, id, '申请');
    await expect(engine.revoke({ instanceId: id, userId: '9' })).rejects.toThrow('该任务非当前用户提交，无法撤回');
    await engine.revoke({ instanceId: id, userId: '1' });
    expect(await snapshot(engine, id)).toEqual(['申请|1||']);
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '主管');
    await engine.revoke({ instanceId: id, userId: '2' });
    expect(await snapshot(engine, id)).toEqual(['主管|2||']);
  });

  it('is refused once the next task was touched, and on a finished instance', async () => {
    const { engine, id } = await started();
    await completeByName(engine, id, '申请');
    const b = (await engine.instanceTasks(id))[0];
    await engine.transfer({ taskId: b.taskId, userId: '2', assignee: '4', comment: '转' });
    await expect(engine.revoke({ instanceId: id, userId: '1' })).rejects.toThrow('下一节点已处理，无法撤回');
    await completeByName(engine, id, '主管');
    await completeByName(engine, id, '经理');
    await expect(engine.revoke({ instanceId: id, userId: '1' })).rejects.toThrow('流程未启动或已执行完成，无法撤回');
  });
});

describe('stop', () => {
  it('ends the instance at the end event with comment 6; only the initiator (or force)', async () => {
    const { engine, id } = await started();
    await completeByName(engine, id, '申请');
    await expect(engine.stop({ instanceId: id, userId: '2' })).rejects.toThrow('只有流程发起人才能取消申请');
    const r = await engine.stop({ instanceId: id, userId: '1', comment: '不需要了' });
    expect(r.ended).toBe(true);
    expect(await engine.getInstance(id)).toMatchObject({ state: 'stopped', endActivityId: 'end' });
    expect(await commentTypes(engine, id)).toEqual(['主管:6']);
    expect(await engine.instanceTasks(id)).toEqual([]);
    expect((await engine.nodeData(id)).at(-1)).toEqual({ key: 'end', completed: true });
    await expect(engine.stop({ instanceId: id, userId: '1' })).rejects.toThrow('流程未启动或已执行完成，取消申请失败');
    const { engine: e2, id: id2 } = await started();
    expect((await e2.stop({ instanceId: id2, userId: 'admin', force: true })).ended).toBe(true);
  });

  it('stops a multi-instance body and parallel branches', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: readCorpus('flowable-MultiInstanceTest.testParallelUserTasksCustomExtensions.bpmn20.xml') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { assigneeList: ['a', 'b'] } });
    await engine.stop({ instanceId, userId: '1' });
    expect((await engine.getInstance(instanceId)).state).toBe('stopped');
    expect((await engine.flowRecord(instanceId)).map((r) => r.deleteReason)).toEqual(['stop', 'stop']);
  });
});

describe('moves inside a parallel region', () => {
  it('returning within one branch keeps the other branch waiting at the join', async () => {
    const { engine } = await makeEngine();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t"><process id="par">
<startEvent id="s"/><parallelGateway id="fork"/><userTask id="a1" name="A1"/><userTask id="a2" name="A2"/><userTask id="b1" name="B1"/>
<parallelGateway id="join"/><userTask id="z" name="Z"/><endEvent id="e"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="fork"/><sequenceFlow id="f2" sourceRef="fork" targetRef="a1"/><sequenceFlow id="f3" sourceRef="a1" targetRef="a2"/>
<sequenceFlow id="f4" sourceRef="a2" targetRef="join"/><sequenceFlow id="f5" sourceRef="fork" targetRef="b1"/><sequenceFlow id="f6" sourceRef="b1" targetRef="join"/>
<sequenceFlow id="f7" sourceRef="join" targetRef="z"/><sequenceFlow id="f8" sourceRef="z" targetRef="e"/></process></definitions>`;
    const d = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    await completeByName(engine, instanceId, 'B1');
    await completeByName(engine, instanceId, 'A1');
    const a2 = (await engine.instanceTasks(instanceId))[0];
    expect(await engine.returnList({ taskId: a2.taskId })).toEqual([{ id: 'a1', name: 'A1' }]);
    await engine.returnTo({ taskId: a2.taskId, userId: 'u', targetKey: 'a1' });
    expect(await names(engine, instanceId)).toEqual(['A1']);
    await completeByName(engine, instanceId, 'A1');
    await completeByName(engine, instanceId, 'A2');
    expect(await names(engine, instanceId)).toEqual(['Z']);
    await engine.reject({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: 'u' });
    expect(await names(engine, instanceId)).toEqual(['A2', 'B1']);
  });
});
