/**
 * The SQLite figures 服务监控 shows (PRAGMAs of the app's connection).
 */
import type { Db } from '../../../db/client';

/** Page size and count, free pages, journal mode and the SQLite library version. */
export function databaseFigures(db: Db): { pageSize: number; pageCount: number; freePages: number; journalMode: string; sqliteVersion: string } {
  const c = db.$client;
  const num = (p: string) => Number(c.pragma(p, { simple: true }) ?? 0);
  return {
    pageSize: num('page_size'), pageCount: num('page_count'), freePages: num('freelist_count'),
    journalMode: String(c.pragma('journal_mode', { simple: true }) ?? ''),
    sqliteVersion: String(c.prepare('SELECT sqlite_version()').pluck().get()),
  };
}
