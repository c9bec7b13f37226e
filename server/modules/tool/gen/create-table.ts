/**
 * `POST /tool/gen/createTable` checking and execution (reference §2 "createTable Q{sql} (admin
 * role only)", §8 "createTable accepts CREATE TABLE SQL (admin only, SQL keyword filter)"). In
 * place of RuoYi's keyword filter the text is split into statements and each is parsed with
 * node-sql-parser (sqlite dialect): only plain CREATE TABLE statements pass — no TEMP table, no
 * CREATE TABLE … AS SELECT, no schema other than main, nothing else (DROP, INSERT, ATTACH,
 * PRAGMA, …). MySQL DDL (RuoYi's own scripts: AUTO_INCREMENT, COMMENT '…', KEY lines, ENGINE=…)
 * is parsed by the mysql dialect and translated to SQLite text (mysql-ddl.ts, issue 40 §6), which
 * is parsed and checked again. Each statement then runs alone (better-sqlite3 `prepare` refuses a
 * second statement), SQLite DDL in its original text so `-- comments` stay in sqlite_master, and
 * the change to sqlite_master is checked to be exactly the announced tables (and their indexes).
 *
 * On the async store (issue 43): parsing (`parseCreateTables`) needs no database and runs before
 * the command's `store.transaction`; the checks against sqlite_master (`checkCreateTables`) and
 * the run (`runCreateTables`) await only store statements inside it.
 *
 * On PostgreSQL (`store.kind === 'postgres'`, issue 43) the same parsing and checks apply (the same
 * refusals, word for word); each checked statement's SQLite text is then written as PostgreSQL DDL
 * (pg-ddl.ts: types, identity key, `--` comments as COMMENT ON), and the catalogue checks read
 * pg_class instead of sqlite_master (pg-schema.repo.ts pgObjectExists / pgObjects).
 *
 * Known limit of the parser's sqlite dialect (node-sql-parser 5.4): a column without a declared
 * type (`CREATE TABLE t (a, b)`, valid SQLite) does not parse and is refused.
 */
import type sqlParserModule from 'node-sql-parser';
import { AppError } from '../../../core/errors';
import type { Statements, Store } from '../../../db/store/port';
import { createIndexText, looksLikeMysql, translateMysqlCreate, type TranslatedTable } from './mysql-ddl';
import { pgIndexText, sqliteCreateToPg, type PgCreateTable } from './pg-ddl';
import { pgObjectExists, pgObjects } from './pg-schema.repo';
import { dbObjectExists, masterObjects, runDdl } from './sqlite-schema.repo';

/** Which database's DDL and catalogue: the store's kind. */
type Kind = Store['kind'];
type CatalogueStore = Pick<Statements, 'all' | 'get'> & Pick<Store, 'kind'>;

/** Whether a table, view or index (on PostgreSQL also a sequence or type) of that name exists, case-insensitive. */
const objectExists = (store: CatalogueStore, name: string) => (store.kind === 'postgres' ? pgObjectExists(store, name) : dbObjectExists(store, name));

type Parser = InstanceType<typeof sqlParserModule.Parser>;

let parserClass: Promise<typeof sqlParserModule.Parser> | undefined;
/**
 * node-sql-parser's Parser, loaded on the first createTable instead of at boot: its generated
 * parser (every dialect, 3 MB of source) is MBs of heap no other request needs (issue 15).
 * node-sql-parser is CommonJS: Node's ESM loader sees only its default export (a named import
 * breaks `tsx server/main.ts`).
 */
export const loadSqlParser = (): Promise<typeof sqlParserModule.Parser> =>
  (parserClass ??= import('node-sql-parser').then((m) => m.default.Parser));

export const ONLY_CREATE_TABLE = '仅支持 CREATE TABLE 语句';

/** Splits SQL text at top-level `;` (quotes, `[names]`, `--` and block comments respected). */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '-' && text[i + 1] === '-') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (ch === "'" || ch === '"' || ch === '`' || ch === '[') {
      const close = ch === '[' ? ']' : ch;
      let j = i + 1;
      while (j < text.length && text[j] !== close) j++;
      i = j + 1;
    } else if (ch === ';') {
      out.push(text.slice(start, i));
      start = i + 1;
      i++;
    } else {
      i++;
    }
  }
  out.push(text.slice(start));
  return out.filter((s) => stripComments(s).trim() !== '');
}

/** The text without `--` and block comments (outside quotes). */
function stripComments(text: string): string {
  return text.replace(/('(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\])|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, (m, quoted: string | undefined) => quoted ?? ' ');
}

export interface CheckedStatement {
  /**
   * Text to run: the original statement (comments kept), or its SQLite translation (MySQL DDL); on
   * PostgreSQL the PostgreSQL DDL written from it (pg-ddl.ts).
   */
  text: string;
  tableName: string;
  /** `CREATE INDEX` texts to run after the table (KEY lines of MySQL DDL), written by mysql-ddl.ts / pg-ddl.ts. */
  indexes: string[];
  /** PostgreSQL only: `COMMENT ON …` texts to run after the indexes (the `--` comments); [] on SQLite. */
  comments: string[];
}

interface CreateAst {
  type?: string;
  keyword?: string;
  temporary?: string | null;
  as?: string | null;
  query_expr?: unknown;
  table?: Array<{ db: string | null; table: string }> | null;
}

/** What 创建 accepts, as refusals say it (issue 40 §6). */
export const ACCEPTED_SQL = '支持 SQLite 或 MySQL 的 CREATE TABLE 语句（可多条，以分号分隔）';

/** Parses one statement; returns the AST list or the parser's error position. */
export function tryParse(parser: Parser, text: string, database: 'sqlite' | 'mysql'): { list: CreateAst[] } | { line: number; column: number; offset: number } {
  try {
    const ast = parser.astify(text, { database }) as CreateAst | CreateAst[];
    return { list: Array.isArray(ast) ? ast : [ast] };
  } catch (e) {
    const start = (e as { location?: { start?: { line: number; column: number; offset: number } } }).location?.start;
    return start ?? { line: 1, column: 1, offset: 0 };
  }
}

/** The single CREATE TABLE of a parsed statement, checked (TEMP, AS SELECT, schema). */
export function createNode(list: CreateAst[]): CreateAst & { table: Array<{ db: string | null; table: string }> } {
  if (list.length !== 1) throw new AppError('invalid', ONLY_CREATE_TABLE);
  const node = list[0];
  if (node.type !== 'create' || node.keyword !== 'table') throw new AppError('invalid', ONLY_CREATE_TABLE);
  if (node.query_expr || node.as) throw new AppError('invalid', '不支持 CREATE TABLE … AS SELECT');
  if (node.temporary) throw new AppError('invalid', '不支持临时表');
  const target = node.table?.[0];
  if (!target || node.table!.length !== 1) throw new AppError('invalid', ONLY_CREATE_TABLE);
  if (target.db && target.db.toLowerCase() !== 'main') throw new AppError('invalid', '不支持指定数据库');
  return node as CreateAst & { table: Array<{ db: string | null; table: string }> };
}

/**
 * One statement as SQLite text: SQLite DDL as written, MySQL DDL (parsed by the mysql dialect, or
 * parsed by the sqlite dialect but with MySQL-only parts, mysql-ddl.ts looksLikeMysql) translated.
 * Errors (500): see checkCreateTables.
 */
function sqliteStatement(parser: Parser, given: string, n: number): SqliteStatement {
  // Positions in messages count from the statement's first line.
  const piece = given.trim();
  const lite = tryParse(parser, piece, 'sqlite');
  if ('list' in lite) {
    const node = createNode(lite.list);
    if (!looksLikeMysql(node)) return { text: piece, tableName: node.table[0].table, indexes: [], node };
  }
  const my = tryParse(parser, piece, 'mysql');
  if (!('list' in my)) {
    // Report the place the parser that read further stopped at.
    const at = 'list' in lite ? my : lite.offset >= my.offset ? lite : my;
    throw new AppError('invalid', `${ONLY_CREATE_TABLE}：第${n}条语句第${at.line}行第${at.column}列附近无法解析，${ACCEPTED_SQL}`);
  }
  createNode(my.list);
  const t = translateMysqlCreate(my.list[0] as Record<string, unknown>, n);
  // The translation is checked like any other SQLite text before it runs.
  const again = tryParse(parser, t.createTable, 'sqlite');
  if (!('list' in again)) throw new AppError('invalid', `${ONLY_CREATE_TABLE}：第${n}条语句无法转换为 SQLite`);
  const node = createNode(again.list);
  return { text: t.createTable, tableName: node.table[0].table, indexes: t.indexes, node };
}

/** One statement as SQLite text, with its table, its indexes and its sqlite-dialect AST. */
interface SqliteStatement {
  text: string;
  tableName: string;
  indexes: TranslatedTable['indexes'];
  node: CreateAst;
  /** Its PostgreSQL DDL (parsed for PostgreSQL only, pg-ddl.ts). */
  pg?: PgCreateTable;
}

/** One statement as parseCreateTables leaves it: its SQLite text, table and indexes, or the refusal its parsing threw. */
export type ParsedStatement = { statement: SqliteStatement } | { refusal: unknown };

/**
 * Splits `text` and parses each statement with `parser` (a node-sql-parser Parser, see
 * `loadSqlParser`); MySQL DDL is translated to SQLite (mysql-ddl.ts); for `kind` 'postgres' the
 * SQLite text is written as PostgreSQL DDL (pg-ddl.ts, its refusals kept in place as the parser's).
 * No database: it runs before
 * the command's transaction. A statement's refusal is kept in its place and thrown by
 * checkCreateTables when the checks reach it (so a table that exists, in an earlier statement,
 * is reported first, as when parsing and checking went statement by statement). Errors (500):
 * 仅支持 CREATE TABLE 语句 when there is no statement.
 */
export function parseCreateTables(text: string, parser: Parser, kind: Kind = 'sqlite'): ParsedStatement[] {
  const pieces = splitStatements(text);
  if (pieces.length === 0) throw new AppError('invalid', ONLY_CREATE_TABLE);
  return pieces.map((piece, i) => {
    try {
      const statement = sqliteStatement(parser, piece, i + 1);
      if (kind === 'postgres') statement.pg = sqliteCreateToPg(statement.node, statement.text, i + 1);
      return { statement };
    } catch (refusal) {
      return { refusal };
    }
  });
}

/**
 * Checks the parsed statements against the database (sqlite_master, or pg_class on PostgreSQL), in
 * order, inside the caller's `store.transaction`. Returns the statements with their table names and
 * indexes (on PostgreSQL the PostgreSQL DDL parseCreateTables wrote, and the comments). Errors (500):
 * 仅支持 CREATE TABLE 语句 (other statements); 仅支持 CREATE TABLE 语句：第n条语句第l行第c列附近无法
 * 解析，支持 SQLite 或 MySQL 的 CREATE TABLE 语句…; 不支持 CREATE TABLE … AS SELECT; 不支持临时表;
 * 不支持指定数据库; 表<name>已存在; 表<name>重复; mysql-ddl.ts's refusals.
 */
export async function checkCreateTables(store: CatalogueStore, parsed: readonly ParsedStatement[]): Promise<CheckedStatement[]> {
  const seen = new Set<string>();
  const indexNames = new Set<string>();
  const out: CheckedStatement[] = [];
  for (const p of parsed) {
    if ('refusal' in p) throw p.refusal;
    const s = p.statement;
    const name = s.tableName;
    if (await objectExists(store, name)) throw new AppError('conflict', `表${name}已存在`);
    if (seen.has(name.toLowerCase())) throw new AppError('conflict', `表${name}重复`);
    seen.add(name.toLowerCase());
    const indexes: string[] = [];
    for (const ix of s.indexes) {
      // SQLite index names are per database, MySQL's per table: a taken or missing name gets the table's.
      let ixName = ix.name || `${name}_${ix.columns.join('_')}_idx`;
      if (await objectExists(store, ixName) || indexNames.has(ixName.toLowerCase()) || seen.has(ixName.toLowerCase())) ixName = `${name}_${ixName}`;
      indexNames.add(ixName.toLowerCase());
      indexes.push(s.pg ? pgIndexText(name, { ...ix, name: ixName }) : createIndexText(name, { ...ix, name: ixName }));
    }
    if (store.kind === 'postgres' && !s.pg) throw new Error('createTable: statements parsed for SQLite checked on PostgreSQL');
    out.push({ text: s.pg ? s.pg.createTable : s.text, tableName: name, indexes, comments: s.pg ? s.pg.comments : [] });
  }
  return out;
}

/**
 * Runs the checked statements on the store one at a time, inside the caller's `store.transaction`,
 * and verifies that sqlite_master (pg_class on PostgreSQL) gained exactly those tables (plus indexes
 * on them, and on PostgreSQL their identity sequences) and lost nothing. Errors (500): 建表失败：<the
 * database's message>; 建表失败：执行结果与语句不符. Throwing inside the caller's transaction rolls all back.
 */
export async function runCreateTables(store: Pick<Statements, 'all' | 'run'> & Pick<Store, 'kind'>, statements: CheckedStatement[]): Promise<void> {
  const objects = () => (store.kind === 'postgres' ? pgObjects(store) : masterObjects(store));
  const before = new Set((await objects()).map((r) => `${r.type}:${r.name}`));
  for (const s of statements) {
    for (const statement of [s.text, ...s.indexes, ...s.comments]) {
      try {
        await runDdl(store, statement);
      } catch (e) {
        // A driver may wrap the database's error (Drizzle: `Failed to run the query '<the whole text>'`): show the database's own.
        const cause = (e as { cause?: unknown }).cause;
        throw new AppError('internal', `建表失败：${(cause instanceof Error ? cause : (e as Error)).message}`);
      }
    }
  }
  const after = await objects();
  const expected = new Set(statements.map((s) => s.tableName.toLowerCase()));
  const added = after.filter((r) => !before.has(`${r.type}:${r.name}`) && !(r.type === 'table' && r.name.startsWith('sqlite_')));
  const tables = added.filter((r) => r.type === 'table').map((r) => r.name.toLowerCase());
  const strays = added.filter((r) => r.type !== 'table' && !((r.type === 'index' || r.type === 'sequence') && expected.has(r.tbl_name.toLowerCase())));
  const afterKeys = new Set(after.map((r) => `${r.type}:${r.name}`));
  const lost = [...before].some((k) => !afterKeys.has(k));
  if (lost || strays.length > 0 || tables.length !== expected.size || tables.some((t) => !expected.has(t))) {
    throw new AppError('internal', '建表失败：执行结果与语句不符');
  }
}
