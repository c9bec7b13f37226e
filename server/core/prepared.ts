/**
 * Drizzle prepared queries kept per database handle (issue 15): a hot read builds its SQL and
 * prepares the better-sqlite3 statement once per shape instead of on every call. The shape key
 * names everything baked into the statement (which filters are present, the order, the data
 * scope condition with its values: `sqlKey`); values that vary per call are `sql.placeholder`s.
 * At most PREPARED_MAX shapes per handle; past that the oldest is dropped (and rebuilt if needed).
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';

export const PREPARED_MAX = 500;

const shapes = new WeakMap<object, Map<string, unknown>>();
const dialect = new SQLiteSyncDialect();

/**
 * The prepared queries of `key` on `db` (a Drizzle handle, or a better-sqlite3 connection for
 * raw statements), built by `build` on first use.
 */
export function preparedFor<T>(db: object, key: string, build: () => T): T {
  let map = shapes.get(db);
  if (!map) shapes.set(db, (map = new Map()));
  let hit = map.get(key) as T | undefined;
  if (hit === undefined) {
    hit = build();
    map.set(key, hit);
    if (map.size > PREPARED_MAX) map.delete(map.keys().next().value as string);
  }
  return hit;
}

/** A condition as a cache-key part: its SQL text and bound values ('' for none). */
export function sqlKey(condition: SQL | undefined): string {
  if (!condition) return '';
  const q = dialect.sqlToQuery(condition);
  return `${q.sql}\u0000${JSON.stringify(q.params)}`;
}
