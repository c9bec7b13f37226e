/**
 * The call activity that started an instance (issue 38 §4: the names its `flowable:out` mappings
 * read from the called instance count as read by the model). Read only.
 */
import type Database from 'better-sqlite3';
import { stmt } from '../store/rows';

/** `{definitionId, activityId}` of the calling instance's definition and call activity, or null for an instance no call activity started (or unknown). */
export function callerOf(db: Database.Database, instanceId: string): { definitionId: string; activityId: string } | null {
  const row = stmt(db, `SELECT p.definition_id AS definitionId, e.activity_id AS activityId FROM wf_instance i
    JOIN wf_instance p ON p.id = i.super_instance_id JOIN wf_execution e ON e.id = i.super_execution_id WHERE i.id = ?`)
    .get(instanceId) as { definitionId: string; activityId: string | null } | undefined;
  return row && row.activityId ? { definitionId: row.definitionId, activityId: row.activityId } : null;
}
