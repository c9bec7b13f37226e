/**
 * Call activity (Flowable CallActivityBehavior): the child instance starts in the same
 * transaction with `in` mappings / inherited variables and business key, latest vs pinned
 * version; its end continues the caller with `out` mappings; errors propagate to the call
 * activity's boundary; deleting / stopping / interrupting the caller cancels the child.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine } from './helpers';
import { done, flow, hiTasks, instanceRow, keys, proc } from './scopes-helpers';

const child = (label: string, tail = '') => proc('child', `<startEvent id="cs"/><userTask id="childTask" name="${label}"/>
  <exclusiveGateway id="cx" default="cf3"/><endEvent id="ce"/><endEvent id="fail"><errorEventDefinition errorRef="err1"/></endEvent>
  ${flow('cf1', 'cs', 'childTask')}${flow('cf2', 'childTask', 'cx')}${flow('cf3', 'cx', 'ce')}${flow('cf4', 'cx', 'fail', '${broken == true}')}${tail}`);

const parent = (callAttrs: string, mappings: string, extra = '') => proc('parent', `<startEvent id="s"/>
  <callActivity id="call" calledElement="child" ${callAttrs}><extensionElements>${mappings}</extensionElements></callActivity>
  <userTask id="after"/><endEvent id="e"/>${extra}
  ${flow('f1', 's', 'call')}${flow('f2', 'call', 'after')}${flow('f3', 'after', 'e')}`);

const childOf = async (engine: Awaited<ReturnType<typeof makeEngine>>['engine'], instanceId: string) => {
  const list = await engine.childInstances(instanceId);
  expect(list.length).toBeGreaterThan(0);
  return list[list.length - 1];
};

describe('call activity', () => {
  it('starts the latest version with in mappings; the child end continues the caller with out mappings', async () => {
    const { engine, store } = await makeEngine();
    await engine.deploy({ xml: child('v1') });
    await engine.deploy({ xml: child('v2') });
    const p = await engine.deploy({ xml: parent('flowable:inheritBusinessKey="true"',
      '<flowable:in source="amount" target="childAmount"/><flowable:in sourceExpression="${amount * 2}" target="doubled"/><flowable:out source="verdict" target="result"/>') });
    const { instanceId } = await engine.start({ definitionId: p.definitionId, userId: '7', variables: { amount: 4, secret: 's' }, businessKey: 'BK-1' });
    expect(await keys(engine, instanceId)).toEqual([]);
    const c = await childOf(engine, instanceId);
    expect(c).toMatchObject({ callActivityId: 'call', businessKey: 'BK-1', endTime: null, state: 'running' });
    expect((await engine.instanceTasks(c.instanceId)).map((t) => t.name)).toEqual(['v2']);
    const vars = await engine.variables({ instanceId: c.instanceId });
    expect(vars).toMatchObject({ childAmount: 4, doubled: 8 });
    expect(vars).not.toHaveProperty('secret');
    expect(await instanceRow(store, c.instanceId)).toMatchObject({ superInstanceId: instanceId });
    expect(await engine.getInstance(c.instanceId)).toBeTruthy();
    // Completing the child's task ends the child in the same command; the caller moves on with `out`.
    const r = await done(engine, c.instanceId, 'childTask', { verdict: 'ok', broken: false });
    expect(r.ended).toBe(true);
    expect((await instanceRow(store, c.instanceId))!.state).toBe('completed');
    expect(await keys(engine, instanceId)).toEqual(['after']);
    expect(await engine.variables({ instanceId })).toMatchObject({ result: 'ok', amount: 4 });
    expect((await done(engine, instanceId, 'after')).ended).toBe(true);
  });

  it('a pinned version is used; inheritVariables passes everything; an unknown key fails and changes nothing', async () => {
    const { engine, store } = await makeEngine();
    await engine.deploy({ xml: child('v1') });
    await engine.deploy({ xml: child('v2') });
    const p = await engine.deploy({ xml: parent('flowable:calledElementBinding="version" flowable:calledElementVersion="1" flowable:inheritVariables="true"', '') });
    const { instanceId } = await engine.start({ definitionId: p.definitionId, userId: '1', variables: { x: 1 } });
    const c = await childOf(engine, instanceId);
    expect((await engine.instanceTasks(c.instanceId)).map((t) => t.name)).toEqual(['v1']);
    expect(await engine.variables({ instanceId: c.instanceId })).toMatchObject({ x: 1 });
    const missing = await engine.deploy({ xml: parent('', '').replace('calledElement="child"', 'calledElement="${target}"') });
    const count = async () => (await store.get<{ n: number }>('SELECT COUNT(*) AS n FROM wf_instance'))!.n;
    const before = await count();
    await expect(engine.start({ definitionId: missing.definitionId, userId: '1', variables: { target: 'nope' } })).rejects.toThrow('流程定义不存在');
    expect(await count()).toBe(before);
  });

  it('an error end in the child reaches the call activity\'s error boundary; the child ends', async () => {
    const { engine, store } = await makeEngine();
    await engine.deploy({ xml: child('v1') });
    const p = await engine.deploy({ xml: parent('', '', `<boundaryEvent id="onError" attachedToRef="call"><errorEventDefinition errorRef="err1"/></boundaryEvent>
      <userTask id="fix"/><endEvent id="e2"/>${flow('f4', 'onError', 'fix')}${flow('f5', 'fix', 'e2')}`) });
    const { instanceId } = await engine.start({ definitionId: p.definitionId, userId: '1' });
    const c = await childOf(engine, instanceId);
    await done(engine, c.instanceId, 'childTask', { broken: true });
    expect(await keys(engine, instanceId)).toEqual(['fix']);
    expect(await instanceRow(store, c.instanceId)).toMatchObject({ state: 'stopped' });
    expect((await instanceRow(store, c.instanceId))!.endTime).not.toBeNull();
    expect(await engine.instanceTasks(c.instanceId)).toEqual([]);
  });

  it('deleting the caller deletes the child; stopping it marks the child ended and cancels its tasks', async () => {
    const { engine, store } = await makeEngine();
    await engine.deploy({ xml: child('v1') });
    const p = await engine.deploy({ xml: parent('', '') });
    const a = await engine.start({ definitionId: p.definitionId, userId: '1' });
    const ca = await childOf(engine, a.instanceId);
    await engine.deleteInstance({ instanceIds: a.instanceId });
    expect(await instanceRow(store, ca.instanceId)).toBeUndefined();
    expect(await engine.instanceTasks(ca.instanceId)).toEqual([]);

    const b = await engine.start({ definitionId: p.definitionId, userId: '1' });
    const cb = await childOf(engine, b.instanceId);
    expect((await engine.stop({ instanceId: b.instanceId, userId: '1' })).ended).toBe(true);
    expect(await instanceRow(store, cb.instanceId)).toMatchObject({ state: 'stopped' });
    expect(await hiTasks(store, cb.instanceId)).toEqual(['childTask:cancelled']);
  });

  it("deleting the caller's deployment deletes the children it started from another deployment, and keeps that deployment", async () => {
    const { engine, store } = await makeEngine();
    const c = await engine.deploy({ xml: child('v1') });
    const p = await engine.deploy({ xml: parent('', '') });
    const a = await engine.start({ definitionId: p.definitionId, userId: '1' });
    const ca = await childOf(engine, a.instanceId);
    const own = await engine.start({ definitionId: c.definitionId, userId: '1' }); // the child's definition, started directly
    await engine.deleteDeployment(p.deploymentId);
    expect(await instanceRow(store, a.instanceId)).toBeUndefined();
    expect(await instanceRow(store, ca.instanceId)).toBeUndefined();
    expect(await engine.instanceTasks(ca.instanceId)).toEqual([]);
    expect(await hiTasks(store, ca.instanceId)).toEqual([]);
    expect(await instanceRow(store, own.instanceId)).toMatchObject({ state: 'running' });
    expect((await engine.instanceTasks(own.instanceId)).map((t) => t.name)).toEqual(['v1']);
    expect((await store.all<{ id: string }>('SELECT id FROM wf_definition')).map((d) => d.id)).toEqual([c.definitionId]);
  });

  it('an interrupting timer boundary on the call activity cancels the child', async () => {
    const { engine, store, clock } = await makeEngine();
    await engine.deploy({ xml: child('v1') });
    const p = await engine.deploy({ xml: parent('', '', `<boundaryEvent id="late" attachedToRef="call"><timerEventDefinition><timeDuration>PT10M</timeDuration></timerEventDefinition></boundaryEvent>
      <userTask id="chase"/><endEvent id="e2"/>${flow('f4', 'late', 'chase')}${flow('f5', 'chase', 'e2')}`) });
    const { instanceId } = await engine.start({ definitionId: p.definitionId, userId: '1' });
    const c = await childOf(engine, instanceId);
    clock.advance(600_001);
    expect((await engine.fireDueTimers({ now: clock.now(), owner: 't' })).fired).toBe(1);
    expect(await keys(engine, instanceId)).toEqual(['chase']);
    expect(await instanceRow(store, c.instanceId)).toMatchObject({ state: 'stopped' });
    expect(await engine.instanceTasks(c.instanceId)).toEqual([]);
  });
});
