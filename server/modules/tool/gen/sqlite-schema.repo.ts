/**
 * The SQL the code generator runs on SQLite's own catalogue (reference §8: RuoYi reads
 * information_schema; SQLite has sqlite_master and `PRAGMA table_xinfo` / `index_list`), and the
 * DDL it executes: 创建's checked CREATE TABLE / CREATE INDEX texts (create-table.ts) and the
 * install steps of generated modules (module-install.ts). What the rows mean (comments, which
 * tables are offered, whether a run did what it announced) stays in those files and
 * sqlite-tables.ts.
 */
import { sql } from 'drizzle-orm';
import type { DbTx } from '../../common/query.repo';

/** `{name, sql}` of every table in sqlite_master (views excluded), ordered by name. */
export function masterTables(db: DbTx): Array<{ name: string; sql: string | null }> {
  return db.all<{ name: string; sql: string | null }>(sql`SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`);
}

/** `{name, sql}` of the table named exactly `tableName`, or undefined. */
export function masterTable(db: DbTx, tableName: string): { name: string; sql: string | null } | undefined {
  return db.get<{ name: string; sql: string | null } | undefined>(sql`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name = ${tableName}`);
}

/** Whether any table, view or index of that name exists (case-insensitive, as SQLite resolves names). */
export function dbObjectExists(db: DbTx, name: string): boolean {
  return db.get<{ n: number } | undefined>(sql`SELECT 1 AS n FROM sqlite_master WHERE lower(name) = lower(${name})`) !== undefined;
}

/** `{type, name, tbl_name}` of every object in sqlite_master (before / after a createTable run). */
export function masterObjects(db: DbTx): Array<{ type: string; name: string; tbl_name: string }> {
  return db.all<{ type: string; name: string; tbl_name: string }>(sql`SELECT type, name, tbl_name FROM sqlite_master`);
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One row of `PRAGMA table_xinfo`. */
export type TableXInfoRow = { cid: number; name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number };

/** `PRAGMA table_xinfo(<tableName>)`: the table's columns in declaration order (hidden ones included). */
export function tableXInfo(db: DbTx, tableName: string): TableXInfoRow[] {
  return db.all<TableXInfoRow>(sql.raw(`PRAGMA table_xinfo(${quoteId(tableName)})`));
}

/** `{origin}` of each row of `PRAGMA index_list(<tableName>)` ('pk' for a primary-key index). */
export function indexOrigins(db: DbTx, tableName: string): Array<{ origin: string }> {
  return db.all<{ origin: string }>(sql.raw(`PRAGMA index_list(${quoteId(tableName)})`));
}

/**
 * Runs one SQL statement `text` as written (DDL the caller has checked or generated). Errors: the
 * error Drizzle throws (`Failed to run the query …` with SQLite's error as its `cause`).
 */
export function runStatement(db: DbTx, text: string): void {
  db.run(sql.raw(text));
}
