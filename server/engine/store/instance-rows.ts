/**
 * Deleting instances with everything they own (issue 44). The tables holding an instance's rows
 * reference wf_instance by `instance_id` without a foreign key (drizzle/0012, drizzle-pg/0003),
 * as Flowable's history tables (ACT_HI_*) reference nothing: on PostgreSQL each referencing row
 * inserted ran a foreign-key check (a query against wf_instance, about 15 per workflow instance
 * and a tenth of the database's CPU in bench:cluster). So a delete names them here instead of
 * relying on ON DELETE CASCADE; wf_identity_link keeps its key to wf_task (deleting the tasks
 * removes their links).
 */
import type Database from 'better-sqlite3';
import { stmt } from './rows';
import type { SqlParam } from '../../db/store/port';

/** Every table with rows of one instance (`instance_id`), runtime and history; the tasks first. */
export const INSTANCE_ROW_TABLES = [
  'wf_task', 'wf_execution', 'wf_variable', 'wf_timer', 'wf_event_subscription', 'wf_hi_actinst', 'wf_hi_taskinst', 'wf_comment', 'wf_cc',
] as const;

/**
 * Deletes the instances whose ids `ids` selects (a SELECT of one column `id`, with `params`), and
 * all their rows in INSTANCE_ROW_TABLES; inside the caller's transaction. Resolves to how many
 * wf_instance rows went. `ids` is this module's callers' own text, never input.
 */
export function deleteInstancesWhere(db: Database.Database, ids: string, params: readonly SqlParam[]): number {
  for (const table of INSTANCE_ROW_TABLES) stmt(db, `DELETE FROM ${table} WHERE instance_id IN (${ids})`).run(...params);
  return stmt(db, `DELETE FROM wf_instance WHERE id IN (${ids})`).run(...params).changes;
}

/**
 * A SELECT of one column `id` for deleteInstancesWhere: the instances `seed` selects (its own
 * SELECT of one column, with its own parameters) and, recursively, every instance their call
 * activities started (wf_instance.super_instance_id), whatever deployment those come from.
 */
export function withCalledInstances(seed: string): string {
  return `WITH RECURSIVE d(id) AS (${seed}
    UNION SELECT i.id FROM wf_instance i JOIN d ON i.super_instance_id = d.id) SELECT id FROM d`;
}
