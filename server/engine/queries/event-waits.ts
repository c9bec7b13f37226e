/**
 * Timers and message / signal subscriptions as stored (wf_timer, wf_event_subscription): of one
 * instance, or the start-event rows of a definition (instanceId null). For views and tests.
 */
import type { Store } from '../../db/store/port';
import { columns, SUBSCRIPTION_COLS, TIMER_COLS, type SubscriptionRow, type TimerRow } from '../store/rows';

export interface EventWaits { timers: TimerRow[]; subscriptions: SubscriptionRow[] }

/**
 * `{ timers, subscriptions }` ordered by due time / creation: of instance `instanceId`, or with
 * `definitionId` the start-event rows of that definition version.
 */
export async function eventWaits(store: Store, q: { instanceId?: string; definitionId?: string }): Promise<EventWaits> {
  if (q.instanceId) {
    return {
      timers: await store.all<TimerRow>(`SELECT ${columns(TIMER_COLS)} FROM wf_timer WHERE instance_id = ? ORDER BY due_time, id`, [q.instanceId]),
      subscriptions: await store.all<SubscriptionRow>(`SELECT ${columns(SUBSCRIPTION_COLS)} FROM wf_event_subscription WHERE instance_id = ? ORDER BY create_time, id`, [q.instanceId]),
    };
  }
  return {
    timers: await store.all<TimerRow>(`SELECT ${columns(TIMER_COLS)} FROM wf_timer WHERE instance_id IS NULL AND definition_id = ? ORDER BY due_time, id`, [q.definitionId ?? '']),
    subscriptions: await store.all<SubscriptionRow>(`SELECT ${columns(SUBSCRIPTION_COLS)} FROM wf_event_subscription WHERE instance_id IS NULL AND definition_id = ?
      ORDER BY create_time, id`, [q.definitionId ?? '']),
  };
}
