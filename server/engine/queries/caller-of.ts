/**
 * Call activity links between instances, read only: the call activity that started an instance
 * (issue 38 §4: the names its `flowable:out` mappings read from the called instance count as read
 * by the model), and the instances a caller started (the instance view's children).
 */
import type { Store } from '../../db/store/port';
import type { CalledInstanceView } from '../runtime/call-activity';

/** `{definitionId, activityId}` of the calling instance's definition and call activity, or null for an instance no call activity started (or unknown). */
export async function callerOf(store: Store, instanceId: string): Promise<{ definitionId: string; activityId: string } | null> {
  const row = await store.get<{ definitionId: string; activityId: string | null }>(`SELECT p.definition_id AS "definitionId", e.activity_id AS "activityId"
    FROM wf_instance i JOIN wf_instance p ON p.id = i.super_instance_id JOIN wf_execution e ON e.id = i.super_execution_id WHERE i.id = ?`, [instanceId]);
  return row && row.activityId ? { definitionId: row.definitionId, activityId: row.activityId } : null;
}

/**
 * The instances called by instance `instanceId` (direct children), oldest first, each with the
 * call activity that started it (the latest call activity entered by the waiting token before the
 * child started; null when that history is gone).
 */
export async function calledInstances(store: Store, instanceId: string): Promise<CalledInstanceView[]> {
  return store.all<CalledInstanceView>(`SELECT i.id AS "instanceId", i.definition_id AS "definitionId", i.super_execution_id AS "superExecutionId",
      (SELECT a.activity_id FROM wf_hi_actinst a WHERE a.instance_id = i.super_instance_id AND a.execution_id = i.super_execution_id
        AND a.activity_type = 'callActivity' AND a.start_time <= i.start_time ORDER BY a.id DESC LIMIT 1) AS "callActivityId",
      i.business_key AS "businessKey", i.start_time AS "startTime", i.end_time AS "endTime", i.state AS state
    FROM wf_instance i WHERE i.super_instance_id = ? ORDER BY i.start_time, i.id`, [instanceId]);
}
