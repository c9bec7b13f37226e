/**
 * MySQL CREATE TABLE → SQLite (issue 40 §6: RuoYi's own DDL — `bigint(20) … AUTO_INCREMENT
 * COMMENT '…'`, `KEY` lines, `ENGINE=InnoDB … COMMENT='…'` — pasted into 创建 is accepted). Works
 * on node-sql-parser's MySQL AST and writes new SQLite text; the caller checks that text again
 * with the SQLite parser before running it (create-table.ts), so nothing of the input reaches
 * SQLite unparsed. The rules:
 * - Types keep their MySQL names where SQLite's type affinity reads them as MySQL means them
 *   (`bigint(20)`, `varchar(50)`, `decimal(10,2)`, `datetime`, `longtext`, `blob`…); `UNSIGNED`,
 *   `ZEROFILL`, `CHARACTER SET` and `COLLATE` are dropped; `json` → `text`, `enum`/`set` →
 *   `varchar(n)`, `year` → `integer`, `binary`/`varbinary` → `blob`, `bool` → `boolean`.
 * - A single-column primary key with AUTO_INCREMENT → `INTEGER PRIMARY KEY AUTOINCREMENT`.
 * - Column COMMENTs → `-- comment` at the end of the column's line (what sqlite-tables.ts reads as
 *   字段描述); the table COMMENT → `-- comment` on the CREATE TABLE line (表描述).
 * - DEFAULT: literals, NULL, TRUE/FALSE, b'0', CURRENT_TIMESTAMP / NOW(); `ON UPDATE` is dropped.
 * - PRIMARY KEY (a, b), UNIQUE KEY and FOREIGN KEY lines become table constraints; KEY / INDEX /
 *   FULLTEXT lines become `CREATE INDEX` statements run after the table.
 * - ENGINE, CHARSET, AUTO_INCREMENT=, ROW_FORMAT and other table options are dropped.
 * Anything else is refused with a Chinese message naming the statement and the column.
 */
import { AppError } from '../../../core/errors';

/** One translated statement: the SQLite CREATE TABLE text and the indexes to create after it. */
export interface TranslatedTable {
  tableName: string;
  createTable: string;
  /** `CREATE INDEX` statements (identifiers quoted by us). */
  indexes: Array<{ name: string; columns: string[]; unique: boolean }>;
}

type Node = Record<string, any>;

/** SQLite's keywords (sqlite.org/lang_keywords.html): such identifiers are written quoted. */
const KEYWORDS = new Set(`ABORT ACTION ADD AFTER ALL ALTER ALWAYS ANALYZE AND AS ASC ATTACH AUTOINCREMENT BEFORE BEGIN BETWEEN BY
CASCADE CASE CAST CHECK COLLATE COLUMN COMMIT CONFLICT CONSTRAINT CREATE CROSS CURRENT CURRENT_DATE CURRENT_TIME
CURRENT_TIMESTAMP DATABASE DEFAULT DEFERRABLE DEFERRED DELETE DESC DETACH DISTINCT DO DROP EACH ELSE END ESCAPE EXCEPT
EXCLUDE EXCLUSIVE EXISTS EXPLAIN FAIL FILTER FIRST FOLLOWING FOR FOREIGN FROM FULL GENERATED GLOB GROUP GROUPS HAVING IF
IGNORE IMMEDIATE IN INDEX INDEXED INITIALLY INNER INSERT INSTEAD INTERSECT INTO IS ISNULL JOIN KEY LAST LEFT LIKE LIMIT
MATCH MATERIALIZED NATURAL NO NOT NOTHING NOTNULL NULL NULLS OF OFFSET ON OR ORDER OTHERS OUTER OVER PARTITION PLAN
PRAGMA PRECEDING PRIMARY QUERY RAISE RANGE RECURSIVE REFERENCES REGEXP REINDEX RELEASE RENAME REPLACE RESTRICT
RETURNING RIGHT ROLLBACK ROW ROWS SAVEPOINT SELECT SET TABLE TEMP TEMPORARY THEN TIES TO TRANSACTION TRIGGER UNBOUNDED
UNION UNIQUE UPDATE USING VACUUM VALUES VIEW VIRTUAL WHEN WHERE WINDOW WITH WITHOUT`.split(/\s+/));

/** An identifier as SQLite text: bare when plain and no keyword, else in double quotes. */
export function sqliteIdent(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name.toUpperCase()) ? name : `"${name.replace(/"/g, '""')}"`;
}

/** A comment as one safe line: no line breaks or control characters (a `--` comment ends at a newline). */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

const quoteText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The text of a COMMENT node (column) or of a table option value (`'通知公告表'`). */
function commentText(v: unknown): string {
  if (typeof v === 'string') return v.replace(/^'(.*)'$/s, '$1').replace(/''/g, "'");
  const n = v as Node | null | undefined;
  const inner = n?.value?.value ?? n?.value;
  return typeof inner === 'string' ? inner : '';
}

const INT_TYPES = new Set(['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'INTEGER', 'BIGINT']);
const KEEP_TYPES = new Set([
  ...INT_TYPES, 'DECIMAL', 'NUMERIC', 'FLOAT', 'DOUBLE', 'REAL', 'CHAR', 'VARCHAR', 'TEXT', 'TINYTEXT', 'MEDIUMTEXT', 'LONGTEXT',
  'DATE', 'DATETIME', 'TIMESTAMP', 'TIME', 'BLOB', 'TINYBLOB', 'MEDIUMBLOB', 'LONGBLOB', 'BIT', 'BOOLEAN',
]);
const RENAMED: Record<string, string> = { JSON: 'text', YEAR: 'integer', BINARY: 'blob', VARBINARY: 'blob', BOOL: 'boolean', 'DOUBLE PRECISION': 'double' };

/** Accepted types, as the refusal message lists them. */
export const ACCEPTED_TYPES = '整数（int、bigint…）、小数（decimal、double…）、字符串（char、varchar、text…）、日期时间（date、datetime、timestamp）、json、enum、二进制（blob…）';

/** The SQLite declared type of a MySQL column definition. Errors: unknown type (message from `where`). */
function columnType(def: Node, where: string): string {
  const type = String(def.dataType ?? '').toUpperCase().trim();
  if (type === 'ENUM' || type === 'SET') {
    const values = ((def.expr?.value ?? []) as Node[]).map((v) => String(v.value ?? ''));
    const longest = type === 'ENUM' ? Math.max(1, ...values.map((v) => v.length)) : Math.max(1, values.join(',').length);
    return `varchar(${longest})`;
  }
  if (RENAMED[type]) return RENAMED[type];
  if (!KEEP_TYPES.has(type)) throw new AppError('invalid', `${where}的类型${type.toLowerCase() || '（空）'}不支持，支持：${ACCEPTED_TYPES}`);
  const name = type.toLowerCase();
  if (typeof def.length === 'number') return typeof def.scale === 'number' ? `${name}(${def.length},${def.scale})` : `${name}(${def.length})`;
  return name;
}

/** `DEFAULT …` of a column, '' when none. Errors: an expression other than the listed literals. */
function defaultClause(col: Node, where: string): string {
  const v = col.default_val?.value as Node | undefined;
  if (!v) return '';
  switch (v.type) {
    case 'null': return '';
    case 'number': return ` DEFAULT ${Number(v.value)}`;
    case 'bool': return ` DEFAULT ${v.value ? 1 : 0}`;
    case 'single_quote_string': case 'double_quote_string': case 'string': return ` DEFAULT ${quoteText(String(v.value))}`;
    case 'bit_string': return ` DEFAULT ${parseInt(String(v.value), 2) || 0}`;
    case 'function': {
      const name = String(v.name?.name?.[0]?.value ?? '').toUpperCase();
      if (['CURRENT_TIMESTAMP', 'NOW', 'LOCALTIME', 'LOCALTIMESTAMP'].includes(name)) return ' DEFAULT CURRENT_TIMESTAMP';
      break;
    }
    case 'unary_expr':
      if (v.operator === '-' && v.expr?.type === 'number') return ` DEFAULT -${Number(v.expr.value)}`;
      break;
    default:
  }
  throw new AppError('invalid', `${where}的默认值不支持（只支持常量、NULL 和 CURRENT_TIMESTAMP）`);
}

const columnsOf = (defs: Node[] | undefined): string[] => (defs ?? []).map((d) => String(d.column ?? d.value ?? ''));

/** `ON DELETE CASCADE …` of a reference, validated against SQLite's actions. */
function onActions(ref: Node, where: string): string {
  return ((ref.on_action ?? []) as Node[]).map((a) => {
    const action = String(a.value?.value ?? '').toUpperCase();
    if (!['CASCADE', 'RESTRICT', 'SET NULL', 'NO ACTION', 'SET DEFAULT'].includes(action)) throw new AppError('invalid', `${where}的外键动作${action}不支持`);
    return ` ${String(a.type).toUpperCase()} ${action}`;
  }).join('');
}

/**
 * Translates one parsed MySQL CREATE TABLE (node-sql-parser 'mysql' AST) to SQLite. `n` is the
 * statement's 1-based number for messages. Errors (500, Chinese, naming 第n条语句 and the column):
 * unsupported type, default or foreign key action; AUTO_INCREMENT on a column that is not the only
 * primary key; no columns.
 */
export function translateMysqlCreate(ast: Node, n: number): TranslatedTable {
  const tableName = String(ast.table?.[0]?.table ?? '');
  const stmt = `第${n}条语句`;
  const defs = (ast.create_definitions ?? []) as Node[];
  const columns = defs.filter((d) => d.resource === 'column');
  if (columns.length === 0) throw new AppError('invalid', `${stmt}没有字段定义`);
  const pkConstraint = defs.find((d) => d.resource === 'constraint' && String(d.constraint_type).toLowerCase() === 'primary key');
  const pkColumns = pkConstraint ? columnsOf(pkConstraint.definition) : columns.filter((c) => c.primary_key).map((c) => String(c.column.column));
  const lines: Array<{ code: string; comment: string }> = [];
  let rowidPk: string | undefined;
  for (const c of columns) {
    const name = String(c.column.column);
    const where = `${stmt}字段${name}`;
    const isPk = pkColumns.length === 1 && pkColumns[0] === name;
    let code: string;
    if (c.auto_increment) {
      if (!isPk) throw new AppError('invalid', `${where}：AUTO_INCREMENT 只支持单列主键`);
      if (!INT_TYPES.has(String(c.definition?.dataType ?? '').toUpperCase())) throw new AppError('invalid', `${where}：AUTO_INCREMENT 只支持整数类型`);
      code = `${sqliteIdent(name)} INTEGER PRIMARY KEY AUTOINCREMENT`;
      rowidPk = name;
    } else {
      code = `${sqliteIdent(name)} ${columnType(c.definition ?? {}, where)}`;
      if (c.nullable?.type === 'not null') code += ' NOT NULL';
      code += defaultClause(c, where);
      if (c.unique || c.unique_or_primary === 'unique' || c.unique_or_primary === 'unique key') code += ' UNIQUE';
    }
    lines.push({ code, comment: oneLine(commentText(c.comment)) });
  }
  const indexes: TranslatedTable['indexes'] = [];
  for (const d of defs) {
    if (d.resource === 'index') {
      indexes.push({ name: String(d.index ?? ''), columns: columnsOf(d.definition), unique: false });
      continue;
    }
    if (d.resource !== 'constraint') continue;
    const kind = String(d.constraint_type ?? '').toLowerCase();
    const cols = columnsOf(d.definition).map(sqliteIdent).join(', ');
    if (kind === 'primary key') {
      if (rowidPk === undefined) lines.push({ code: `PRIMARY KEY (${cols})`, comment: '' });
    } else if (kind.startsWith('unique')) {
      lines.push({ code: `UNIQUE (${cols})`, comment: '' });
    } else if (kind === 'foreign key') {
      const ref = d.reference_definition as Node;
      const target = String(ref?.table?.[0]?.table ?? '');
      const targetCols = columnsOf(ref?.definition).map(sqliteIdent).join(', ');
      lines.push({ code: `FOREIGN KEY (${cols}) REFERENCES ${sqliteIdent(target)} (${targetCols})${onActions(ref ?? {}, `${stmt}外键`)}`, comment: '' });
    } else {
      throw new AppError('invalid', `${stmt}的约束 ${kind.toUpperCase()} 不支持（支持 PRIMARY KEY、UNIQUE KEY、KEY、FOREIGN KEY）`);
    }
  }
  const tableComment = oneLine(commentText(((ast.table_options ?? []) as Node[]).find((o) => String(o.keyword).toLowerCase() === 'comment')?.value));
  const body = lines.map((l, i) => {
    const sep = i < lines.length - 1 ? ',' : '';
    return `  ${l.code}${sep}${l.comment ? ` -- ${l.comment}` : ''}`;
  });
  const head = `CREATE TABLE ${sqliteIdent(tableName)} (${tableComment ? ` -- ${tableComment}` : ''}`;
  return { tableName, createTable: [head, ...body, ')'].join('\n'), indexes };
}

/** `CREATE [UNIQUE] INDEX name ON table (cols)` for SQLite. */
export function createIndexText(tableName: string, index: TranslatedTable['indexes'][number]): string {
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${sqliteIdent(index.name)} ON ${sqliteIdent(tableName)} (${index.columns.map(sqliteIdent).join(', ')})`;
}

/**
 * Whether a statement the SQLite dialect parsed is MySQL DDL that SQLite itself would refuse or
 * misread: table options (ENGINE, CHARSET, COMMENT=), a column COMMENT, MySQL's AUTO_INCREMENT,
 * UNSIGNED / ZEROFILL.
 */
export function looksLikeMysql(ast: Node): boolean {
  if ((ast.table_options ?? []).length > 0) return true;
  return ((ast.create_definitions ?? []) as Node[]).some((d) => d.resource === 'column' && (
    d.comment || d.auto_increment === 'auto_increment'
    || ((d.definition?.suffix ?? []) as unknown[]).some((s) => /unsigned|zerofill/i.test(String(s)))));
}
