/**
 * Opens the SQLite database (a file path or `:memory:`), sets WAL and foreign keys, applies the
 * committed drizzle-kit migrations in `drizzle/`, and returns the Drizzle handle.
 * Errors: throws when the file cannot be opened or a migration fails (boot stops), and for a
 * `postgres://` URL (POSTGRES_NOT_YET).
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INLINE_AUTOCHECKPOINT_PAGES } from './checkpointer';
import * as schema from './schema';
import { dbKindOf } from './store/port';

/** Why `npm start` refuses a postgres:// DATABASE_URL for now. */
export const POSTGRES_NOT_YET = 'DATABASE_URL names a PostgreSQL database; the server does not run on PostgreSQL yet (issue 43 is moving its code onto the store port). Use a SQLite file; `caishui copy <sqlite file> <postgres url>` already copies an install into PostgreSQL.';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultMigrationsFolder = path.resolve(here, '../../drizzle');

/** Page size (bytes) of a database file this function creates. */
export const NEW_FILE_PAGE_SIZE = 1024;

export interface OpenDatabaseOptions {
  /** `:memory:` or a file path; parent folders are created. */
  url: string;
  migrationsFolder?: string;
  /** A loaded better-sqlite3 addon (single-binary builds). */
  nativeBinding?: unknown;
}

export function openDatabase(options: OpenDatabaseOptions): Db {
  const { url } = options;
  // Issue 43 in progress: the store port has a PostgreSQL adapter, but the server's own code does
  // not run on it yet; a postgres:// URL must not become a SQLite file named after it.
  if (dbKindOf(url) === 'postgres') throw new Error(POSTGRES_NOT_YET);
  if (url !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true });
  const fresh = url !== ':memory:' && (!fs.existsSync(url) || fs.statSync(url).size === 0);
  const sqlite = new Database(url, options.nativeBinding ? { nativeBinding: options.nativeBinding as string } : {});
  if (url !== ':memory:') {
    // A new file gets 1 KiB pages (SQLite's default is 4 KiB): an engine command dirties ~20 pages
    // (one per table and index it touches), so the WAL bytes written and checkpointed per commit
    // drop from ~82 KiB to ~24 KiB (bench/engine.bench.ts). Must precede journal_mode, which
    // creates the file; an existing database keeps the page size it was created with.
    if (fresh) sqlite.pragma(`page_size = ${NEW_FILE_PAGE_SIZE}`);
    sqlite.pragma('journal_mode = WAL');
    // WAL + NORMAL: commits survive a process crash; only an OS crash may lose the last ones.
    // FULL costs ~3.4 ms per commit here (engine bench), which would cap commands near 300/s.
    sqlite.pragma('synchronous = NORMAL');
    // Checkpoint every 8,000 WAL pages instead of 1,000: each checkpoint fsyncs twice, which
    // cost ~1 ms of wall time per engine instance at 1,000 (bench/engine.bench.ts). The server
    // moves checkpoints to a worker thread (./checkpointer.ts) and raises this to a fallback.
    sqlite.pragma(`wal_autocheckpoint = ${INLINE_AUTOCHECKPOINT_PAGES}`);
    // A 64 MiB page cache (default 2 MiB) keeps the hot runtime tables and indexes in memory.
    sqlite.pragma('cache_size = -65536');
  }
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema }) as Db;
  migrate(db, { migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder });
  return db;
}
