/**
 * The SQL the code generator runs on SQLite's own catalogue (reference §8: RuoYi reads
 * information_schema; SQLite has sqlite_master and `PRAGMA table_xinfo` / `index_list`), and the
 * DDL it executes: 创建's checked CREATE TABLE / CREATE INDEX texts (create-table.ts) and the
 * install steps of generated modules (module-install.ts). What the rows mean (comments, which
 * tables are offered, whether a run did what it announced) stays in those files and
 * sqlite-tables.ts.
 *
 * On the async store (issue 43): the catalogue reads, 创建's DDL and the install steps' statements
 * go through `store.all / get / run` (inside the caller's `store.transaction`). The catalogue
 * reads are SQLite's: PostgreSQL's are in pg-schema.repo.ts (sqlite-tables.ts and create-table.ts
 * pick by store.kind). runDdl runs text written for the store's database (on PostgreSQL by pg-ddl.ts).
 */
import type { Statements } from '../../../db/store/port';

type Reads = Pick<Statements, 'all'>;
type ReadsOne = Pick<Statements, 'get'>;

/** `{name, sql}` of every table in sqlite_master (views excluded), ordered by name. */
export async function masterTables(store: Reads): Promise<Array<{ name: string; sql: string | null }>> {
  // SQLite catalogue: PostgreSQL's is pg-schema.repo.ts pgTables
  return store.all<{ name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name");
}

/** `{name, sql}` of the table named exactly `tableName`, or undefined. */
export async function masterTable(store: ReadsOne, tableName: string): Promise<{ name: string; sql: string | null } | undefined> {
  // SQLite catalogue: PostgreSQL's is pg-schema.repo.ts pgTable
  return store.get<{ name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name = ?", [tableName]);
}

/** Whether any table, view or index of that name exists (case-insensitive, as SQLite resolves names). */
export async function dbObjectExists(store: ReadsOne, name: string): Promise<boolean> {
  // SQLite catalogue: PostgreSQL's is pg-schema.repo.ts pgObjectExists
  return (await store.get<{ n: number }>('SELECT 1 AS n FROM sqlite_master WHERE lower(name) = lower(?)', [name])) !== undefined;
}

/** `{type, name, tbl_name}` of every object in sqlite_master (before / after a createTable run). */
export async function masterObjects(store: Reads): Promise<Array<{ type: string; name: string; tbl_name: string }>> {
  // SQLite catalogue: PostgreSQL's is pg-schema.repo.ts pgObjects
  return store.all<{ type: string; name: string; tbl_name: string }>('SELECT type, name, tbl_name FROM sqlite_master');
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One row of `PRAGMA table_xinfo`. */
export type TableXInfoRow = { cid: number; name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number };

/** `PRAGMA table_xinfo(<tableName>)`: the table's columns in declaration order (hidden ones included). */
export async function tableXInfo(store: Reads, tableName: string): Promise<TableXInfoRow[]> {
  // SQLite catalogue: PostgreSQL's is pg-schema.repo.ts pgColumns
  return store.all<TableXInfoRow>(`PRAGMA table_xinfo(${quoteId(tableName)})`);
}

/** `{origin}` of each row of `PRAGMA index_list(<tableName>)` ('pk' for a primary-key index). */
export async function indexOrigins(store: Reads, tableName: string): Promise<Array<{ origin: string }>> {
  // SQLite catalogue: PostgreSQL's is pg-schema.repo.ts pgPrimaryKey
  return store.all<{ origin: string }>(`PRAGMA index_list(${quoteId(tableName)})`);
}

/**
 * Runs one DDL statement `text` as written (创建's checked CREATE TABLE / CREATE INDEX; the
 * install steps of generated modules, module-install.ts) on the store, inside the caller's
 * transaction. Errors: the database's error.
 */
export async function runDdl(store: Pick<Statements, 'run'>, text: string): Promise<void> {
  await store.run(text);
}
