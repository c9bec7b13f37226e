/**
 * Corpus cases for the event files (tests/workflow/corpus/SOURCES.md, "Timers, messages,
 * signals"): Flowable's own test models deployed as is, with the outcome its test asserts.
 * Merged into the table of corpus.test.ts. The engine's manual clock stays at its start (T0):
 * `fireDueTimers({ now })` plays the job executor at later times.
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import { names, snapshot, completeByName } from './helpers';

export type EventCase = { run: (engine: Engine, definitionId: string) => void };

/** makeEngine's manual clock start (server/core/clock.ts manualClock). */
const T0 = Date.UTC(2026, 0, 5, 1, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

export const eventCases: Record<string, EventCase> = {
  'flowable-IntermediateTimerEventTest.testCatchingTimerEvent.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId, ended } = engine.start({ definitionId, userId: '1' });
      expect(ended).toBe(false);
      expect(engine.eventWaits({ instanceId }).timers).toMatchObject([{ activityId: 'timer', dueTime: T0 + 5 * MIN }]);
      expect(engine.fireDueTimers({ now: T0 + 4 * MIN, owner: 't' }).fired).toBe(0);
      expect(engine.fireDueTimers({ now: T0 + 7 * MIN, owner: 't' }).fired).toBe(1);
      expect(engine.getInstance(instanceId)).toMatchObject({ endActivityId: 'theEnd' });
      expect(engine.getInstance(instanceId).endTime).not.toBeNull();
    },
  },
  'flowable-BoundaryTimerEventTest.test3BoundaryTimerEvents.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      const timers = () => engine.eventWaits({ instanceId }).timers.map((t) => t.activityId).sort();
      const fireAt = (h: number) => engine.fireDueTimers({ now: T0 + h * HOUR, owner: 't' }).fired;
      expect(names(engine, instanceId)).toEqual(['First Task']);
      expect(timers()).toEqual(['fireExecution', 'reminderTimer']);
      expect(fireAt(1)).toBe(1);
      expect(names(engine, instanceId)).toEqual(['First Task', 'Reminder Task']);
      expect(timers()).toEqual(['closeReminder', 'fireExecution']);
      expect(fireAt(2)).toBe(1);
      expect(names(engine, instanceId)).toEqual(['First Task']);
      expect(timers()).toEqual(['fireExecution']);
      expect(fireAt(4)).toBe(1);
      expect(names(engine, instanceId)).toEqual([]);
      expect(engine.getInstance(instanceId).endTime).not.toBeNull();
      expect(timers()).toEqual([]);
    },
  },
  'flowable-MessageStartEventTest.testBusinessKeySet.bpmn20.xml': {
    run: (engine, definitionId) => {
      expect(engine.eventWaits({ definitionId }).subscriptions).toMatchObject([{ type: 'message', eventName: 'start-by-message' }]);
      // Started by key, the message start event acts as the none start (Flowable's testBusinessKeySet).
      const pi1 = engine.start({ key: 'start-by-message-1', userId: '1', businessKey: 'business-key-123' });
      expect(engine.getInstance(pi1.instanceId)).toMatchObject({ businessKey: 'business-key-123', definitionId });
      expect(names(engine, pi1.instanceId)).toEqual(['Review']);
      const r = engine.correlateMessage({ messageName: 'start-by-message', businessKey: 'xyz', userId: 'kermit' });
      expect(r.started).toBe(true);
      expect(engine.getInstance(r.instanceId)).toMatchObject({ businessKey: 'xyz', definitionId });
      expect(names(engine, r.instanceId)).toEqual(['Review']);
    },
  },
  'flowable-SignalEventTest.testSignalWaitOnUserTaskBoundaryEvent.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      expect(snapshot(engine, instanceId)).toEqual(['wait 1|$INITIATOR||']);
      expect(engine.broadcastSignal({ signalName: 'waitsig', instanceId })).toEqual({ triggered: 1, started: [] });
      expect(snapshot(engine, instanceId)).toEqual(['Wait2|$INITIATOR||']);
      expect(completeByName(engine, instanceId, 'Wait2', undefined, '$INITIATOR').ended).toBe(true);
    },
  },
};
