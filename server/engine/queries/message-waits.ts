/**
 * Who waits for a message, for the permission check of message correlation (issue 38 §7: a user
 * who takes part in none of the waiting instances gets the same answer as when none waits, so the
 * answer is no oracle). Read only; the same selection as commands/event-commands.ts correlateMessage.
 */
import type { Store } from '../../db/store/port';

const RUNNING = `SELECT s.instance_id AS "instanceId", s.execution_id AS "executionId", s.activity_id AS "activityId" FROM wf_event_subscription s JOIN wf_instance i ON i.id = s.instance_id
  WHERE s.type = 'message' AND s.event_name = ? AND i.state = 'running'`;

/** The waiting subscriptions and the message start events of message `messageName`. */
export interface MessageWaits {
  /** One entry per waiting subscription of a running instance (an instance may appear twice), filtered like correlateMessage. */
  instanceIds: string[];
  /** The message start events (subscriptions without an instance), by definition id. */
  starts: Array<{ definitionId: string; activityId: string }>;
}

/**
 * The message's waits (see MessageWaits): with `instanceId` only that instance's subscriptions,
 * else with `businessKey` only those of instances with that key, else all; then only those of
 * `executionId` / at `activityId` when given (the start events too: only at `activityId`).
 */
export async function messageWaits(store: Store, q: { messageName: string; businessKey?: string; instanceId?: string; executionId?: string; activityId?: string }): Promise<MessageWaits> {
  type Wait = { instanceId: string; executionId: string | null; activityId: string };
  const rows = await (q.instanceId
    ? store.all<Wait>(`${RUNNING} AND i.id = ? ORDER BY s.create_time, s.id`, [q.messageName, q.instanceId])
    : q.businessKey
      ? store.all<Wait>(`${RUNNING} AND i.business_key = ? ORDER BY s.create_time, s.id`, [q.messageName, q.businessKey])
      : store.all<Wait>(`${RUNNING} ORDER BY s.create_time, s.id`, [q.messageName]));
  const named = (r: { executionId?: string | null; activityId: string }) => (!q.executionId || r.executionId === q.executionId) && (!q.activityId || r.activityId === q.activityId);
  const starts = await store.all<MessageWaits['starts'][number]>(`SELECT definition_id AS "definitionId", activity_id AS "activityId" FROM wf_event_subscription
    WHERE type = 'message' AND event_name = ? AND instance_id IS NULL ORDER BY definition_id`, [q.messageName]);
  return { instanceIds: rows.filter(named).map((r) => r.instanceId), starts: starts.filter((st) => !q.activityId || st.activityId === q.activityId) };
}
