/**
 * Messages and signals (wf_event_subscription): message catch, message boundary (interrupting /
 * not), message start with a business key, ambiguous correlation, signal broadcast to several
 * instances, signal start, a signal throw event reaching other instances, receive tasks.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, names, snapshot, completeByName } from './helpers';
import {
  messageBoundaryXml, messageCatchXml, messageStartXml, receiveTaskXml, signalCatchXml, signalStartXml, signalThrowXml, model,
} from './event-models';

/** The `n` of a `SELECT count(*) AS n …` through the engine's store. */
const count = async (ctx: Awaited<ReturnType<typeof makeEngine>>, sql: string, params: string[] = []) => (await ctx.store.get<{ n: number }>(sql, params))!.n;

describe('messages', () => {
  it('an intermediate message catch waits; correlation by business key continues it with variables', async () => {
    const ctx = await makeEngine();
    const { engine } = ctx;
    const d = await engine.deploy({ xml: messageCatchXml });
    const a = (await engine.start({ definitionId: d.definitionId, userId: '1', businessKey: 'ORDER-1' })).instanceId;
    const b = (await engine.start({ definitionId: d.definitionId, userId: '2', businessKey: 'ORDER-2' })).instanceId;
    expect((await engine.eventWaits({ instanceId: a })).subscriptions).toMatchObject([{ type: 'message', eventName: 'paid', activityId: 'waitPay' }]);
    expect(await engine.messageTarget({ messageName: 'paid' })).toEqual({ kind: 'ambiguous' });
    await expect(engine.correlateMessage({ messageName: 'paid' })).rejects.toThrow('消息 paid 匹配到多个等待中的流程，请指定流程实例或业务键');
    expect(await engine.correlateMessage({ messageName: 'paid', businessKey: 'ORDER-2', variables: { amount: 12.5 } })).toEqual({ instanceId: b, started: false });
    expect(await snapshot(engine, b)).toEqual(['发货|2||']);
    expect(await engine.variables({ instanceId: b })).toMatchObject({ amount: 12.5 });
    expect(await names(engine, a)).toEqual([]);
    expect((await engine.eventWaits({ instanceId: b })).subscriptions).toEqual([]);
    // Only one left waiting now: no filter needed.
    expect(await engine.correlateMessage({ messageName: 'paid' })).toEqual({ instanceId: a, started: false });
    expect(await snapshot(engine, a)).toEqual(['发货|1||']);
    await expect(engine.correlateMessage({ messageName: 'paid' })).rejects.toThrow('没有等待消息 paid 的流程');
    await expect(engine.correlateMessage({ messageName: 'nobody' })).rejects.toThrow('没有等待消息 nobody 的流程');
  });

  it('correlating to one instance by id; a suspended instance does not receive', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: messageCatchXml });
    const a = (await ctx.engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId;
    await ctx.engine.setInstanceState({ instanceId: a, state: 2 });
    await expect(ctx.engine.correlateMessage({ messageName: 'paid', instanceId: a })).rejects.toThrow('没有等待消息 paid 的流程');
    await ctx.engine.setInstanceState({ instanceId: a, state: 1 });
    expect((await ctx.engine.correlateMessage({ messageName: 'paid', instanceId: a })).instanceId).toBe(a);
  });

  it('an interrupting message boundary cancels the task; a non-interrupting signal boundary adds a token', async () => {
    const ctx = await makeEngine();
    const { engine } = ctx;
    const d = await engine.deploy({ xml: messageBoundaryXml });
    const id = (await engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId;
    expect((await engine.eventWaits({ instanceId: id })).subscriptions.map((s) => `${s.type}:${s.eventName}`).sort()).toEqual(['message:cancelOrder', 'signal:alert']);
    expect(await engine.broadcastSignal({ signalName: 'alert' })).toEqual({ triggered: 1, started: [] });
    expect(await names(engine, id)).toEqual(['告警', '处理订单']);
    // Still subscribed after a non-interrupting signal (the host stays): and a second one adds another token.
    expect((await engine.broadcastSignal({ signalName: 'alert', instanceId: id })).triggered).toBe(1);
    expect(await names(engine, id)).toEqual(['告警', '告警', '处理订单']);
    await engine.correlateMessage({ messageName: 'cancelOrder', instanceId: id });
    expect(await names(engine, id)).toEqual(['告警', '告警', '已取消']);
    expect((await engine.eventWaits({ instanceId: id })).subscriptions).toEqual([]);
    expect((await engine.flowRecord(id)).find((r) => r.taskName === '处理订单')?.deleteReason).toMatch(/cancelMsg/);
  });

  it('a message start event starts a new instance with the business key; INITIATOR = the user', async () => {
    const ctx = await makeEngine();
    const { engine } = ctx;
    const d = await engine.deploy({ xml: messageStartXml });
    expect((await engine.eventWaits({ definitionId: d.definitionId })).subscriptions).toMatchObject([{ instanceId: null, eventName: 'newOrder', activityId: 'msgStart' }]);
    expect(await engine.messageTarget({ messageName: 'newOrder' })).toEqual({ kind: 'start', definitionId: d.definitionId, activityId: 'msgStart' });
    const r = await engine.correlateMessage({ messageName: 'newOrder', businessKey: 'PO-9', userId: '7', variables: { total: 3 } });
    expect(r.started).toBe(true);
    expect(await engine.getInstance(r.instanceId)).toMatchObject({ businessKey: 'PO-9', startUserId: '7' });
    expect(await snapshot(engine, r.instanceId)).toEqual(['审核订单|7||']);
    expect(await engine.variables({ instanceId: r.instanceId })).toMatchObject({ total: 3, INITIATOR: '7' });
    // A plain start of a process whose only start is the message start goes through it (Flowable, issue 39 §4).
    const plain = await engine.start({ definitionId: d.definitionId, userId: '1' });
    expect(await snapshot(engine, plain.instanceId)).toEqual(['审核订单|1||']);
    // A new version takes over the start subscription; another key may not use the same message.
    const v2 = await engine.deploy({ xml: messageStartXml });
    expect((await engine.eventWaits({ definitionId: d.definitionId })).subscriptions).toEqual([]);
    expect((await engine.correlateMessage({ messageName: 'newOrder', userId: '7' })).instanceId).not.toBe(r.instanceId);
    expect(await count(ctx, 'SELECT count(*) AS n FROM wf_instance WHERE definition_id = ?', [v2.definitionId])).toBe(1);
    await expect(engine.deploy({ xml: messageStartXml.replace('id="messageStart" name="messageStart"', 'id="otherKey" name="otherKey"') }))
      .rejects.toThrow('消息 newOrder 已被流程 messageStart 的消息开始事件使用');
  });

  it('a message start checks the candidate starters', async () => {
    const ctx = await makeEngine();
    const xml = messageStartXml.replace('<process id="messageStart" name="messageStart" isExecutable="true">',
      '<process id="messageStart" name="messageStart" isExecutable="true" flowable:candidateStarterGroups="9">');
    const d = await ctx.engine.deploy({ xml });
    await expect(ctx.engine.correlateMessage({ messageName: 'newOrder', userId: '7', groupIds: ['2'] })).rejects.toThrow('当前用户无权发起该流程');
    expect((await ctx.engine.correlateMessage({ messageName: 'newOrder', userId: '7', groupIds: ['9'] })).started).toBe(true);
    expect(await count(ctx, 'SELECT count(*) AS n FROM wf_instance WHERE definition_id = ?', [d.definitionId])).toBe(1);
  });
});

describe('signals', () => {
  it('a broadcast reaches every waiting instance and starts signal start processes', async () => {
    const ctx = await makeEngine();
    const { engine } = ctx;
    const c = await engine.deploy({ xml: signalCatchXml });
    const s = await engine.deploy({ xml: signalStartXml('sigGo') });
    const ids: string[] = [];
    for (const u of ['1', '2', '3']) ids.push((await engine.start({ definitionId: c.definitionId, userId: u })).instanceId);
    const r = await engine.broadcastSignal({ signalName: 'go', variables: { reason: 'x' } });
    expect(r.triggered).toBe(3);
    expect(r.started).toHaveLength(1);
    for (const [i, id] of ids.entries()) expect(await snapshot(engine, id)).toEqual([`继续|${i + 1}||`]);
    expect(await engine.variables({ instanceId: ids[0] })).toMatchObject({ reason: 'x' });
    expect(await engine.getInstance(r.started[0])).toMatchObject({ definitionId: s.definitionId, startUserId: null });
    expect(await snapshot(engine, r.started[0])).toEqual(['处理告警|||2']);
    expect(await count(ctx, 'SELECT count(*) AS n FROM wf_event_subscription WHERE instance_id IS NOT NULL')).toBe(0);
    // Nothing waits any more: only the start event answers; a suspended definition's signal start is skipped.
    expect(await engine.broadcastSignal({ signalName: 'go' })).toMatchObject({ triggered: 0, started: [expect.any(String)] });
    await engine.setDefinitionState({ definitionId: s.definitionId, state: 2 });
    expect(await engine.broadcastSignal({ signalName: 'go' })).toEqual({ triggered: 0, started: [] });
  });

  it('a broadcast to one instance reaches only that one (no signal start)', async () => {
    const ctx = await makeEngine();
    const c = await ctx.engine.deploy({ xml: signalCatchXml });
    await ctx.engine.deploy({ xml: signalStartXml('sigGo') });
    const a = (await ctx.engine.start({ definitionId: c.definitionId, userId: '1' })).instanceId;
    const b = (await ctx.engine.start({ definitionId: c.definitionId, userId: '2' })).instanceId;
    expect(await ctx.engine.broadcastSignal({ signalName: 'go', instanceId: b })).toEqual({ triggered: 1, started: [] });
    expect(await names(ctx.engine, a)).toEqual([]);
    expect(await names(ctx.engine, b)).toEqual(['继续']);
  });

  it('an intermediate signal throw event reaches other instances in the same transaction', async () => {
    const ctx = await makeEngine();
    const { engine } = ctx;
    const c = await engine.deploy({ xml: signalCatchXml });
    const t = await engine.deploy({ xml: signalThrowXml });
    const waiting: string[] = [];
    for (const u of ['1', '2']) waiting.push((await engine.start({ definitionId: c.definitionId, userId: u })).instanceId);
    const thrower = (await engine.start({ definitionId: t.definitionId, userId: '5' })).instanceId;
    const out = await completeByName(engine, thrower, '准备');
    expect(out.tasks.map((x) => x.name)).toEqual(['已通知']);
    for (const id of waiting) expect(await names(engine, id)).toEqual(['继续']);
    expect(await count(ctx, 'SELECT count(*) AS n FROM wf_event_subscription')).toBe(0);
  });

  it('a throw reaching a catch of its own instance, and a failing receiver rolls back everything', async () => {
    const ctx = await makeEngine();
    const { engine } = ctx;
    // Own instance: a parallel branch waits for `go` while the other branch throws it.
    const xml = model('selfSignal', `
<startEvent id="start"/>
<parallelGateway id="fork"/>
<intermediateCatchEvent id="waitGo"><signalEventDefinition signalRef="sigGo"/></intermediateCatchEvent>
<userTask id="prepare" name="准备" flowable:assignee="1"/>
<intermediateThrowEvent id="throwGo"><signalEventDefinition signalRef="sigGo"/></intermediateThrowEvent>
<userTask id="caught" name="收到" flowable:assignee="1"/>
<endEvent id="e1"/><endEvent id="e2"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="fork"/>
<sequenceFlow id="f2" sourceRef="fork" targetRef="waitGo"/>
<sequenceFlow id="f3" sourceRef="fork" targetRef="prepare"/>
<sequenceFlow id="f4" sourceRef="waitGo" targetRef="caught"/>
<sequenceFlow id="f5" sourceRef="caught" targetRef="e1"/>
<sequenceFlow id="f6" sourceRef="prepare" targetRef="throwGo"/>
<sequenceFlow id="f7" sourceRef="throwGo" targetRef="e2"/>`, '<signal id="sigGo" name="go"/>');
    const d = await engine.deploy({ xml });
    const id = (await engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId;
    await completeByName(engine, id, '准备');
    expect(await names(engine, id)).toEqual(['收到']);
    expect((await engine.eventWaits({ instanceId: id })).subscriptions).toEqual([]);

    // Another instance fails when it receives: the throwing command rolls back as a whole.
    const failing = model('failingCatch', `
<startEvent id="start"/>
<intermediateCatchEvent id="waitGo"><signalEventDefinition signalRef="sigGo"/></intermediateCatchEvent>
<exclusiveGateway id="xor"/>
<userTask id="never" name="不可达" flowable:assignee="1"/>
<endEvent id="end"/>
<sequenceFlow id="f1" sourceRef="start" targetRef="waitGo"/>
<sequenceFlow id="f2" sourceRef="waitGo" targetRef="xor"/>
<sequenceFlow id="f3" sourceRef="xor" targetRef="never"><conditionExpression xsi:type="tFormalExpression">\${false}</conditionExpression></sequenceFlow>
<sequenceFlow id="f4" sourceRef="never" targetRef="end"/>`, '<signal id="sigGo" name="go"/>');
    const f = await engine.deploy({ xml: failing });
    const victim = (await engine.start({ definitionId: f.definitionId, userId: '1' })).instanceId;
    const t = await engine.deploy({ xml: signalThrowXml });
    const thrower = (await engine.start({ definitionId: t.definitionId, userId: '5' })).instanceId;
    await expect(completeByName(engine, thrower, '准备')).rejects.toThrow(/exclusive gateway 'xor'/);
    expect(await names(engine, thrower)).toEqual(['准备']);
    expect((await engine.eventWaits({ instanceId: victim })).subscriptions).toHaveLength(1);
  });
});

describe('receive tasks', () => {
  it('trigger moves the waiting token on; a message boundary on a receive task interrupts it', async () => {
    const ctx = await makeEngine();
    const { engine } = ctx;
    const d = await engine.deploy({ xml: receiveTaskXml });
    const a = (await engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId;
    const b = (await engine.start({ definitionId: d.definitionId, userId: '2' })).instanceId;
    expect((await engine.trigger({ instanceId: a, activityId: 'waitReply', variables: { reply: 'ok' } })).tasks.map((t) => t.name)).toEqual(['处理回执']);
    expect(await engine.variables({ instanceId: a })).toMatchObject({ reply: 'ok' });
    expect((await engine.eventWaits({ instanceId: a })).subscriptions).toEqual([]);
    await engine.correlateMessage({ messageName: 'cancelOrder', instanceId: b });
    expect(await names(engine, b)).toEqual(['已取消']);
    await expect(engine.trigger({ instanceId: b, activityId: 'waitReply' })).rejects.toThrow('没有在该节点等待的执行');
  });
});
