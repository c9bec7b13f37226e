/**
 * The database figures 服务监控 shows, through the async store (issue 43): on SQLite the PRAGMAs
 * of the app's connection (page size and count, free pages, journal mode) and the library
 * version; on PostgreSQL (behind `store.kind`) the block size, the database's size in blocks,
 * no free-page count (0), journal mode `wal` (PostgreSQL always writes ahead) and the server version.
 */
import type { Store } from '../../../db/store/port';

/** What the monitor shows of the database (shared/schemas/monitor/server.ts ServerDb's figures). */
export interface DatabaseFigures {
  pageSize: number;
  pageCount: number;
  freePages: number;
  journalMode: string;
  /** The SQLite library version (on PostgreSQL: the server's version). */
  sqliteVersion: string;
}

/** Page size and count, free pages, journal mode and the database version. */
export async function databaseFigures(store: Pick<Store, 'kind' | 'get'>): Promise<DatabaseFigures> {
  if (store.kind === 'postgres') {
    const r = await store.get<{ pageSize: string; bytes: string; version: string }>(
      `SELECT current_setting('block_size') AS "pageSize", pg_database_size(current_database()) AS "bytes", current_setting('server_version') AS "version"`);
    const pageSize = Number(r?.pageSize ?? 0);
    return { pageSize, pageCount: pageSize > 0 ? Math.ceil(Number(r?.bytes ?? 0) / pageSize) : 0, freePages: 0, journalMode: 'wal', sqliteVersion: String(r?.version ?? '') };
  }
  const pragma = async (name: string) => Object.values((await store.get<Record<string, unknown>>(`PRAGMA ${name}`)) ?? {})[0];
  const num = async (name: string) => Number((await pragma(name)) ?? 0);
  const version = await store.get<{ v: string }>('SELECT sqlite_version() AS "v"');
  return {
    pageSize: await num('page_size'), pageCount: await num('page_count'), freePages: await num('freelist_count'),
    journalMode: String((await pragma('journal_mode')) ?? ''),
    sqliteVersion: String(version?.v ?? ''),
  };
}
