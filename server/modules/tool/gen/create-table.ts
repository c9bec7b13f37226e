/**
 * `POST /tool/gen/createTable` checking and execution (reference §2 "createTable Q{sql} (admin
 * role only)", §8 "createTable accepts CREATE TABLE SQL (admin only, SQL keyword filter)"). In
 * place of RuoYi's keyword filter the text is split into statements and each is parsed with
 * node-sql-parser (sqlite dialect): only plain CREATE TABLE statements pass — no TEMP table, no
 * CREATE TABLE … AS SELECT, no schema other than main, nothing else (DROP, INSERT, ATTACH,
 * PRAGMA, …). Each statement then runs alone (better-sqlite3 `prepare` refuses a second
 * statement), in its original text so `-- comments` stay in sqlite_master, and the change to
 * sqlite_master is checked to be exactly the announced tables (and their automatic indexes).
 *
 * Known limit of the parser's sqlite dialect (node-sql-parser 5.4): a column without a declared
 * type (`CREATE TABLE t (a, b)`, valid SQLite) does not parse and is refused.
 */
import { sql } from 'drizzle-orm';
import type sqlParserModule from 'node-sql-parser';
import { AppError } from '../../../core/errors';
import type { DbTx } from '../../common/query';
import { dbObjectExists } from './sqlite-tables';

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
  /** Original text of the statement (comments kept). */
  text: string;
  tableName: string;
}

interface CreateAst {
  type?: string;
  keyword?: string;
  temporary?: string | null;
  as?: string | null;
  query_expr?: unknown;
  table?: Array<{ db: string | null; table: string }> | null;
}

/**
 * Parses and checks `text` with `parser` (a node-sql-parser Parser, see `loadSqlParser`).
 * Returns the statements with their table names. Errors (500):
 * 仅支持 CREATE TABLE 语句 (also for unparsable text, naming the statement); 不支持 CREATE TABLE
 * … AS SELECT; 不支持临时表; 不支持指定数据库; 表<name>已存在; 表<name>重复.
 */
export function checkCreateTables(db: DbTx, text: string, parser: Parser): CheckedStatement[] {
  const pieces = splitStatements(text);
  if (pieces.length === 0) throw new AppError(500, ONLY_CREATE_TABLE);
  const seen = new Set<string>();
  return pieces.map((piece, i) => {
    let ast: CreateAst | CreateAst[];
    try {
      ast = parser.astify(piece, { database: 'sqlite' }) as CreateAst | CreateAst[];
    } catch {
      throw new AppError(500, `${ONLY_CREATE_TABLE}：第${i + 1}条语句无法解析`);
    }
    const list = Array.isArray(ast) ? ast : [ast];
    if (list.length !== 1) throw new AppError(500, ONLY_CREATE_TABLE);
    const node = list[0];
    if (node.type !== 'create' || node.keyword !== 'table') throw new AppError(500, ONLY_CREATE_TABLE);
    if (node.query_expr || node.as) throw new AppError(500, '不支持 CREATE TABLE … AS SELECT');
    if (node.temporary) throw new AppError(500, '不支持临时表');
    const target = node.table?.[0];
    if (!target || node.table!.length !== 1) throw new AppError(500, ONLY_CREATE_TABLE);
    if (target.db && target.db.toLowerCase() !== 'main') throw new AppError(500, '不支持指定数据库');
    const name = target.table;
    if (dbObjectExists(db, name)) throw new AppError(500, `表${name}已存在`);
    if (seen.has(name.toLowerCase())) throw new AppError(500, `表${name}重复`);
    seen.add(name.toLowerCase());
    return { text: piece.trim(), tableName: name };
  });
}

type MasterRow = { type: string; name: string; tbl_name: string };

/**
 * Runs the checked statements on `tx` one at a time and verifies that sqlite_master gained
 * exactly those tables (plus indexes on them) and lost nothing. Errors (500): 建表失败：<SQLite
 * message>; 建表失败：执行结果与语句不符. Throwing inside the caller's transaction rolls all back.
 */
export function runCreateTables(tx: DbTx, statements: CheckedStatement[]): void {
  const master = () => tx.all<MasterRow>(sql`SELECT type, name, tbl_name FROM sqlite_master`);
  const before = new Set(master().map((r) => `${r.type}:${r.name}`));
  for (const s of statements) {
    try {
      tx.run(sql.raw(s.text));
    } catch (e) {
      throw new AppError(500, `建表失败：${(e as Error).message}`);
    }
  }
  const after = master();
  const expected = new Set(statements.map((s) => s.tableName.toLowerCase()));
  const added = after.filter((r) => !before.has(`${r.type}:${r.name}`) && !(r.type === 'table' && r.name.startsWith('sqlite_')));
  const tables = added.filter((r) => r.type === 'table').map((r) => r.name.toLowerCase());
  const strays = added.filter((r) => r.type !== 'table' && !(r.type === 'index' && expected.has(r.tbl_name.toLowerCase())));
  const afterKeys = new Set(after.map((r) => `${r.type}:${r.name}`));
  const lost = [...before].some((k) => !afterKeys.has(k));
  if (lost || strays.length > 0 || tables.length !== expected.size || tables.some((t) => !expected.has(t))) {
    throw new AppError(500, '建表失败：执行结果与语句不符');
  }
}
