/**
 * The SQLite probes of the health check (server/health.ts, issue 7): `SELECT 1`, the file's size
 * and its journal mode on the app's better-sqlite3 connection, with statements prepared once per
 * connection (issue 15: a probe prepares nothing). SQLite-only, so kept in the database layer;
 * PostgreSQL's check goes through the store (server/health.ts checkStoreHealth).
 */

/** The better-sqlite3 call the check needs (so tests can pass a failing stand-in). */
export interface SqliteProbe {
  prepare(sql: string): { pluck(toggle?: boolean): { get(): unknown } };
}

/** A Drizzle SQLite handle as the health route holds it (the SQLite store's `store.db`). */
export type SqliteHandle = { $client: SqliteProbe };

/** The connection of a Drizzle SQLite handle. */
export const sqliteProbeOf = (db: SqliteHandle): SqliteProbe => db.$client;

type Probes = Record<'one' | 'pageCount' | 'pageSize' | 'journalMode', { get(): unknown }>;
const prepared = new WeakMap<SqliteProbe, Probes>();

/** The four probes of `sqlite`, prepared on its first check. */
function statementsOf(sqlite: SqliteProbe): Probes {
  let q = prepared.get(sqlite);
  if (!q) {
    q = {
      one: sqlite.prepare('SELECT 1').pluck(),
      pageCount: sqlite.prepare('PRAGMA page_count').pluck(),
      pageSize: sqlite.prepare('PRAGMA page_size').pluck(),
      journalMode: sqlite.prepare('PRAGMA journal_mode').pluck(),
    };
    prepared.set(sqlite, q);
  }
  return q;
}

/**
 * Runs the four probes on `sqlite`: `sizeBytes` = `page_count * page_size` (0 when unknown),
 * `walMode` = journal mode `wal`. Errors: throws what a probe throws (a closed connection
 * included), or when `SELECT 1` answers anything but 1.
 */
export function probeSqlite(sqlite: SqliteProbe): { sizeBytes: number; walMode: boolean } {
  const q = statementsOf(sqlite);
  const one = q.one.get();
  if (one !== 1) throw new Error(`SELECT 1 returned ${String(one)}`);
  const pageCount = Number(q.pageCount.get() ?? 0);
  const pageSize = Number(q.pageSize.get() ?? 0);
  const journalMode = String(q.journalMode.get() ?? '').toLowerCase();
  return { sizeBytes: pageCount * pageSize || 0, walMode: journalMode === 'wal' };
}
