/**
 * Timers and message / signal subscriptions as stored (wf_timer, wf_event_subscription): of one
 * instance, or the start-event rows of a definition (instanceId null). For views and tests.
 */
import type Database from 'better-sqlite3';
import { columns, stmt, SUBSCRIPTION_COLS, TIMER_COLS, type SubscriptionRow, type TimerRow } from '../store/rows';

export interface EventWaits { timers: TimerRow[]; subscriptions: SubscriptionRow[] }

/**
 * `{ timers, subscriptions }` ordered by due time / creation: of instance `instanceId`, or with
 * `definitionId` the start-event rows of that definition version.
 */
export function eventWaits(db: Database.Database, q: { instanceId?: string; definitionId?: string }): EventWaits {
  if (q.instanceId) {
    return {
      timers: stmt(db, `SELECT ${columns(TIMER_COLS)} FROM wf_timer WHERE instance_id = ? ORDER BY due_time, id`).all(q.instanceId) as TimerRow[],
      subscriptions: stmt(db, `SELECT ${columns(SUBSCRIPTION_COLS)} FROM wf_event_subscription WHERE instance_id = ? ORDER BY create_time, id`).all(q.instanceId) as SubscriptionRow[],
    };
  }
  return {
    timers: stmt(db, `SELECT ${columns(TIMER_COLS)} FROM wf_timer WHERE instance_id IS NULL AND definition_id = ? ORDER BY due_time, id`).all(q.definitionId ?? '') as TimerRow[],
    subscriptions: stmt(db, `SELECT ${columns(SUBSCRIPTION_COLS)} FROM wf_event_subscription WHERE instance_id IS NULL AND definition_id = ? ORDER BY create_time, id`)
      .all(q.definitionId ?? '') as SubscriptionRow[],
  };
}
