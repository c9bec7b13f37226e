/**
 * Corpus cases for the event-based gateway (issue 39 item 8; tests/workflow/corpus/SOURCES.md,
 * "Event-based gateway"): the EventBasedGatewayTest models of Activiti (Flowable's ancestor,
 * whose engine test suite Flowable kept) deployed as is, with the outcome the Java tests assert.
 * The first event that occurs takes its flow; the other waits are cancelled (their subscriptions
 * and timers removed, their history rows ended with Flowable's delete reason
 * `event based gateway cancel`). Merged into the table of corpus.test.ts. The engine's manual
 * clock stays at T0: `fireDueTimers({ now })` plays the job executor.
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import type { Store } from '../../server/db/store/port';
import { names, readCorpus, snapshot } from './helpers';

export type EventGatewayCase =
  | { refused: RegExp }
  | { run: (engine: Engine, definitionId: string, rec: unknown, store: Store) => void | Promise<void> };

/** makeEngine's manual clock start (server/core/clock.ts manualClock). */
const T0 = Date.UTC(2026, 0, 5, 1, 0, 0);

/** Flowable's DeleteReason.EVENT_BASED_GATEWAY_CANCEL. */
const CANCEL = 'event based gateway cancel';

/** The instance's history rows of the given activities as `activityId|deleteReason` (ended rows only), sorted. */
async function ended(store: Store, instanceId: string, ids: string[]): Promise<string[]> {
  const rows = await store.all<{ a: string; r: string | null }>(
    'SELECT activity_id AS a, delete_reason AS r FROM wf_hi_actinst WHERE instance_id = ? AND end_time IS NOT NULL ORDER BY id', [instanceId]);
  return rows.filter((x) => ids.includes(x.a)).map((x) => `${x.a}|${x.r ?? ''}`).sort();
}

/** The waits of an instance: subscriptions as `type:eventName@activity` and timer activity ids. */
async function waits(engine: Engine, instanceId: string) {
  const w = await engine.eventWaits({ instanceId });
  return { subscriptions: w.subscriptions.map((s) => `${s.type}:${s.eventName}@${s.activityId}`).sort(), timers: w.timers.map((t) => t.activityId) };
}

const EVENTS = ['signalEvent', 'timerEvent', 'messageEvent'];

export const eventGatewayCases: Record<string, EventGatewayCase> = {
  'activiti-EventBasedGatewayTest.testCatchSignalAndMessageAndTimer.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      const start = async () => {
        const s = await engine.start({ definitionId, userId: '1' });
        expect(s.ended).toBe(false);
        expect(await names(engine, s.instanceId)).toEqual([]);
        expect(await waits(engine, s.instanceId)).toEqual({
          subscriptions: ['message:newInvoice@messageEvent', 'signal:alert@signalEvent'], timers: ['timerEvent'],
        });
        return s.instanceId;
      };
      // testCatchSignalAndMessageAndTimer: the message comes first → the signal and the timer are cancelled.
      const a = await start();
      expect(await engine.correlateMessage({ messageName: 'newInvoice', instanceId: a })).toEqual({ instanceId: a, started: false });
      expect(await waits(engine, a)).toEqual({ subscriptions: [], timers: [] });
      expect(await snapshot(engine, a)).toEqual(['afterMessage|kermit||']);
      expect(await ended(store, a, ['gw1', ...EVENTS])).toEqual(['gw1|', 'messageEvent|', `signalEvent|${CANCEL}`, `timerEvent|${CANCEL}`]);
      expect((await engine.complete({ taskId: (await engine.instanceTasks(a))[0].taskId, userId: 'kermit' })).ended).toBe(true);
      // The signal first → the message subscription and the timer go.
      const b = await start();
      expect(await engine.broadcastSignal({ signalName: 'alert', instanceId: b })).toEqual({ triggered: 1, started: [] });
      expect(await waits(engine, b)).toEqual({ subscriptions: [], timers: [] });
      expect(await snapshot(engine, b)).toEqual(['afterSignal|kermit||']);
      expect(await ended(store, b, EVENTS)).toEqual([`messageEvent|${CANCEL}`, 'signalEvent|', `timerEvent|${CANCEL}`]);
      await expect(engine.correlateMessage({ messageName: 'newInvoice', instanceId: b })).rejects.toThrow('没有等待消息 newInvoice 的流程');
      // The timer first (PT0S, due at once) → both subscriptions go.
      const c = await start();
      expect((await engine.fireDueTimers({ now: T0, owner: 't' })).fired).toBe(1);
      expect(await waits(engine, c)).toEqual({ subscriptions: [], timers: [] });
      expect(await snapshot(engine, c)).toEqual(['afterTimer|kermit||']);
      expect(await ended(store, c, EVENTS)).toEqual([`messageEvent|${CANCEL}`, `signalEvent|${CANCEL}`, 'timerEvent|']);
      expect(await engine.broadcastSignal({ signalName: 'alert' })).toEqual({ triggered: 0, started: [] });
      expect((await engine.complete({ taskId: (await engine.instanceTasks(c))[0].taskId, userId: 'kermit' })).ended).toBe(true);
    },
  },
  'activiti-EventBasedGatewayTest.testCatchAlertAndTimer.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      // testCatchSignalCancelsTimer: one subscription, one timer; the signal cancels the timer.
      const a = (await engine.start({ definitionId, userId: '1' })).instanceId;
      expect(await waits(engine, a)).toEqual({ subscriptions: ['signal:alert@signalEvent'], timers: ['timerEvent'] });
      expect(await engine.broadcastSignal({ signalName: 'alert' })).toEqual({ triggered: 1, started: [] });
      expect(await waits(engine, a)).toEqual({ subscriptions: [], timers: [] });
      expect(await names(engine, a)).toEqual(['afterSignal']);
      expect(await ended(store, a, ['timerEvent'])).toEqual([`timerEvent|${CANCEL}`]);
      // testCatchTimerCancelsSignal: the timer fires first; the signal subscription goes.
      const b = (await engine.start({ definitionId, userId: '1' })).instanceId;
      expect((await engine.fireDueTimers({ now: T0 + 10_000, owner: 't' })).fired).toBe(1);
      expect(await waits(engine, b)).toEqual({ subscriptions: [], timers: [] });
      expect(await names(engine, b)).toEqual(['afterTimer']);
      expect(await ended(store, b, ['signalEvent'])).toEqual([`signalEvent|${CANCEL}`]);
      expect((await engine.complete({ taskId: (await engine.instanceTasks(b))[0].taskId, userId: 'kermit' })).ended).toBe(true);
    },
  },
  // Hand-written: a receive task among the targets, and the gateway reached again through a loop.
  'handwritten-eventGatewayReceiveTask.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      // engine.validate names the gateway (the designer marks it on the canvas).
      const problems = await engine.validate({ xml: readCorpus('activiti-EventBasedGatewayTest.testConnectedToActivity.bpmn20.xml') });
      expect(problems).toMatchObject([{ elementId: 'gw1', elementType: 'bpmn:EventBasedGateway' }]);
      expect(problems[0].message).toContain('serviceTask (bpmn:ServiceTask)');
      const HOUR = 3_600_000;
      const begin = async () => {
        const id = (await engine.start({ definitionId, userId: '1' })).instanceId;
        await engine.complete({ taskId: (await engine.instanceTasks(id))[0].taskId, userId: 'kermit' });
        expect(await names(engine, id)).toEqual([]);
        expect(await waits(engine, id)).toEqual({ subscriptions: ['message:payNotice@paid'], timers: ['remind'] });
        return id;
      };
      const WAITS = ['bankSlip', 'paid', 'remind'];
      const noReceive = /没有在该节点等待的执行/;
      // The receive task is triggered first: the message and the timer go.
      const a = await begin();
      expect((await engine.trigger({ instanceId: a, activityId: 'bankSlip' })).ended).toBe(false);
      expect(await names(engine, a)).toEqual(['入账']);
      expect(await waits(engine, a)).toEqual({ subscriptions: [], timers: [] });
      expect(await ended(store, a, WAITS)).toEqual(['bankSlip|', `paid|${CANCEL}`, `remind|${CANCEL}`]);
      // The message first: the receive task's token is cancelled with the timer.
      const b = await begin();
      await engine.correlateMessage({ messageName: 'payNotice', instanceId: b });
      expect(await names(engine, b)).toEqual(['确认付款']);
      await expect(engine.trigger({ instanceId: b, activityId: 'bankSlip' })).rejects.toThrow(noReceive);
      expect(await ended(store, b, WAITS)).toEqual([`bankSlip|${CANCEL}`, 'paid|', `remind|${CANCEL}`]);
      // The timer first: 催款, then back at the gateway with fresh waits; the message then wins.
      const c = await begin();
      expect((await engine.fireDueTimers({ now: T0 + HOUR, owner: 't' })).fired).toBe(1);
      expect(await names(engine, c)).toEqual(['催款']);
      expect(await waits(engine, c)).toEqual({ subscriptions: [], timers: [] });
      await expect(engine.trigger({ instanceId: c, activityId: 'bankSlip' })).rejects.toThrow(noReceive);
      await engine.complete({ taskId: (await engine.instanceTasks(c))[0].taskId, userId: 'kermit' });
      expect(await waits(engine, c)).toEqual({ subscriptions: ['message:payNotice@paid'], timers: ['remind'] });
      await engine.correlateMessage({ messageName: 'payNotice', instanceId: c });
      expect(await names(engine, c)).toEqual(['确认付款']);
      expect(await waits(engine, c)).toEqual({ subscriptions: [], timers: [] });
      await expect(engine.trigger({ instanceId: c, activityId: 'bankSlip' })).rejects.toThrow(noReceive);
      expect((await engine.complete({ taskId: (await engine.instanceTasks(c))[0].taskId, userId: 'kermit' })).ended).toBe(true);
    },
  },
  // testConnectedToActivity: Flowable's validator answers "Event based gateway can only be connected to elements of type intermediateCatchEvent".
  'activiti-EventBasedGatewayTest.testConnectedToActivity.bpmn20.xml': {
    refused: /部署失败: 事件网关 gw1 \(bpmn:EventBasedGateway\) 只能连接到中间捕获事件.*serviceTask \(bpmn:ServiceTask\)/,
  },
  // testEventInvalidSequenceFlow: signalEvent also has a flow from the start event.
  'activiti-EventBasedGatewayTest.testEventInvalidSequenceFlow.bpmn20.xml': {
    refused: /部署失败: 事件网关 gw1 \(bpmn:EventBasedGateway\) 之后的 signalEvent \(bpmn:IntermediateCatchEvent\) 只能有一条进入连线/,
  },
};
