/**
 * Instance views over the issue 13 elements (part D): the next-node probe through / into / out of
 * sub-processes and its stops, diagram node data for sub-processes, call activities, service tasks,
 * catch events and fired boundary events, the flow record with a called instance's tasks, the task
 * lists' process names and "my process" rows, and who reads a called instance.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine } from './helpers';
import { boundaryTimerXml, catchTimerXml } from './event-models';
import { flow, proc } from './scopes-helpers';

const probeXml = proc('probe', `<startEvent id="s"/>
  <userTask id="a" name="A" flowable:assignee="u1"/>
  <boundaryEvent id="late" attachedToRef="a"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
  <userTask id="lateTask" name="超时"/><endEvent id="le"/>
  <subProcess id="sub" name="子">
    <startEvent id="s2"/>
    <userTask id="inner" name="内" flowable:assignee="u2" flowable:dataType="dynamic" flowable:userType="candidateUsers"/>
    <serviceTask id="svc" flowable:class="svc"/><intermediateThrowEvent id="thr"/><task id="pt"/><endEvent id="e2"/>
    ${flow('g1', 's2', 'inner')}${flow('g2', 'inner', 'svc')}${flow('g3', 'svc', 'thr')}${flow('g4', 'thr', 'pt')}${flow('g5', 'pt', 'e2')}
  </subProcess>
  <inclusiveGateway id="ig"/>
  <userTask id="b" name="B" flowable:assignee="\${approval}" flowable:dataType="dynamic" flowable:userType="assignee"/>
  <userTask id="c" name="C" flowable:candidateGroups="2" flowable:dataType="fixed" flowable:userType="candidateGroups"/>
  <endEvent id="e"/>
  <subProcess id="esp" triggeredByEvent="true"><startEvent id="es"><messageEventDefinition messageRef="m1"/></startEvent>
    <userTask id="espTask"/><endEvent id="ee"/>${flow('h1', 'es', 'espTask')}${flow('h2', 'espTask', 'ee')}</subProcess>
  ${flow('f1', 's', 'a')}${flow('f2', 'a', 'sub')}${flow('f3', 'sub', 'ig')}
  ${flow('f4', 'ig', 'b', '${x == 1 || both}')}${flow('f5', 'ig', 'c', '${x == 2 || both}')}
  ${flow('f6', 'b', 'e')}${flow('f7', 'c', 'e')}${flow('f8', 'late', 'lateTask')}${flow('f9', 'lateTask', 'le')}`, '<message id="m1" name="M1"/>');

/** start → a → <stop> → b → end, where <stop> is a catch event, a receive task or a call activity. */
const stopXml = (key: string, stop: string) => proc(key, `<startEvent id="s"/><userTask id="a" flowable:assignee="u1"/>${stop}
  <userTask id="b" flowable:assignee="u2"/><endEvent id="e"/>${flow('f1', 's', 'a')}${flow('f2', 'a', 'x')}${flow('f3', 'x', 'b')}${flow('f4', 'b', 'e')}`);

const childXml = proc('child', `<startEvent id="cs"/><userTask id="ct" name="子任务" flowable:assignee="u4"/><endEvent id="ce"/>${flow('c1', 'cs', 'ct')}${flow('c2', 'ct', 'ce')}`);

/** start → a (u1) → sub[ s2 → inner (u2) → svc → e2 ] → call (child: ct u4) → after (u3) → end. */
const parentXml = proc('spv', `<startEvent id="s"/><userTask id="a" name="A" flowable:assignee="u1"/>
  <subProcess id="sub" name="子"><startEvent id="s2"/><userTask id="inner" name="内" flowable:assignee="u2"/><serviceTask id="svc" flowable:class="svc"/><endEvent id="e2"/>
    ${flow('g1', 's2', 'inner')}${flow('g2', 'inner', 'svc')}${flow('g3', 'svc', 'e2')}</subProcess>
  <callActivity id="call" calledElement="child"/>
  <userTask id="after" name="后" flowable:assignee="u3"/><endEvent id="e"/>
  ${flow('f1', 's', 'a')}${flow('f2', 'a', 'sub')}${flow('f3', 'sub', 'call')}${flow('f4', 'call', 'after')}${flow('f5', 'after', 'e')}`);

type Eng = Awaited<ReturnType<typeof makeEngine>>['engine'];
const taskOf = async (engine: Eng, instanceId: string, key: string) => {
  const t = (await engine.instanceTasks(instanceId)).find((x) => x.taskDefKey === key);
  if (!t) throw new Error(`no task ${key}`);
  return t;
};
const finish = async (engine: Eng, instanceId: string, key: string, variables?: Record<string, unknown>) => {
  const t = await taskOf(engine, instanceId, key);
  return await engine.complete({ taskId: t.taskId, userId: t.assignee ?? 'admin', variables });
};
const nd = async (engine: Eng, instanceId: string) => Object.fromEntries((await engine.nodeData(instanceId)).map((n) => [n.key, n.completed]));

async function parentRun() {
  const ctx = await makeEngine({ services: { svc: () => 1 } });
  await ctx.engine.deploy({ xml: childXml });
  const d = await ctx.engine.deploy({ xml: parentXml });
  const { instanceId } = await ctx.engine.start({ definitionId: d.definitionId, userId: '9' });
  return { ...ctx, instanceId, deploymentId: d.deploymentId };
}

describe('next-node probe over the issue 13 elements', () => {
  it('walks into a sub-process, through service task / throw event / plain task, out through its end, inclusive conditions like exclusive', async () => {
    const { engine } = await makeEngine({ services: { svc: () => 1 } });
    const d = await engine.deploy({ xml: probeXml });
    // The boundary timer's path and the event sub-process are not "next".
    expect(await engine.nextFlowNodeByStart({ deploymentId: d.deploymentId })).toMatchObject({ nodes: [{ id: 'a' }] });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '9', variables: { x: 0, both: false } });
    expect(await engine.nextFlowNode({ taskId: (await taskOf(engine, instanceId, 'a')).taskId }))
      .toEqual({ type: 'candidateUsers', dataType: 'dynamic', vars: 'approval', nodes: [{ id: 'inner', name: '内' }] });
    await finish(engine, instanceId, 'a');
    const inner = (await taskOf(engine, instanceId, 'inner')).taskId;
    // x = 0: no inclusive branch holds → no user task (RuoYi: 流程已完结!).
    expect(await engine.nextFlowNode({ taskId: inner })).toBeNull();
    expect(await engine.nextFlowNode({ taskId: inner, variables: { x: 1 } })).toEqual({ type: 'assignee', dataType: 'dynamic', vars: 'approval', nodes: [{ id: 'b', name: 'B' }] });
    expect(await engine.nextFlowNode({ taskId: inner, variables: { x: 2 } })).toMatchObject({ type: 'candidateGroups', dataType: 'fixed', nodes: [{ id: 'c' }] });
    expect((await engine.nextFlowNode({ taskId: inner, variables: { both: true } }))!.nodes.map((n) => n.id)).toEqual(['b', 'c']);
    // The probe agrees with the run: x = 1 leads to b.
    await finish(engine, instanceId, 'inner', { x: 1, approval: 'u5' });
    expect((await engine.instanceTasks(instanceId)).map((t) => [t.taskDefKey, t.assignee])).toEqual([['b', 'u5']]);
  });

  it('stops at a catch event, a receive task and a call activity (no user task to pick)', async () => {
    const { engine } = await makeEngine();
    await engine.deploy({ xml: childXml });
    const stops = {
      catchEv: '<intermediateCatchEvent id="x"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>',
      receive: '<receiveTask id="x"/>',
      caller: '<callActivity id="x" calledElement="child"/>',
    };
    for (const [key, stop] of Object.entries(stops)) {
      const d = await engine.deploy({ xml: stopXml(key, stop) });
      const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '9' });
      expect(await engine.nextFlowNode({ taskId: (await taskOf(engine, instanceId, 'a')).taskId }), key).toBeNull();
    }
    // A pass-through element in the same place is walked through.
    const d = await engine.deploy({ xml: stopXml('plain', '<manualTask id="x"/>') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '9' });
    expect(await engine.nextFlowNode({ taskId: (await taskOf(engine, instanceId, 'a')).taskId })).toMatchObject({ nodes: [{ id: 'b' }] });
  });

  it('leaves nested sub-processes outward when the inner path ends', async () => {
    const { engine } = await makeEngine();
    const d = await engine.deploy({ xml: proc('nested', `<startEvent id="s"/>
      <subProcess id="outer"><startEvent id="os"/>
        <subProcess id="inn"><startEvent id="is"/><userTask id="deep" flowable:assignee="u1"/><endEvent id="ie"/>${flow('i1', 'is', 'deep')}${flow('i2', 'deep', 'ie')}</subProcess>
        <endEvent id="oe"/>${flow('o1', 'os', 'inn')}${flow('o2', 'inn', 'oe')}</subProcess>
      <userTask id="next" flowable:assignee="u2"/><endEvent id="e"/>${flow('f1', 's', 'outer')}${flow('f2', 'outer', 'next')}${flow('f3', 'next', 'e')}`) });
    expect(await engine.nextFlowNodeByStart({ definitionId: d.definitionId })).toMatchObject({ nodes: [{ id: 'deep' }] });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '9' });
    expect(await engine.nextFlowNode({ taskId: (await taskOf(engine, instanceId, 'deep')).taskId })).toMatchObject({ nodes: [{ id: 'next' }] });
  });
});

describe('diagram node data', () => {
  it('sub-process, inner flows, service task, call activity: active ones false; the child instance has its own', async () => {
    const { engine, instanceId } = await parentRun();
    expect(await nd(engine, instanceId)).toEqual({ s: true, f1: true, a: false });
    await finish(engine, instanceId, 'a');
    expect(await nd(engine, instanceId)).toMatchObject({ a: true, f2: true, sub: false, s2: true, g1: true, inner: false });
    await finish(engine, instanceId, 'inner');
    const parent = await nd(engine, instanceId);
    expect(parent).toMatchObject({ sub: true, inner: true, g2: true, svc: true, g3: true, e2: true, f3: true, call: false });
    expect(parent).not.toHaveProperty('ct');
    const [child] = await engine.childInstances(instanceId);
    expect(await nd(engine, child.instanceId)).toEqual({ cs: true, c1: true, ct: false });
    await finish(engine, child.instanceId, 'ct');
    expect(await nd(engine, child.instanceId)).toMatchObject({ ct: true, c2: true, ce: true });
    expect(await nd(engine, instanceId)).toMatchObject({ call: true, f4: true, after: false });
  });

  it('fired boundary events and catch events', async () => {
    const { engine, clock } = await makeEngine();
    const d = await engine.deploy({ xml: boundaryTimerXml() });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '9' });
    expect(await nd(engine, instanceId)).toEqual({ start: true, f1: true, approve: false });
    clock.advance(31 * 60_000);
    await engine.fireDueTimers({ now: clock.now(), owner: 't' });
    expect(await nd(engine, instanceId)).toMatchObject({ approve: false, remindTimer: true, f5: true, remind: false });
    clock.advance(30 * 60_000);
    await engine.fireDueTimers({ now: clock.now(), owner: 't' });
    const after = await nd(engine, instanceId);
    expect(after).toMatchObject({ escalateTimer: true, f3: true, escalate: false, remindTimer: true });
    expect(after).not.toHaveProperty('approve'); // cancelled by the interrupting boundary

    const c = await engine.deploy({ xml: catchTimerXml() });
    const run = await engine.start({ definitionId: c.definitionId, userId: '9' });
    expect(await nd(engine, run.instanceId)).toEqual({ start: true, f1: true, wait: false });
    clock.advance(11 * 60_000);
    await engine.fireDueTimers({ now: clock.now(), owner: 't' });
    expect(await nd(engine, run.instanceId)).toMatchObject({ wait: true, f2: true, after: false });
  });
});

describe('flow record, task lists, readers with a called instance', () => {
  it("the caller's record lists the sub-process task like others and the called instance's tasks marked as such", async () => {
    const { engine, instanceId, clock } = await parentRun();
    await finish(engine, instanceId, 'a');
    clock.advance(1000);
    await finish(engine, instanceId, 'inner');
    clock.advance(1000);
    const [child] = await engine.childInstances(instanceId);
    const rec = await engine.flowRecord(instanceId);
    expect(rec.map((r) => r.taskDefKey)).toEqual(['ct', 'inner', 'a']);
    expect(rec[0]).toMatchObject({ taskName: '子任务', assigneeId: 'u4', finishTime: null, instanceId: child.instanceId, calledInstanceId: child.instanceId,
      calledProcessName: 'child', calledProcessKey: 'child', callActivityId: 'call' });
    expect(rec[0].calledDeployId).toBeTruthy();
    for (const own of rec.slice(1)) expect(own).toMatchObject({ instanceId, calledInstanceId: null, calledProcessName: null, callActivityId: null });
    expect(rec[1]).toMatchObject({ taskName: '内', assigneeId: 'u2' });
    // The child's own record holds only its tasks.
    expect((await engine.flowRecord(child.instanceId)).map((r) => [r.taskDefKey, r.calledInstanceId])).toEqual([['ct', null]]);
    await engine.complete({ taskId: (await taskOf(engine, child.instanceId, 'ct')).taskId, userId: 'u4', comment: '子流程同意' });
    const after = await engine.flowRecord(instanceId);
    expect(after.find((r) => r.taskDefKey === 'ct')).toMatchObject({ comment: { type: '1', comment: '子流程同意' }, calledProcessName: 'child' });
    expect(after[0].taskDefKey).toBe('after');
  });

  it('to-do / finished rows name the right process; my process lists the caller only, its current task from the child', async () => {
    const { engine, instanceId } = await parentRun();
    await finish(engine, instanceId, 'a');
    expect((await engine.todoList({ userId: 'u2' })).rows).toMatchObject([{ taskDefKey: 'inner', procDefName: 'spv', procInsId: instanceId, superProcInsId: null }]);
    await finish(engine, instanceId, 'inner');
    const [child] = await engine.childInstances(instanceId);
    expect((await engine.todoList({ userId: 'u4' })).rows).toMatchObject([{ taskDefKey: 'ct', procDefName: 'child', procInsId: child.instanceId, superProcInsId: instanceId, startUserId: '9' }]);
    expect((await engine.finishedList({ userId: 'u2' })).rows).toMatchObject([{ taskDefKey: 'inner', procDefName: 'spv', procInsId: instanceId }]);
    const mine = await engine.myProcessList({ userId: '9' });
    expect(mine.total).toBe(1);
    expect(mine.rows).toMatchObject([{ procInsId: instanceId, procDefName: 'spv', taskName: '子任务', assigneeId: 'u4', taskProcInsId: child.instanceId, taskProcDefName: 'child' }]);
    await finish(engine, child.instanceId, 'ct');
    expect((await engine.finishedList({ userId: 'u4' })).rows).toMatchObject([{ taskDefKey: 'ct', procDefName: 'child', superProcInsId: instanceId }]);
    expect((await engine.myProcessList({ userId: '9' })).rows).toMatchObject([{ procInsId: instanceId, taskName: '后', taskProcInsId: null, taskProcDefName: null }]);
    await finish(engine, instanceId, 'after');
    expect((await engine.myProcessList({ userId: '9' })).rows).toMatchObject([{ procInsId: instanceId, taskName: '后', finishTime: expect.any(String) }]);
  });

  it("readers: the child's task holder reads the child only; the caller's participants and initiator read the child", async () => {
    const { engine, instanceId } = await parentRun();
    await finish(engine, instanceId, 'a');
    await finish(engine, instanceId, 'inner');
    const [child] = await engine.childInstances(instanceId);
    const reads = async (userId: string, id: string) => engine.isParticipant({ instanceId: id, userId, groupIds: [] });
    expect(await reads('u4', child.instanceId)).toBe(true);
    expect(await reads('u4', instanceId)).toBe(false);
    expect(await reads('9', child.instanceId)).toBe(true);
    expect(await reads('u1', child.instanceId)).toBe(true);
    expect(await reads('u2', child.instanceId)).toBe(true);
    expect(await reads('nobody', child.instanceId)).toBe(false);
    expect(await reads('nobody', instanceId)).toBe(false);
  });
});

describe('next-node probe: variables of the enclosing sub-process scope', () => {
  it("a condition after the sub-process sees the scope's local variable (the run agrees)", async () => {
    const { engine, store } = await makeEngine({ listeners: { 'test.SetLocal': (ctx) => ctx.execution.setVariableLocal('route', 2) } });
    const d = await engine.deploy({ xml: proc('scoped', `<startEvent id="s"/>
      <subProcess id="sub"><extensionElements><flowable:executionListener event="start" class="test.SetLocal"/></extensionElements>
        <startEvent id="s2"/><userTask id="inner" flowable:assignee="u1"/>
        <exclusiveGateway id="x" default="d1"/><userTask id="two" flowable:assignee="u2"/><endEvent id="e2"/>
        ${flow('g1', 's2', 'inner')}${flow('g2', 'inner', 'x')}${flow('g3', 'x', 'two', '${route == 2}')}${flow('d1', 'x', 'e2')}${flow('g4', 'two', 'e2')}</subProcess>
      <endEvent id="e"/>${flow('f1', 's', 'sub')}${flow('f2', 'sub', 'e')}`) });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '9' });
    expect(await store.all("SELECT name FROM wf_variable WHERE instance_id = ? AND scope_id <> ''", [instanceId])).toEqual([{ name: 'route' }]);
    expect(await engine.variables({ instanceId })).not.toHaveProperty('route');
    expect(await engine.nextFlowNode({ taskId: (await taskOf(engine, instanceId, 'inner')).taskId })).toMatchObject({ nodes: [{ id: 'two' }] });
    expect(await engine.nextFlowNode({ taskId: (await taskOf(engine, instanceId, 'inner')).taskId, variables: { route: 1 } })).toBeNull();
    await finish(engine, instanceId, 'inner');
    expect((await engine.instanceTasks(instanceId)).map((t) => t.taskDefKey)).toEqual(['two']);
  });
});
