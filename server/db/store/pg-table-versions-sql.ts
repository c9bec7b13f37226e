/**
 * The SQL of the PostgreSQL table versions (./pg-table-versions.ts, issue 43): the schema
 * `caishui_watch` with its version and change tables, the trigger function that appends a change
 * row and notifies NOTIFY_CHANNEL, the statement-level triggers per table and operation, the poll
 * of the per-table versions and the compaction of the appended rows. Fixed texts; table names
 * come from the watched tables' declarations (code), never from input.
 */
import type { WriteOp } from '../table-watch';

/** The channel the trigger function notifies (payload: the table's name) and the listener LISTENs on. */
export const NOTIFY_CHANNEL = 'caishui_tables';
/** A comment in the trigger function's body: its presence says the installed function is this version. */
export const FUNCTION_MARK = 'caishui table versions v1';

/** The schema, its two tables and the trigger function, idempotent (run once under the install's advisory lock). */
export const INSTALL_BASE = [
  'CREATE SCHEMA IF NOT EXISTS caishui_watch',
  'CREATE TABLE IF NOT EXISTS caishui_watch.table_version (name text PRIMARY KEY, version bigint NOT NULL)',
  'CREATE TABLE IF NOT EXISTS caishui_watch.table_change (name text NOT NULL)',
  `CREATE OR REPLACE FUNCTION caishui_watch.table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- ${FUNCTION_MARK}
  IF EXISTS (SELECT 1 FROM caishui_changed_rows) THEN
    INSERT INTO caishui_watch.table_change (name) VALUES (TG_TABLE_NAME);
    PERFORM pg_notify('${NOTIFY_CHANNEL}', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$`,
];

/** The trigger of `table` for `op`: `caishui_tv_<table>_<op>`. */
export const triggerName = (table: string, op: WriteOp) => `caishui_tv_${table}_${op.toLowerCase()}`;
/** The statement-level trigger of `table` for `op` (AFTER … FOR EACH STATEMENT, its changed rows as a transition table). */
export const createTrigger = (table: string, op: WriteOp) => `CREATE OR REPLACE TRIGGER ${triggerName(table, op)} AFTER ${op} ON public.${table}
  REFERENCING ${op === 'DELETE' ? 'OLD' : 'NEW'} TABLE AS caishui_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION caishui_watch.table_changed()`;

/** Per table, its version: the compacted count plus the change rows appended since (`name`, `n`). */
export const VERSIONS = `SELECT name, sum(n)::int8 AS n FROM (SELECT name, version AS n FROM caishui_watch.table_version
  UNION ALL SELECT name, count(*) FROM caishui_watch.table_change GROUP BY name) v GROUP BY name`;
/** Folds the appended change rows into the version rows in one statement (the sums unchanged). */
export const COMPACT = `WITH gone AS (DELETE FROM caishui_watch.table_change RETURNING name)
  INSERT INTO caishui_watch.table_version (name, version) SELECT name, count(*) FROM gone GROUP BY name
  ON CONFLICT (name) DO UPDATE SET version = caishui_watch.table_version.version + excluded.version`;
