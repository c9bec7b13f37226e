/**
 * Opens the app's database by the kind `DATABASE_URL` names (issue 43, server/db/store/port.ts
 * dbKindOf):
 * - `openDatabase`: SQLite (a file path or `:memory:`): sets WAL and foreign keys, applies the
 *   committed drizzle-kit migrations in `drizzle/`, and returns the synchronous Drizzle handle
 *   (the caller wraps it in the SQLite store, server/db/store/sqlite.ts);
 * - `openPostgres`: PostgreSQL (`postgres://…`): applies `drizzle-pg/`'s migrations, then opens
 *   the PostgreSQL store (a node-postgres pool, server/db/store/postgres.ts).
 * Seeding is the caller's (server/app.ts, over the store, on both kinds).
 * Errors: throws when the file cannot be opened, the server cannot be reached or a migration fails
 * (boot stops); `openDatabase` refuses a `postgres://` URL (SQLITE_ONLY) instead of creating a
 * SQLite file named after it.
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INLINE_AUTOCHECKPOINT_PAGES } from './checkpointer';
import * as schema from './schema';
import { dbKindOf, type Store } from './store/port';
import { defaultPgMigrationsFolder, migratePostgres } from './pg-schema/migrate';
import { openPostgresStore, type PostgresStoreOptions } from './store/postgres';

/**
 * The better-sqlite3 connection of a SQLite store (its `db`'s), for what only SQLite has (the
 * SQLite engine's synchronous role lookup, the online backup). Errors: throws for another kind.
 */
export function sqliteConnectionOf(store: Pick<Store, 'kind' | 'db'>): Database.Database {
  if (store.kind !== 'sqlite') throw new Error(`a ${store.kind} store has no SQLite connection`);
  return (store.db as Db).$client;
}

/** Why `openDatabase` refuses a postgres:// URL: it opens SQLite only (openPostgres opens PostgreSQL). */
export const SQLITE_ONLY = 'openDatabase opens a SQLite database; DATABASE_URL names a PostgreSQL one (open it with openPostgres)';

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

/** True when `folder`'s journal lists more migrations than drizzle has recorded in `sqlite`. */
function migrationsPending(sqlite: Database.Database, folder: string): boolean {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  const applied = table ? (sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n : 0;
  return applied < journal.entries.length;
}

/** `PRAGMA foreign_key_check`'s rows as `table → parent` texts. */
const foreignKeyViolations = (sqlite: Database.Database) =>
  (sqlite.pragma('foreign_key_check') as Array<{ table: string; parent: string }>).map((v) => `${v.table} → ${v.parent}`);

export function openDatabase(options: OpenDatabaseOptions): Db {
  const { url } = options;
  // A postgres:// URL must not become a SQLite file named after it.
  if (dbKindOf(url) === 'postgres') throw new Error(SQLITE_ONLY);
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
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema }) as Db;
  // Migrations run with foreign keys off (SQLite's procedure for rebuilding a table; the
  // migrator's own `PRAGMA foreign_keys` lines are no-ops inside its transaction): with them on,
  // a rebuild's DROP TABLE deletes the old table's rows first and cascades to the tables that
  // reference it (0012 rebuilds wf_task, which wf_identity_link references). When migrations are
  // pending, they must leave no reference broken that was not broken before (checked around them
  // only, not at every boot: the check reads every referencing table; rows an old install already
  // had broken do not stop it).
  sqlite.pragma('foreign_keys = OFF');
  try {
    const folder = options.migrationsFolder ?? defaultMigrationsFolder;
    const pending = migrationsPending(sqlite, folder);
    const before = pending ? foreignKeyViolations(sqlite).length : 0;
    migrate(db, { migrationsFolder: folder });
    const after = pending ? foreignKeyViolations(sqlite) : [];
    if (after.length > before) throw new Error(`数据库迁移后外键不一致：${after.slice(0, 5).join(', ')}`);
  } catch (e) {
    sqlite.close();
    throw e;
  }
  sqlite.pragma('foreign_keys = ON');
  return db;
}

export interface OpenPostgresOptions extends PostgresStoreOptions {
  /** `postgres://…` or `postgresql://…`. */
  url: string;
  /** PostgreSQL's migrations (default `drizzle-pg/`). */
  migrationsFolder?: string;
}

/**
 * Opens a PostgreSQL database for the app: applies the migrations of `drizzle-pg/` it lacks (their
 * own connection), then opens the store (a pool of `max` connections). The store's `db` is a
 * node-postgres Drizzle handle, typed as the SQLite one (`Store<Db>`, as the code on the port
 * takes it: Drizzle queries awaited, README "Two databases"). Errors: rejects when the server
 * cannot be reached or a migration fails (nothing is left open).
 */
export async function openPostgres(options: OpenPostgresOptions): Promise<Store<Db>> {
  const { url, migrationsFolder, ...storeOptions } = options;
  if (dbKindOf(url) !== 'postgres') throw new Error(`not a PostgreSQL URL: ${url}`);
  await migratePostgres(url, migrationsFolder ?? defaultPgMigrationsFolder);
  return (await openPostgresStore(url, storeOptions)) as unknown as Store<Db>;
}
