/**
 * Issue 16 moves: 退回 to any node already passed (not only serial predecessors), with parallel
 * joins restored so resubmission skips nothing and repeats nothing, and 撤回 by an approver of
 * their own latest task (the initiator's when they appear in several nodes), comment type 7.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, lineXml, readCorpus, snapshot, names, completeByName } from './helpers';

const XOR = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="xor">
<startEvent id="s"/><userTask id="a" name="申请" flowable:assignee="\${INITIATOR}"/><exclusiveGateway id="g"/>
<userTask id="b" name="财务" flowable:assignee="2"/><userTask id="c" name="法务" flowable:assignee="3"/><exclusiveGateway id="m"/>
<userTask id="d" name="总经理" flowable:assignee="4"/><endEvent id="e"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="a"/><sequenceFlow id="f2" sourceRef="a" targetRef="g"/>
<sequenceFlow id="f3" sourceRef="g" targetRef="b"><conditionExpression xsi:type="tFormalExpression">\${kind == 'money'}</conditionExpression></sequenceFlow>
<sequenceFlow id="f4" sourceRef="g" targetRef="c"><conditionExpression xsi:type="tFormalExpression">\${kind != 'money'}</conditionExpression></sequenceFlow>
<sequenceFlow id="f5" sourceRef="b" targetRef="m"/><sequenceFlow id="f6" sourceRef="c" targetRef="m"/>
<sequenceFlow id="f7" sourceRef="m" targetRef="d"/><sequenceFlow id="f8" sourceRef="d" targetRef="e"/>
</process></definitions>`;

/** start → 申请 → fork → (A1 → A2 | B1) → join → Z → end. */
const PAR = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t"><process id="par">
<startEvent id="s"/><userTask id="ap" name="申请" flowable:assignee="\${INITIATOR}"/><parallelGateway id="fork"/>
<userTask id="a1" name="A1" flowable:assignee="11"/><userTask id="a2" name="A2" flowable:assignee="12"/><userTask id="b1" name="B1" flowable:assignee="13"/>
<parallelGateway id="join"/><userTask id="z" name="Z" flowable:assignee="14"/><endEvent id="e"/>
<sequenceFlow id="f0" sourceRef="s" targetRef="ap"/><sequenceFlow id="f1" sourceRef="ap" targetRef="fork"/>
<sequenceFlow id="f2" sourceRef="fork" targetRef="a1"/><sequenceFlow id="f3" sourceRef="a1" targetRef="a2"/>
<sequenceFlow id="f4" sourceRef="a2" targetRef="join"/><sequenceFlow id="f5" sourceRef="fork" targetRef="b1"/><sequenceFlow id="f6" sourceRef="b1" targetRef="join"/>
<sequenceFlow id="f7" sourceRef="join" targetRef="z"/><sequenceFlow id="f8" sourceRef="z" targetRef="e"/></process></definitions>`;

type E = Awaited<ReturnType<typeof makeEngine>>['engine'];
const taskOf = async (engine: E, id: string, name: string) => (await engine.instanceTasks(id)).find((t) => t.name === name)!;
/** How many tasks named `name` the instance ever had (flow record rows). */
const ran = async (engine: E, id: string, name: string) => (await engine.flowRecord(id)).filter((r) => r.taskName === name).length;
const comments = async (engine: E, id: string) => (await engine.flowRecord(id)).flatMap((r) => r.comments.map((c) => `${r.taskName}:${c.type}:${c.message}`)).sort();

async function start(xml: string, variables?: Record<string, unknown>) {
  const ctx = await makeEngine();
  const d = await ctx.engine.deploy({ xml });
  const s = await ctx.engine.start({ definitionId: d.definitionId, userId: '1', variables });
  return { ...ctx, id: s.instanceId };
}

describe('退回 to any passed node', () => {
  it('offers the taken branch of an exclusive gateway, not the branch that did not run', async () => {
    const { engine, id } = await start(XOR, { kind: 'money' });
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '财务');
    const d = await taskOf(engine, id, '总经理');
    expect(await engine.returnList({ taskId: d.taskId })).toEqual([{ id: 'a', name: '申请' }, { id: 'b', name: '财务' }]);
    await expect(engine.returnTo({ taskId: d.taskId, userId: '4', targetKey: 'c' })).rejects.toThrow('当前节点相对于目标节点，不属于串行关系，无法回退');
    await engine.returnTo({ taskId: d.taskId, userId: '4', targetKey: 'b', comment: '金额有误' });
    expect(await snapshot(engine, id)).toEqual(['财务|2||']);
    expect(await comments(engine, id)).toEqual(['总经理:2:金额有误']);
    await completeByName(engine, id, '财务');
    expect(await names(engine, id)).toEqual(['总经理']);
    expect((await completeByName(engine, id, '总经理')).ended).toBe(true);
  });

  it('into a joined parallel branch: the other branch counts as arrived; resubmission repeats nothing', async () => {
    const { engine, id } = await start(PAR);
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, 'B1');
    await completeByName(engine, id, 'A1');
    await completeByName(engine, id, 'A2');
    const z = await taskOf(engine, id, 'Z');
    expect((await engine.returnList({ taskId: z.taskId })).map((n) => n.id)).toEqual(['ap', 'a1', 'b1', 'a2']);
    await engine.returnTo({ taskId: z.taskId, userId: '14', targetKey: 'a1', comment: '重做' });
    expect(await names(engine, id)).toEqual(['A1']);
    await completeByName(engine, id, 'A1');
    await completeByName(engine, id, 'A2');
    expect(await names(engine, id)).toEqual(['Z']);
    expect(await ran(engine, id, 'B1')).toBe(1);
    expect(await ran(engine, id, 'A1')).toBe(2);
    expect((await completeByName(engine, id, 'Z')).ended).toBe(true);
  });

  it('before the fork: both branches are cancelled and forked again', async () => {
    const { engine, id } = await start(PAR);
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, 'A1');
    const a2 = await taskOf(engine, id, 'A2');
    await engine.returnTo({ taskId: a2.taskId, userId: '12', targetKey: 'ap' });
    expect(await snapshot(engine, id)).toEqual(['申请|1||']);
    await completeByName(engine, id, '申请');
    expect(await names(engine, id)).toEqual(['A1', 'B1']);
    for (const n of ['A1', 'A2', 'B1']) await completeByName(engine, id, n);
    expect(await names(engine, id)).toEqual(['Z']);
  });

  it('after a parallel join in the corpus model, to either branch', async () => {
    const { engine, id } = await start(readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml'));
    await completeByName(engine, id, 'Receive Payment');
    await completeByName(engine, id, 'Ship Order');
    const t = (await engine.instanceTasks(id))[0];
    expect((await engine.returnList({ taskId: t.taskId })).map((n) => n.name).sort()).toEqual(['Receive Payment', 'Ship Order']);
    await engine.returnTo({ taskId: t.taskId, userId: 'x', targetKey: 'receivePayment' });
    expect(await names(engine, id)).toEqual(['Receive Payment']);
    await completeByName(engine, id, 'Receive Payment');
    expect(await names(engine, id)).toEqual(['Archive Order']);
  });

  it('to the initiator: resubmission goes through every later node once', async () => {
    const { engine, id } = await start(lineXml('p', [
      { id: 'a', name: '申请', assignee: '${INITIATOR}' }, { id: 'b', name: '主管', assignee: '2' }, { id: 'c', name: '经理', assignee: '3' },
    ]));
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '主管');
    await engine.returnTo({ taskId: (await taskOf(engine, id, '经理')).taskId, userId: '3', targetKey: 'a' });
    await completeByName(engine, id, '申请');
    expect(await snapshot(engine, id)).toEqual(['主管|2||']);
    await completeByName(engine, id, '主管');
    expect(await snapshot(engine, id)).toEqual(['经理|3||']);
  });
});

describe('撤回 by an approver', () => {
  const twice = lineXml('p', [
    { id: 'a', name: '申请', assignee: '${INITIATOR}' }, { id: 'b', name: '主管', assignee: '2' },
    { id: 'c', name: '确认', assignee: '${INITIATOR}' }, { id: 'd', name: '经理', assignee: '3' },
  ]);

  it('the initiator appearing in two nodes lands on their latest one', async () => {
    const { engine, id } = await start(twice);
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '主管');
    await completeByName(engine, id, '确认');
    await engine.revoke({ instanceId: id, userId: '1', comment: '再看看' });
    expect(await snapshot(engine, id)).toEqual(['确认|1||']);
    expect(await comments(engine, id)).toEqual(['经理:7:再看看']);
    expect((await engine.flowRecord(id)).find((r) => r.taskName === '经理')?.deleteReason).toBe('Change activity to c');
    await completeByName(engine, id, '确认');
    expect(await snapshot(engine, id)).toEqual(['经理|3||']);
  });

  it('an approver withdraws their own approval; refused once the next handler acted or to others', async () => {
    const { engine, id } = await start(twice);
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, '主管');
    await expect(engine.revoke({ instanceId: id, userId: '9' })).rejects.toThrow('该任务非当前用户提交，无法撤回');
    await engine.revoke({ instanceId: id, userId: '2' });
    expect(await snapshot(engine, id)).toEqual(['主管|2||']);
    expect(await comments(engine, id)).toEqual(['确认:7:撤回']);
    await completeByName(engine, id, '主管');
    await completeByName(engine, id, '确认');
    // The initiator's 确认 is the latest; 主管 can no longer withdraw: 确认 was handled after it.
    await expect(engine.revoke({ instanceId: id, userId: '2' })).rejects.toThrow('下一节点已处理，无法撤回');
    expect(await snapshot(engine, id)).toEqual(['经理|3||']);
  });

  it('in a parallel branch: the other branch stays; a token waiting at the join comes back too', async () => {
    const { engine, id } = await start(PAR);
    await completeByName(engine, id, '申请');
    await completeByName(engine, id, 'A1');
    await engine.revoke({ instanceId: id, userId: '11' });
    expect(await names(engine, id)).toEqual(['A1', 'B1']);
    await completeByName(engine, id, 'A1');
    await completeByName(engine, id, 'B1'); // B waits at the join; Z not yet created
    await engine.revoke({ instanceId: id, userId: '13' });
    expect(await names(engine, id)).toEqual(['A2', 'B1']);
    await completeByName(engine, id, 'B1');
    await completeByName(engine, id, 'A2');
    expect(await names(engine, id)).toEqual(['Z']);
    expect(await ran(engine, id, 'Z')).toBe(1);
  });

  it('a vote in a running parallel countersign: the voter gets the task back, the vote no longer counts', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: readCorpus('flowable-MultiInstanceTest.testParallelUserTasksCustomExtensions.bpmn20.xml') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { assigneeList: ['a', 'b'] } });
    const byA = async () => (await engine.instanceTasks(instanceId)).find((x) => x.assignee === 'a');
    await engine.complete({ taskId: (await byA())!.taskId, userId: 'a' });
    expect(await byA()).toBeUndefined();
    await engine.revoke({ instanceId, userId: 'a', comment: '再想想' });
    expect((await engine.instanceTasks(instanceId)).map((x) => x.assignee).sort()).toEqual(['a', 'b']);
    expect(await comments(engine, instanceId)).toContain('My Task 0:7:再想想');
    await engine.complete({ taskId: (await engine.instanceTasks(instanceId)).find((x) => x.assignee === 'b')!.taskId, userId: 'b' });
    expect((await engine.instanceTasks(instanceId)).map((x) => x.assignee)).toEqual(['a']); // a's withdrawn vote is still owed
    await engine.complete({ taskId: (await byA())!.taskId, userId: 'a' });
    expect((await engine.getInstance(instanceId)).endTime).not.toBeNull();
  });

  it('a vote in a sequential countersign while the next approver has not acted; not once they have', async () => {
    const { engine } = await makeEngine();
    const xml = lineXml('seq', [{ id: 'v', name: '会签', assignee: '${u}', extra: '><multiInstanceLoopCharacteristics isSequential="true" flowable:collection="${users}" flowable:elementVariable="u"/></userTask' }])
      .replace('</userTask/>', '</userTask>');
    const d = await engine.deploy({ xml });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { users: ['a', 'b', 'c'] } });
    const current = async () => (await engine.instanceTasks(instanceId)).map((x) => x.assignee);
    await completeByName(engine, instanceId, '会签', undefined, 'a');
    expect(await current()).toEqual(['b']);
    await engine.revoke({ instanceId, userId: 'a' });
    expect(await current()).toEqual(['a']);
    expect(await comments(engine, instanceId)).toContain('会签:7:撤回');
    await completeByName(engine, instanceId, '会签', undefined, 'a');
    await completeByName(engine, instanceId, '会签', undefined, 'b');
    await expect(engine.revoke({ instanceId, userId: 'a' })).rejects.toThrow('下一节点已处理，无法撤回');
    const c = (await engine.instanceTasks(instanceId))[0];
    await engine.delegate({ taskId: c.taskId, userId: 'c', assignee: 'd' }); // c acted
    await expect(engine.revoke({ instanceId, userId: 'b' })).rejects.toThrow('下一节点已处理，无法撤回');
    expect(await current()).toEqual(['d']);
    await engine.resolve({ taskId: c.taskId, userId: 'd' });
    await completeByName(engine, instanceId, '会签', undefined, 'c');
    expect((await engine.getInstance(instanceId)).endTime).not.toBeNull();
  });
});
