/**
 * Pure rules of the code generator (reference §8 "Import flow", "Column defaults", synchDb;
 * RuoYi `GenUtils.initTable` / `initColumnField`, `GenTableServiceImpl.synchDb`), adapted to
 * SQLite declared types and TypeScript field types (issue 14: javaType is number | string |
 * boolean). No database: the service feeds them what `sqlite-tables.ts` read (on PostgreSQL its
 * types in the same short form: `varchar(64)`, `bigint`, `timestamptz`…, pg-tables.ts pgColumnType).
 */
import { GEN_BUSINESS_NAME, GEN_CLASS_NAME, GEN_MAX_BUSINESS_NAME } from '../../../../shared/schemas/tool/gen';

/** One table as the live database describes it (`sqlite-tables.ts`, `pg-tables.ts`). */
export interface DbTable {
  tableName: string;
  tableComment: string;
  /** CREATE TABLE text as sqlite_master stores it ('' on PostgreSQL). */
  ddl: string;
}

/** One column as the live database describes it (`sqlite-tables.ts`, `pg-tables.ts`). */
export interface DbColumn {
  columnName: string;
  /** Declared type, lower case, as written (`varchar(64)`, `integer`, '' when untyped). */
  columnType: string;
  /** `-- text` at the end of the column's DDL line, '' when none. */
  columnComment: string;
  notNull: boolean;
  hasDefault: boolean;
  isPk: boolean;
  /** INTEGER PRIMARY KEY of a rowid table (a rowid alias: SQLite assigns it). */
  isIncrement: boolean;
}

/** Defaults of one gen_table row (without audit columns). */
export interface GenTableDefaults {
  tableName: string;
  tableComment: string;
  className: string;
  tplCategory: 'crud';
  tplWebType: string;
  packageName: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  functionAuthor: string;
  genType: '0';
  genPath: string;
  options: string;
}

/** Defaults of one gen_table_column row (without tableId and audit columns). */
export interface GenColumnDefaults {
  columnName: string;
  columnComment: string;
  columnType: string;
  javaType: 'number' | 'string' | 'boolean';
  javaField: string;
  isPk: '0' | '1';
  isIncrement: '0' | '1';
  isRequired: '0' | '1';
  isInsert: '0' | '1';
  isEdit: '0' | '1';
  isList: '0' | '1';
  isQuery: '0' | '1';
  queryType: string;
  htmlType: string;
  dictType: string;
  sort: number;
}

export const DEFAULT_PACKAGE = 'modules.biz';
export const DEFAULT_AUTHOR = 'caishui';
export const DEFAULT_PARENT_MENU_ID = 3;

/** Columns never edited / listed / queried (RuoYi GenConstants COLUMNNAME_NOT_EDIT/LIST/QUERY). */
const NOT_EDIT = new Set(['id', 'create_by', 'create_time', 'del_flag']);
const NOT_LIST = new Set([...NOT_EDIT, 'update_by', 'update_time']);
const NOT_QUERY = new Set([...NOT_LIST, 'remark']);

const CHAR_TYPES = new Set(['char', 'varchar', 'nvarchar', 'varchar2', 'character', 'nchar', 'varying character', 'native character', 'character varying']);
const TEXT_TYPES = new Set(['text', 'clob', 'tinytext', 'mediumtext', 'longtext']);
const TIME_TYPES = new Set(['datetime', 'date', 'time', 'timestamp', 'timestamptz', 'timetz']);
const NUMBER_TYPES = new Set(['integer', 'int', 'tinyint', 'smallint', 'mediumint', 'bigint', 'number', 'float', 'double', 'real', 'decimal', 'numeric',
  'int2', 'int8', 'unsigned big int', 'double precision']);
const BOOLEAN_TYPES = new Set(['boolean', 'bool', 'bit']);

/** `biz_customer_info` → `BizCustomerInfo` (no prefix stripping: RuoYi autoRemovePre false). */
export function pascalCase(name: string): string {
  return name.split(/[_\s]+/).filter(Boolean).map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()).join('');
}

/** `customer_name` → `customerName` (RuoYi StringUtils.toCamelCase). */
export function camelCase(name: string): string {
  const p = pascalCase(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

/** Last segment of a dotted package (`modules.biz` → `biz`; RuoYi getModuleName). */
export const moduleOf = (packageName: string) => packageName.slice(packageName.lastIndexOf('.') + 1);

/**
 * The default class name of an imported table: PascalCase of its name (RuoYi convertClassName,
 * `biz_customer_info` → `BizCustomerInfo`), kept to letters and digits, with a leading `T` when it
 * would not start with a letter (`2024_report` → `T2024Report`), which 生成代码 would refuse.
 */
export function classOf(tableName: string): string {
  const name = pascalCase(tableName).replace(/[^a-zA-Z0-9]/g, '');
  return GEN_CLASS_NAME.test(name) ? name : `T${name}`;
}

/**
 * The default business name of an imported table: the part after the last `_`, first letter lower
 * case (RuoYi getBusinessName), e.g. `biz_Ledger` → `ledger`; the whole name without `_`. When that
 * part is no valid business name (a lower-case letter, then letters and digits: `biz_part_2024`
 * would give `2024`, which 生成代码 refuses), the trailing parts back to the last one starting with
 * a letter are joined and kept to letters and digits (`biz_part_2024` → `part2024`), and a name
 * with no such part gets a leading `t` (`2024_01` → `t202401`); such a name is cut to 30 characters.
 */
export function businessOf(tableName: string): string {
  const part = tableName.slice(tableName.lastIndexOf('_') + 1) || tableName;
  const ruoyi = part.charAt(0).toLowerCase() + part.slice(1);
  if (GEN_BUSINESS_NAME.test(ruoyi)) return ruoyi;
  const parts = tableName.split('_').map((p) => p.replace(/[^a-zA-Z0-9]/g, '')).filter(Boolean);
  let from = parts.length - 1;
  while (from > 0 && !/^[a-zA-Z]/.test(parts[from])) from--;
  const joined = parts.slice(from).join(''); // from is -1 only when parts is empty
  const name = joined.charAt(0).toLowerCase() + joined.slice(1);
  return (GEN_BUSINESS_NAME.test(name) ? name : `t${name}`).slice(0, GEN_MAX_BUSINESS_NAME);
}

/** Table comment minus a trailing 表, or the table name without a comment (RuoYi replaceText). */
export function functionOf(tableName: string, tableComment: string): string {
  const c = tableComment.trim().replace(/表$/, '').trim();
  return c || tableName;
}

/** A page menu as menuNameOf reads it. */
export interface PageMenu {
  menuName: string;
  perms: string | null;
  component: string | null;
}

const squash = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The name of the page menu of a table (issue 40 §6, default 表描述): the first menu whose
 * permission's middle part (`system:user:list` → user) or component folder (`system/user/index`
 * → user) equals the table name without its first `_` part (`sys_user` → user, `sys_oper_log` →
 * operlog; letters and digits compared, case-insensitive); undefined when none.
 */
export function menuNameOf(tableName: string, menus: PageMenu[]): string | undefined {
  const cut = tableName.indexOf('_');
  const key = squash(cut < 0 ? tableName : tableName.slice(cut + 1));
  if (!key) return undefined;
  const hit = menus.find((m) => {
    const perm = (m.perms ?? '').split(':');
    const comp = (m.component ?? '').split('/');
    return (perm.length >= 3 && squash(perm[perm.length - 2]) === key) || (comp.length >= 2 && squash(comp[comp.length - 2]) === key);
  });
  return hit?.menuName.trim() || undefined;
}

/**
 * 表描述 of a newly imported table (issue 40 §6: the edit screen requires it): the table's comment,
 * else its page menu's name (menuNameOf), else the table name.
 */
export function defaultTableComment(tableName: string, tableComment: string, menus: PageMenu[]): string {
  return tableComment.trim() || menuNameOf(tableName, menus) || tableName;
}

/** gen_table defaults for an imported table (reference §8 import flow). */
export function initTable(tableName: string, tableComment: string): GenTableDefaults {
  return {
    tableName, tableComment, className: classOf(tableName), tplCategory: 'crud', tplWebType: 'react-chakra',
    packageName: DEFAULT_PACKAGE, moduleName: moduleOf(DEFAULT_PACKAGE), businessName: businessOf(tableName),
    functionName: functionOf(tableName, tableComment), functionAuthor: DEFAULT_AUTHOR, genType: '0', genPath: '/',
    options: JSON.stringify({ parentMenuId: DEFAULT_PARENT_MENU_ID }),
  };
}

/** `varchar(600)` → { base: 'varchar', length: 600 }; `decimal(10, 2)` → length 10. */
export function typeParts(columnType: string): { base: string; length?: number } {
  const t = columnType.trim().toLowerCase();
  const open = t.indexOf('(');
  const base = (open < 0 ? t : t.slice(0, open)).trim().replace(/\s+/g, ' ');
  const m = open < 0 ? null : /^\(\s*(\d+)/.exec(t.slice(open));
  return { base, length: m ? Number(m[1]) : undefined };
}

/** TypeScript type and form control of a declared type (reference §8 column defaults, SQLite and PostgreSQL types). */
export function typeDefaults(columnType: string): { javaType: GenColumnDefaults['javaType']; htmlType: string; isTime: boolean } {
  const { base, length } = typeParts(columnType);
  if (CHAR_TYPES.has(base)) return { javaType: 'string', htmlType: length !== undefined && length >= 500 ? 'textarea' : 'input', isTime: false };
  if (TEXT_TYPES.has(base)) return { javaType: 'string', htmlType: 'textarea', isTime: false };
  if (TIME_TYPES.has(base)) return { javaType: 'string', htmlType: 'datetime', isTime: true };
  if (NUMBER_TYPES.has(base)) return { javaType: 'number', htmlType: 'input', isTime: false };
  if (BOOLEAN_TYPES.has(base)) return { javaType: 'boolean', htmlType: 'radio', isTime: false };
  return { javaType: 'string', htmlType: 'input', isTime: false };
}

/** `create_time`, `login_date`, `time`: a column name that says it holds a date or a date-time. */
const TIME_NAME = /(^|_)(time|date)$/i;

/**
 * typeDefaults plus the name rule for times kept as TEXT (issue 41 §4): RuoYi declares `create_time
 * datetime` (GenUtils: htmlType datetime); ours (Drizzle `text('create_time')`) hold `yyyy-MM-dd
 * HH:mm:ss` text. A `*_time` / `*_date` column of a text-like type (char/varchar/text…, or none)
 * gets a datetime column's defaults: htmlType datetime, TS type string, BETWEEN when queried
 * (initColumn). Numbers (the engine's epoch-ms `*_time`, `cost_time`), booleans, blobs: unchanged.
 */
export function columnTypeDefaults(columnName: string, columnType: string): ReturnType<typeof typeDefaults> {
  const t = typeDefaults(columnType);
  if (t.isTime || !TIME_NAME.test(columnName)) return t;
  const { base } = typeParts(columnType);
  const textLike = base === '' || CHAR_TYPES.has(base) || TEXT_TYPES.has(base);
  return textLike ? { javaType: 'string', htmlType: 'datetime', isTime: true } : t;
}

/** Options stored as JSON in gen_table.options (tree fields, menu parent, 导入). */
export interface GenOptions {
  treeCode?: string;
  treeParentCode?: string;
  treeName?: string;
  parentMenuId?: number;
  withImport?: boolean;
}

/** gen_table.options parsed; missing or bad JSON reads as {}. */
export function parseOptions(text: string | null): GenOptions {
  if (!text) return {};
  try {
    const o = JSON.parse(text) as unknown;
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as GenOptions) : {};
  } catch {
    return {};
  }
}

const flag = (b: boolean): '0' | '1' => (b ? '1' : '0');

/**
 * gen_table_column defaults of one database column at position `sort` (1-based), reference §8:
 * isInsert always; isEdit/isList/isQuery unless pk or a RuoYi base column; isRequired when NOT
 * NULL without default and not pk; name suffixes name→LIKE, status→radio, type/sex→select,
 * image→imageUpload, file→fileUpload, content→editor; queried datetime columns → BETWEEN. Text
 * columns named `*_time` / `*_date` count as datetime columns (columnTypeDefaults).
 */
export function initColumn(c: DbColumn, sort: number): GenColumnDefaults {
  const name = c.columnName.toLowerCase();
  const t = columnTypeDefaults(name, c.columnType);
  const isEdit = !c.isPk && !NOT_EDIT.has(name);
  const isList = !c.isPk && !NOT_LIST.has(name);
  const isQuery = !c.isPk && !NOT_QUERY.has(name);
  let queryType = t.isTime && isQuery ? 'BETWEEN' : 'EQ';
  let htmlType = t.htmlType;
  if (name.endsWith('name')) queryType = 'LIKE';
  if (name.endsWith('status')) htmlType = 'radio';
  else if (name.endsWith('type') || name.endsWith('sex')) htmlType = 'select';
  else if (name.endsWith('image')) htmlType = 'imageUpload';
  else if (name.endsWith('file')) htmlType = 'fileUpload';
  else if (name.endsWith('content')) htmlType = 'editor';
  return {
    columnName: c.columnName, columnComment: c.columnComment, columnType: c.columnType.toLowerCase(), javaType: t.javaType,
    javaField: camelCase(c.columnName), isPk: flag(c.isPk), isIncrement: flag(c.isIncrement),
    isRequired: flag(c.notNull && !c.hasDefault && !c.isPk), isInsert: '1', isEdit: flag(isEdit), isList: flag(isList), isQuery: flag(isQuery),
    queryType, htmlType, dictType: '', sort,
  };
}

/** A stored column as synch needs it. */
export interface PrevColumn {
  columnId: number;
  columnName: string;
  columnComment: string;
  dictType: string;
  queryType: string;
  isRequired: string;
  htmlType: string;
}

export interface SynchPlan {
  /** Existing columns re-initialised (with their columnId). */
  update: Array<GenColumnDefaults & { columnId: number }>;
  /** Database columns not stored yet. */
  insert: GenColumnDefaults[];
  /** Stored columns no longer in the database. */
  remove: number[];
}

/**
 * synchDb (reference §8; RuoYi GenTableServiceImpl.synchDb): every database column gets the
 * defaults again; a column that existed keeps its dictType and queryType when it is listed
 * (isList), and its isRequired and htmlType when it is not the pk; it keeps its comment when the
 * DDL has none. Columns are matched by name; new ones are inserted, vanished ones removed.
 */
export function planSynch(dbColumns: DbColumn[], prev: PrevColumn[]): SynchPlan {
  const byName = new Map(prev.map((p) => [p.columnName, p]));
  const plan: SynchPlan = { update: [], insert: [], remove: [] };
  dbColumns.forEach((c, i) => {
    const next = initColumn(c, i + 1);
    const old = byName.get(c.columnName);
    if (!old) { plan.insert.push(next); return; }
    if (next.isList === '1') { next.dictType = old.dictType; next.queryType = old.queryType; }
    if (next.isPk !== '1') { next.isRequired = old.isRequired === '1' ? '1' : '0'; next.htmlType = old.htmlType; }
    if (!next.columnComment) next.columnComment = old.columnComment;
    plan.update.push({ ...next, columnId: old.columnId });
  });
  const names = new Set(dbColumns.map((c) => c.columnName));
  plan.remove = prev.filter((p) => !names.has(p.columnName)).map((p) => p.columnId);
  return plan;
}
