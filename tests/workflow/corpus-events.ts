/**
 * Corpus cases for the event files (tests/workflow/corpus/SOURCES.md, "Timers, messages,
 * signals"): Flowable's own test models deployed as is, with the outcome its test asserts.
 * Merged into the table of corpus.test.ts. The engine's manual clock stays at its start (T0):
 * `fireDueTimers({ now })` plays the job executor at later times.
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import { names, snapshot, completeByName } from './helpers';

export type EventCase = { run: (engine: Engine, definitionId: string) => void | Promise<void> };

/** makeEngine's manual clock start (server/core/clock.ts manualClock). */
const T0 = Date.UTC(2026, 0, 5, 1, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

export const eventCases: Record<string, EventCase> = {
  'flowable-IntermediateTimerEventTest.testCatchingTimerEvent.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId, ended } = await engine.start({ definitionId, userId: '1' });
      expect(ended).toBe(false);
      expect((await engine.eventWaits({ instanceId })).timers).toMatchObject([{ activityId: 'timer', dueTime: T0 + 5 * MIN }]);
      expect((await engine.fireDueTimers({ now: T0 + 4 * MIN, owner: 't' })).fired).toBe(0);
      expect((await engine.fireDueTimers({ now: T0 + 7 * MIN, owner: 't' })).fired).toBe(1);
      expect(await engine.getInstance(instanceId)).toMatchObject({ endActivityId: 'theEnd' });
      expect((await engine.getInstance(instanceId)).endTime).not.toBeNull();
    },
  },
  'flowable-BoundaryTimerEventTest.test3BoundaryTimerEvents.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      const timers = async () => (await engine.eventWaits({ instanceId })).timers.map((t) => t.activityId).sort();
      const fireAt = async (h: number) => (await engine.fireDueTimers({ now: T0 + h * HOUR, owner: 't' })).fired;
      expect(await names(engine, instanceId)).toEqual(['First Task']);
      expect(await timers()).toEqual(['fireExecution', 'reminderTimer']);
      expect(await fireAt(1)).toBe(1);
      expect(await names(engine, instanceId)).toEqual(['First Task', 'Reminder Task']);
      expect(await timers()).toEqual(['closeReminder', 'fireExecution']);
      expect(await fireAt(2)).toBe(1);
      expect(await names(engine, instanceId)).toEqual(['First Task']);
      expect(await timers()).toEqual(['fireExecution']);
      expect(await fireAt(4)).toBe(1);
      expect(await names(engine, instanceId)).toEqual([]);
      expect((await engine.getInstance(instanceId)).endTime).not.toBeNull();
      expect(await timers()).toEqual([]);
    },
  },
  'flowable-MessageStartEventTest.testBusinessKeySet.bpmn20.xml': {
    run: async (engine, definitionId) => {
      expect((await engine.eventWaits({ definitionId })).subscriptions).toMatchObject([{ type: 'message', eventName: 'start-by-message' }]);
      // Started by key, the message start event acts as the none start (Flowable's testBusinessKeySet).
      const pi1 = await engine.start({ key: 'start-by-message-1', userId: '1', businessKey: 'business-key-123' });
      expect(await engine.getInstance(pi1.instanceId)).toMatchObject({ businessKey: 'business-key-123', definitionId });
      expect(await names(engine, pi1.instanceId)).toEqual(['Review']);
      const r = await engine.correlateMessage({ messageName: 'start-by-message', businessKey: 'xyz', userId: 'kermit' });
      expect(r.started).toBe(true);
      expect(await engine.getInstance(r.instanceId)).toMatchObject({ businessKey: 'xyz', definitionId });
      expect(await names(engine, r.instanceId)).toEqual(['Review']);
    },
  },
  'flowable-SignalEventTest.testSignalWaitOnUserTaskBoundaryEvent.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await snapshot(engine, instanceId)).toEqual(['wait 1|$INITIATOR||']);
      expect(await engine.broadcastSignal({ signalName: 'waitsig', instanceId })).toEqual({ triggered: 1, started: [] });
      expect(await snapshot(engine, instanceId)).toEqual(['Wait2|$INITIATOR||']);
      expect((await completeByName(engine, instanceId, 'Wait2', undefined, '$INITIATOR')).ended).toBe(true);
    },
  },
};
