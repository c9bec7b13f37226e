/**
 * Introspection of the live database for the code generator (reference §8: RuoYi reads
 * information_schema). On SQLite (sqlite_master and `PRAGMA table_xinfo`) comments come from the
 * DDL text sqlite_master stores as written: a `-- text` on the CREATE TABLE line (or a
 * comment-only line right after it, before the first column) is the table comment; a `-- text` at
 * the end of a column's line is the column comment. On PostgreSQL (`store.kind === 'postgres'`,
 * issue 43) the same shapes come from information_schema and PostgreSQL's own comments
 * (pg-tables.ts). The filter of offered tables is the same on both.
 *
 * On the async store (issue 43): the reads go through `store.all / get` (sqlite-schema.repo.ts,
 * pg-schema.repo.ts).
 */
import type { Statements, Store } from '../../../db/store/port';
import type { DbColumn, DbTable } from './gen-rules';
import { pgCreateTableText } from './pg-ddl-source';
import { findPgTable, listPgTables, readPgColumns } from './pg-tables';
import { indexOrigins, masterTable, masterTables, tableXInfo } from './sqlite-schema.repo';

/** Tables the generator never offers: SQLite's own, the migration journal and its own tables. */
const HIDDEN = new Set(['__drizzle_migrations', 'gen_table', 'gen_table_column']);

export type { DbTable };

/** The store's statement calls the catalogue reads need, and its kind (which catalogue). */
type CatalogueStore = Pick<Statements, 'all' | 'get'> & Pick<Store, 'kind'>;

const offered = (name: string) => !name.toLowerCase().startsWith('sqlite_') && !HIDDEN.has(name);

/** Every user table of the database (not views), ordered by name, with its comment and DDL. */
export async function listDbTables(store: CatalogueStore): Promise<DbTable[]> {
  if (store.kind === 'postgres') return (await listPgTables(store)).filter((t) => offered(t.tableName));
  const rows = await masterTables(store);
  return rows.filter((r) => offered(r.name)).map((r) => ({ tableName: r.name, tableComment: tableCommentOf(r.sql ?? ''), ddl: r.sql ?? '' }));
}

/** One offered table by exact name, or undefined (also for SQLite's and the generator's own tables). */
export async function findDbTable(store: CatalogueStore, tableName: string): Promise<DbTable | undefined> {
  if (!offered(tableName)) return undefined;
  if (store.kind === 'postgres') return findPgTable(store, tableName);
  const r = await masterTable(store, tableName);
  return r ? { tableName: r.name, tableComment: tableCommentOf(r.sql ?? ''), ddl: r.sql ?? '' } : undefined;
}

/**
 * The CREATE TABLE text the templates carry for `table` (gen-output.ts buildModel: the install
 * step's DDL, naming.ts's NOT NULL and defaults): on SQLite sqlite_master's text (`table.ddl`); on
 * PostgreSQL, where `ddl` is '', the same SQLite form written from the catalogue (pg-ddl-source.ts).
 */
export async function createTableText(store: CatalogueStore, table: DbTable): Promise<string> {
  return store.kind === 'postgres' ? pgCreateTableText(store, table) : table.ddl;
}

/**
 * Columns of `table` in declaration order. SQLite: `PRAGMA table_xinfo` (hidden virtual-table
 * columns left out) with comments from `ddl`; a single INTEGER pk of a rowid table is its rowid
 * alias (isIncrement): there is then no 'pk' index in `PRAGMA index_list`. PostgreSQL:
 * readPgColumns (pg-tables.ts).
 */
export async function readDbColumns(store: CatalogueStore, table: DbTable): Promise<DbColumn[]> {
  if (store.kind === 'postgres') return readPgColumns(store, table);
  const info = await tableXInfo(store, table.tableName);
  const cols = info.filter((r) => r.hidden !== 1);
  const pks = cols.filter((r) => r.pk > 0);
  const pkIndex = (await indexOrigins(store, table.tableName)).some((i) => i.origin === 'pk');
  const rowidAlias = pks.length === 1 && pks[0].type.trim().toUpperCase() === 'INTEGER' && !pkIndex;
  const comments = columnCommentsOf(table.ddl);
  return cols.map((r) => ({
    columnName: r.name,
    columnType: r.type.trim().toLowerCase(),
    columnComment: comments.get(r.name.toLowerCase()) ?? '',
    notNull: r.notnull === 1,
    hasDefault: r.dflt_value !== null,
    isPk: r.pk > 0,
    isIncrement: rowidAlias && r.pk > 0,
  }));
}

/** Splits one DDL line into its code and its `-- comment` (quotes and brackets respected). */
export function splitLineComment(line: string): { code: string; comment?: string } {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
    } else if (ch === '[') {
      quote = ']';
    } else if (ch === '-' && line[i + 1] === '-') {
      return { code: line.slice(0, i), comment: line.slice(i + 2).trim() };
    }
  }
  return { code: line };
}

/** The table comment of a CREATE TABLE text ('' when none). */
export function tableCommentOf(ddl: string): string {
  const lines = ddl.split(/\r?\n/);
  const start = lines.findIndex((l) => /create\s+(temp\s+|temporary\s+)?table/i.test(splitLineComment(l).code));
  if (start < 0) return '';
  const first = splitLineComment(lines[start]);
  // A first column on the CREATE line owns that line's comment.
  if (/\(\s*\S/.test(first.code)) return '';
  if (first.comment) return first.comment;
  for (const line of lines.slice(start + 1)) {
    const { code, comment } = splitLineComment(line);
    const rest = code.trim();
    if (rest === '' || rest === '(') {
      if (comment) return comment;
      continue;
    }
    return '';
  }
  return '';
}

const unquote = (id: string) => {
  const q = id[0];
  if ((q === '"' || q === '`' || q === "'") && id.endsWith(q)) return id.slice(1, -1).replace(q + q, q);
  if (q === '[' && id.endsWith(']')) return id.slice(1, -1);
  return id;
};

/** Column name (lower case) → comment, from lines `name type ..., -- comment` of a CREATE TABLE text. */
export function columnCommentsOf(ddl: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of ddl.split(/\r?\n/)) {
    const { code, comment } = splitLineComment(line);
    if (!comment) continue;
    const body = code.trim().replace(/^\(/, '').replace(/^,/, '').trim();
    const m = /^("(?:[^"]|"")+"|`[^`]+`|\[[^\]]+\]|'[^']+'|[A-Za-z_][\w$]*)/.exec(body);
    if (!m || /^create\b/i.test(body)) continue;
    const name = unquote(m[1]).toLowerCase();
    if (!out.has(name)) out.set(name, comment);
  }
  return out;
}
