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
import { sqliteConnectionOf } from './client';
import type { Store } from './store/port';
import { pauseLingerOf, pendingCommitOf } from './store/sqlite';

/** Why there is no online backup on PostgreSQL (the backup job answers it). */
export const PG_BACKUP_MESSAGE = '数据库备份任务仅用于 SQLite 数据库，PostgreSQL 请使用 pg_dump 备份';

/**
 * Copies the SQLite store's connection (`store.db`'s) into `file`; the number of pages copied.
 * Errors: PG_BACKUP_MESSAGE on PostgreSQL (pg_dump backs it up: README "Two databases");
 * better-sqlite3's.
 */
export async function onlineBackup(store: Store, file: string): Promise<number> {
  if (store.kind !== 'sqlite') throw new Error(PG_BACKUP_MESSAGE);
  const sqlite = sqliteConnectionOf(store);
  const resume = pauseLingerOf(store);
  try {
    await pendingCommitOf(store)?.catch(() => undefined);
    return (await sqlite.backup(file)).totalPages;
  } finally {
    resume();
  }
}
