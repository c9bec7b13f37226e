/**
 * An online copy of the SQLite database through the app's own connection (the backup job,
 * modules/monitor/job/handlers.ts): SQLite's online backup API (better-sqlite3 `backup()`),
 * consistent while the server writes.
 *
 * While it runs the store's transaction groups do not linger (server/db/store/sqlite.ts
 * pauseLinger), and it starts once the group open now has ended: SQLite answers a backup step
 * SQLITE_BUSY while its source connection is in a write transaction, and better-sqlite3 takes a
 * first step's BUSY for the end of an empty copy. Writes made through the connection meanwhile
 * reach the copy (SQLite updates it); another process's restart it.
 */
import type { Db } from './client';
import type { Store } from './store/port';
import { pauseLingerOf, pendingCommitOf } from './store/sqlite';

/** Copies `db` (the store's connection) into `file`; the number of pages copied. Errors: better-sqlite3's. */
export async function onlineBackup(store: Store, db: Db, file: string): Promise<number> {
  const resume = pauseLingerOf(store);
  try {
    await pendingCommitOf(store)?.catch(() => undefined);
    return (await db.$client.backup(file)).totalPages;
  } finally {
    resume();
  }
}
