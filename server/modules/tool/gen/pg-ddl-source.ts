/**
 * The CREATE TABLE text of a PostgreSQL table, written in the SQLite form the code generator's
 * templates carry (issue 43): a module generated on PostgreSQL gets an install step whose DDL boots
 * on both databases (as written on SQLite, its own generated tests included; through pg-ddl.ts on
 * PostgreSQL, module-install.ts), and naming.ts reads NOT NULL and literal defaults from it as from
 * sqlite_master's text. Written from information_schema (pg-schema.repo.ts pgColumns / pgPrimaryKey):
 * - the single identity or serial key → `INTEGER PRIMARY KEY AUTOINCREMENT`; other keys `PRIMARY KEY`
 *   on the column, or `PRIMARY KEY (a, b)`;
 * - types (pg-tables.ts pgColumnType) in names SQLite and 创建's parser take, so that pg-ddl.ts gives
 *   them back: integer, smallint, bigint, boolean, real, double, numeric(p,s), varchar(n), char(n),
 *   text, timestamp / timestamptz → timestamp, date, time, json / jsonb → json, bytea → blob; any
 *   other (uuid, arrays, enums …) → text;
 * - NOT NULL; defaults that are literals (`'0'::character varying` → '0', true → 1) or the current
 *   time (now(), CURRENT_TIMESTAMP … → CURRENT_TIMESTAMP); other expressions are left out;
 * - COMMENT ON TABLE / COLUMN → `-- comment` on the CREATE line / the column's line (as mysql-ddl.ts).
 * Unique constraints, foreign keys and indexes are not carried (the table exists where it was
 * generated; elsewhere it is created without them).
 */
import type { Statements } from '../../../db/store/port';
import { sqliteIdent } from './mysql-ddl';
import { pgColumns, pgPrimaryKey, type PgColumnRow } from './pg-schema.repo';
import { pgColumnType } from './pg-tables';
import type { DbTable } from './gen-rules';

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

const SAME = /^(integer|smallint|bigint|boolean|real|text|date|numeric(\(\d+,\d+\))?|varchar(\(\d+\))?|char(\(\d+\))?)$/;
const RENAMED: Record<string, string> = {
  'double precision': 'double', timestamp: 'timestamp', timestamptz: 'timestamp', time: 'time', timetz: 'time', json: 'json', jsonb: 'json', bytea: 'blob',
};

/** The declared type, in SQLite's form, of a PostgreSQL column (see the module comment). */
export function portableType(c: Parameters<typeof pgColumnType>[0]): string {
  const t = pgColumnType(c);
  if (SAME.test(t)) return t;
  return RENAMED[t] ?? 'text';
}

const NUMERIC = /^(integer|smallint|bigint|real|double|numeric)/;

/** A PostgreSQL column default as SQLite DDL (` DEFAULT …`), '' when none or not portable. */
export function portableDefault(dflt: string | null, type: string): string {
  if (dflt === null) return '';
  const d = dflt.trim();
  const quoted = /^'((?:[^']|'')*)'(::[\w ."[\]]+)*$/.exec(d);
  if (quoted) {
    const text = quoted[1].replace(/''/g, "'");
    if (type === 'boolean') return ` DEFAULT ${/^(t|true|1|y|yes|on)$/i.test(text) ? 1 : 0}`;
    if (NUMERIC.test(type) && /^-?\d+(\.\d+)?$/.test(text)) return ` DEFAULT ${text}`;
    return ` DEFAULT '${text.replace(/'/g, "''")}'`;
  }
  const number = /^\(?(-?\d+(\.\d+)?)\)?(::[\w ]+)*$/.exec(d);
  if (number) return ` DEFAULT ${number[1]}`;
  if (/^(true|false)$/i.test(d)) return ` DEFAULT ${d.toLowerCase() === 'true' ? 1 : 0}`;
  if (/^(now\(\)|current_timestamp|localtimestamp)/i.test(d) || /^\(?now\(\) at time zone/i.test(d) || /^to_char\(\(?now\(\)/i.test(d)) return ' DEFAULT CURRENT_TIMESTAMP';
  if (/^current_date/i.test(d)) return ' DEFAULT CURRENT_DATE';
  return '';
}

/**
 * The SQLite-form CREATE TABLE text of `rows` (information_schema columns in order) with primary
 * key `pk` and `table`'s comment. Pure.
 */
export function portableCreateTable(table: Pick<DbTable, 'tableName' | 'tableComment'>, rows: PgColumnRow[], pk: string[]): string {
  const serial = (r: PgColumnRow) => r.identity === 'YES' || /^nextval\(/i.test(r.dflt ?? '');
  const lines: Array<{ code: string; comment: string }> = [];
  for (const r of rows) {
    let code: string;
    if (pk.length === 1 && pk[0] === r.name && serial(r)) {
      code = `${sqliteIdent(r.name)} INTEGER PRIMARY KEY AUTOINCREMENT`;
    } else {
      const type = portableType(r);
      code = `${sqliteIdent(r.name)} ${type}`;
      if (r.nullable === 'NO') code += ' NOT NULL';
      if (!serial(r)) code += portableDefault(r.dflt, type);
      if (pk.length === 1 && pk[0] === r.name) code += ' PRIMARY KEY';
    }
    lines.push({ code, comment: oneLine(r.comment ?? '') });
  }
  if (pk.length > 1) lines.push({ code: `PRIMARY KEY (${pk.map(sqliteIdent).join(', ')})`, comment: '' });
  const body = lines.map((l, i) => `  ${l.code}${i < lines.length - 1 ? ',' : ''}${l.comment ? ` -- ${l.comment}` : ''}`);
  const comment = oneLine(table.tableComment);
  return [`CREATE TABLE ${sqliteIdent(table.tableName)} (${comment ? ` -- ${comment}` : ''}`, ...body, ')'].join('\n');
}

/** The SQLite-form CREATE TABLE text of PostgreSQL table `table` (read inside or outside a transaction). */
export async function pgCreateTableText(store: Pick<Statements, 'all'>, table: Pick<DbTable, 'tableName' | 'tableComment'>): Promise<string> {
  return portableCreateTable(table, await pgColumns(store, table.tableName), await pgPrimaryKey(store, table.tableName));
}
