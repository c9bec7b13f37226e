/**
 * Change detection for in-memory caches of database reads (issue 15), without a SQLite call per
 * cache hit (in WAL mode every statement opens a read transaction, a pair of lock syscalls: that
 * alone cost ~10% of a cached request).
 *
 * - Writes on this connection: TEMP triggers (connection-local, not part of the database schema)
 *   on each watched table and operation call a JS function that bumps the table's counter during
 *   the write itself, so `localWrites` sees them at once. A write rolled back later bumps too:
 *   the cache reloads for nothing, never serves a stale value.
 * - Writes on other connections (another process, a script, the sqlite3 shell): callers poll a
 *   value that such a commit moves (`PRAGMA data_version`, or a trigger-kept counter row) at most
 *   every EXTERNAL_POLL_MS with `polled`, so those writes show within that delay.
 */
import type { Db } from './client';

/** Longest time a commit by another connection goes unnoticed by a cache (ms). */
export const EXTERNAL_POLL_MS = 1000;

export type WriteOp = 'INSERT' | 'UPDATE' | 'DELETE';

interface Watch {
  counters: Map<string, number>;
  /** Moved by forgetLocalWrites: added to every table's count. */
  forgotten: number;
  /** Trigger name → its CREATE statement (re-run by forgetLocalWrites). */
  installed: Map<string, string>;
  polls: Map<string, { at: number; value: number }>;
  /** `PRAGMA data_version`, prepared once per connection. */
  dataVersion: () => number;
}

const FUNCTION = 'caishui_table_written';
const watches = new WeakMap<Db, Watch>();

function watchOf(db: Db): Watch {
  let w = watches.get(db);
  if (!w) {
    const counters = new Map<string, number>();
    db.$client.function(FUNCTION, { deterministic: false }, (table: unknown) => {
      counters.set(String(table), (counters.get(String(table)) ?? 0) + 1);
      return null;
    });
    const version = db.$client.prepare('PRAGMA data_version').pluck();
    w = { counters, forgotten: 0, installed: new Map(), polls: new Map(), dataVersion: () => version.get() as number };
    watches.set(db, w);
  }
  return w;
}

/**
 * Installs (once per connection, table and operation) the TEMP triggers that count this
 * connection's writes to `tables` (table → operations; default all three).
 * Errors: throws on a table name that is not `[a-z_]+`.
 */
export function watchTables(db: Db, tables: Record<string, readonly WriteOp[] | undefined>): void {
  const w = watchOf(db);
  for (const [table, ops] of Object.entries(tables)) {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
    for (const op of ops ?? ['INSERT', 'UPDATE', 'DELETE']) {
      const name = `caishui_tw_${table}_${op.toLowerCase()}`;
      if (w.installed.has(name)) continue;
      const create = `CREATE TEMP TRIGGER IF NOT EXISTS ${name} AFTER ${op} ON main.${table}
        BEGIN SELECT ${FUNCTION}('${table}'); END`;
      db.$client.exec(create);
      w.installed.set(name, create);
    }
  }
}

/** Writes this connection made to `tables` (watched with watchTables) since it opened. */
export function localWrites(db: Db, tables: readonly string[]): number {
  const { counters, forgotten } = watchOf(db);
  let n = forgotten;
  for (const t of tables) n += counters.get(t) ?? 0;
  return n;
}

/** How many times forgetLocalWrites ran on `db` (it moves when a group COMMIT failed). */
export function forgetCount(db: Db): number {
  return watchOf(db).forgotten;
}

/**
 * Moves every table's count at once (server/db/store/sqlite.ts: a group whose COMMIT failed), so
 * every cache stamped with `localWrites` loads afresh. The triggers are created again when
 * missing: one first created inside the rolled-back group (a cache's first read inside it)
 * went with it, and the writes it counted would otherwise go unseen from then on.
 */
export function forgetLocalWrites(db: Db): void {
  const w = watchOf(db);
  w.forgotten++;
  if (db.$client.open && !db.$client.inTransaction) for (const create of w.installed.values()) db.$client.exec(create);
}

/**
 * `read()` (a value another connection's commit moves) as last read, read again when
 * EXTERNAL_POLL_MS have passed since (`now`, epoch ms; a clock that went back reads again too).
 */
export function polled(db: Db, key: string, now: number, read: () => number): number {
  const { polls } = watchOf(db);
  const last = polls.get(key);
  if (last && now >= last.at && now - last.at < EXTERNAL_POLL_MS) return last.value;
  const value = read();
  polls.set(key, { at: now, value });
  return value;
}

/**
 * `PRAGMA data_version` as polled at `now` (epoch ms): it moves when another connection commits
 * (any table), so a cache stamped with it starts afresh within EXTERNAL_POLL_MS of such a commit.
 */
export function otherCommits(db: Db, now: number): number {
  const w = watchOf(db);
  return polled(db, 'data_version', now, w.dataVersion);
}
