/**
 * Copies a whole database into a new, empty one of either kind (issue 43 "A migration path: an
 * existing SQLite install can copy its data into a new PostgreSQL database"): `caishui copy <from>
 * <to>` (server/cli.ts). SQLite → PostgreSQL is the migration; PostgreSQL → SQLite goes back.
 *
 * - **Source**: a SQLite file (opened read-only; it must have every migration of this version
 *   applied: `caishui migrate` first) or a PostgreSQL URL (migrated to this version).
 * - **Target**: a SQLite file that does not exist yet, or a PostgreSQL database that holds no
 *   app rows (create the database and its owner role first); its migrations are applied here.
 * - **What is copied**: every table of the source that the target's schema has, all columns by
 *   name, ids included; tables the target lacks (a generated module's tables, issue 43 leaves
 *   their install to the next start) are reported as skipped. Order: referenced tables before the
 *   ones whose foreign keys point at them; `sys_auth_version` last (the triggers bump it while
 *   the other tables are written; the source's row replaces it). One transaction on the target:
 *   a failure leaves it as it was after its migrations.
 * - **After**: on PostgreSQL the identity sequences move past the copied ids (advanceSequences).
 *
 * Values: SQLite integers and PostgreSQL integer/bigint both arrive as JS numbers (int8 parsed as
 * a number: the app's ids, epoch milliseconds and sizes stay below 2^53), texts as strings, blobs
 * as buffers; booleans (a PostgreSQL boolean column) are written to SQLite as 1/0.
 *
 * Errors: throws (nothing written) when a URL names the same database twice, the SQLite source is
 * missing or behind on migrations, the SQLite target exists, the PostgreSQL target holds rows, or
 * a table of both sides has a source column the target lacks.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { defaultMigrationsFolder, openDatabase } from './client';
import { advanceSequences, defaultPgMigrationsFolder, migratePostgres } from './pg-schema/migrate';
import { dbKindOf, type DbKind } from './store/port';

/** Rows per INSERT statement sent to PostgreSQL (bounded by its 65,535 parameters too). */
const ROWS_PER_INSERT = 500;
/** Written after every other table (see the module comment). */
const LAST_TABLES = ['sys_auth_version'];

export interface CopyOptions {
  migrationsFolder?: string;
  pgMigrationsFolder?: string;
  nativeBinding?: unknown;
}

export interface CopyReport {
  from: DbKind;
  to: DbKind;
  tables: { name: string; rows: number }[];
  skipped: string[];
}

/** One side of a copy, read or written table by table. */
interface Side {
  tables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
  rows(table: string, columns: string[]): Promise<unknown[][]>;
  count(table: string): Promise<number>;
  clear(table: string): Promise<void>;
  insert(table: string, columns: string[], rows: unknown[][]): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
  /** Foreign keys: table → the tables it references. */
  references(): Promise<Map<string, string[]>>;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

function sqliteSide(db: Database.Database): Side {
  return {
    tables: async () => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").pluck().all() as string[]),
    columns: async (t) => (db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).pluck().all(t) as string[]),
    rows: async (t, cols) => db.prepare(`SELECT ${cols.map(q).join(', ')} FROM ${q(t)}`).raw().all() as unknown[][],
    count: async (t) => Number(db.prepare(`SELECT count(*) FROM ${q(t)}`).pluck().get()),
    clear: async (t) => { db.prepare(`DELETE FROM ${q(t)}`).run(); },
    insert: async (t, cols, rows) => {
      const st = db.prepare(`INSERT INTO ${q(t)} (${cols.map(q).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
      for (const r of rows) st.run(...r.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)));
    },
    begin: async () => { db.exec('BEGIN IMMEDIATE'); },
    commit: async () => { db.exec('COMMIT'); },
    rollback: async () => { if (db.inTransaction) db.exec('ROLLBACK'); },
    close: async () => { if (db.open) db.close(); },
    references: async () => {
      const map = new Map<string, string[]>();
      for (const t of await sqliteSide(db).tables()) {
        map.set(t, [...new Set(db.prepare('SELECT "table" FROM pragma_foreign_key_list(?)').pluck().all(t) as string[])]);
      }
      return map;
    },
  };
}

/** int8 (oid 20) as a number; the other types as node-postgres parses them. */
const types = { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser };

function pgSide(client: pg.Client): Side {
  return {
    tables: async () => (await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")).rows.map((r) => r.name),
    columns: async (t) => (await client.query<{ name: string }>(
      'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position', [t])).rows.map((r) => r.name),
    rows: async (t, cols) => (await client.query({ text: `SELECT ${cols.map(q).join(', ')} FROM ${q(t)}`, rowMode: 'array' })).rows as unknown[][],
    count: async (t) => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${q(t)}`)).rows[0].n),
    clear: async (t) => { await client.query(`DELETE FROM ${q(t)}`); },
    insert: async (t, cols, rows) => {
      const per = Math.max(1, Math.min(ROWS_PER_INSERT, Math.floor(60000 / cols.length)));
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const values = chunk.map((_, r) => `(${cols.map((__, c) => `$${r * cols.length + c + 1}`).join(', ')})`).join(', ');
        await client.query(`INSERT INTO ${q(t)} (${cols.map(q).join(', ')}) OVERRIDING SYSTEM VALUE VALUES ${values}`, chunk.flat());
      }
    },
    begin: async () => { await client.query('BEGIN'); },
    commit: async () => { await client.query('COMMIT'); },
    rollback: async () => { await client.query('ROLLBACK'); },
    close: async () => { await client.end(); },
    references: async () => {
      const { rows } = await client.query<{ t: string; r: string }>(
        `SELECT DISTINCT tc.table_name AS t, ccu.table_name AS r FROM information_schema.table_constraints tc
         JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
         WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`);
      const map = new Map<string, string[]>();
      for (const { t, r } of rows) map.set(t, [...(map.get(t) ?? []), r]);
      return map;
    },
  };
}

/** `tables` ordered so that every table comes after the tables its foreign keys reference. */
function dependencyOrder(tables: string[], refs: Map<string, string[]>): string[] {
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: string) => {
    if (state.get(t) === 'done' || state.get(t) === 'visiting') return;
    state.set(t, 'visiting');
    for (const r of refs.get(t) ?? []) if (r !== t && tables.includes(r)) visit(r);
    state.set(t, 'done');
    out.push(t);
  };
  for (const t of tables) if (!LAST_TABLES.includes(t)) visit(t);
  return [...out, ...LAST_TABLES.filter((t) => tables.includes(t))];
}

function migrationCount(folder: string): number {
  return (JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
}

/** A PostgreSQL side, migrated to this version first (source and target alike). */
async function openPostgres(url: string, o: CopyOptions): Promise<Side> {
  await migratePostgres(url, o.pgMigrationsFolder ?? defaultPgMigrationsFolder);
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  return pgSide(client);
}

async function openSource(url: string, o: CopyOptions): Promise<Side> {
  if (dbKindOf(url) === 'postgres') return openPostgres(url, o);
  const file = path.resolve(url);
  if (!fs.existsSync(file)) throw new Error(`no SQLite database at ${file}`);
  const db = new Database(file, { readonly: true, fileMustExist: true, ...(o.nativeBinding ? { nativeBinding: o.nativeBinding as string } : {}) });
  const applied = Number(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = '__drizzle_migrations'").pluck().get())
    ? Number(db.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()) : 0;
  const expected = migrationCount(o.migrationsFolder ?? defaultMigrationsFolder);
  if (applied !== expected) {
    db.close();
    throw new Error(`${file} has ${applied} of this version's ${expected} migrations: run caishui migrate on it first`);
  }
  return sqliteSide(db);
}

async function openTarget(url: string, o: CopyOptions): Promise<Side> {
  if (dbKindOf(url) === 'postgres') return openPostgres(url, o);
  const file = path.resolve(url);
  if (url === ':memory:' || fs.existsSync(file)) throw new Error(`the SQLite target must be a new file: ${url} exists or is :memory:`);
  const db = openDatabase({ url: file, migrationsFolder: o.migrationsFolder, nativeBinding: o.nativeBinding });
  return sqliteSide(db.$client);
}

/** Copies `fromUrl` into `toUrl`; see the module comment. Resolves with the rows per table. */
export async function copyDatabase(fromUrl: string, toUrl: string, options: CopyOptions = {}): Promise<CopyReport> {
  const same = dbKindOf(fromUrl) === 'sqlite' && dbKindOf(toUrl) === 'sqlite' ? path.resolve(fromUrl) === path.resolve(toUrl) : fromUrl === toUrl;
  if (same) throw new Error('source and target are the same database');
  const source = await openSource(fromUrl, options);
  let target: Side | undefined;
  try {
    target = await openTarget(toUrl, options);
    const [fromTables, toTables] = [await source.tables(), await target.tables()];
    const common = fromTables.filter((t) => toTables.includes(t));
    for (const t of common) {
      if (LAST_TABLES.includes(t)) continue;
      const n = await target.count(t);
      if (n > 0) throw new Error(`the target database is not empty: ${t} has ${n} rows`);
    }
    const refs = await source.references();
    const report: CopyReport = { from: dbKindOf(fromUrl), to: dbKindOf(toUrl), tables: [], skipped: fromTables.filter((t) => !toTables.includes(t)) };
    await target.begin();
    try {
      for (const t of dependencyOrder(common, refs)) {
        const [cols, toCols] = [await source.columns(t), await target.columns(t)];
        const missing = cols.filter((c) => !toCols.includes(c));
        if (missing.length) throw new Error(`${t}: the target lacks the column(s) ${missing.join(', ')}`);
        const rows = await source.rows(t, cols);
        if (LAST_TABLES.includes(t)) await target.clear(t);
        await target.insert(t, cols, rows);
        report.tables.push({ name: t, rows: rows.length });
      }
      await target.commit();
    } catch (err) {
      await target.rollback();
      throw err;
    }
    if (dbKindOf(toUrl) === 'postgres') await advanceSequences(toUrl);
    return report;
  } finally {
    await source.close();
    await target?.close();
  }
}
