/**
 * Names and column facts the templates share (issue 14): where each file of a module goes, the
 * identifiers it declares, the permissions, and which columns are the key, the audit columns, the
 * form fields, the list columns and the query fields. Pure functions of the GenTableModel.
 */
import { posix } from 'node:path';
import type { GenColumnModel, GenTableModel } from '../gen-model';

/** `customer_info` / `customerInfo` → `CustomerInfo`. */
export const pascal = (s: string) => s.replace(/(^|_)([a-zA-Z0-9])/g, (_m, _u, c: string) => c.toUpperCase());
/** `CustomerInfo` / `customer_info` → `customerInfo`. */
export const camel = (s: string) => {
  const p = pascal(s);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

/** Audit columns the service fills (never the form), RuoYi BaseEntity. */
export const AUDIT_COLUMNS = ['create_by', 'create_time', 'update_by', 'update_time'] as const;
export const isAudit = (c: GenColumnModel) => (AUDIT_COLUMNS as readonly string[]).includes(c.columnName);

/** Import path from one project file to another (no extension), always starting with `.`. */
export function importPath(fromFile: string, toFile: string): string {
  const rel = posix.relative(posix.dirname(fromFile), toFile.replace(/\.tsx?$/, ''));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** Literal of a string in generated code (single quotes). */
export const lit = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

/** Label of a column: its comment, else its field name. */
export const label = (c: GenColumnModel) => c.columnComment.trim() || c.javaField;

/** Every name and path of one module. */
export interface ModuleNames {
  /** `biz.customer`: the install key and registry marker. */
  key: string;
  moduleName: string;
  businessName: string;
  /** `Customer`. */
  Business: string;
  /** `server/modules/biz/customer`. */
  serverDir: string;
  /** Server files. */
  tableFile: string;
  repoFile: string;
  serviceFile: string;
  routerFile: string;
  installFile: string;
  schemaFile: string;
  listView: string;
  formView: string;
  importView: string;
  testFile: string;
  /** Drizzle table const, e.g. `bizCustomer`. */
  tableConst: string;
  /** Exported router, e.g. `customerRouter`. */
  routerConst: string;
  /** Alias of the router / install in the registry, e.g. `bizCustomerRouter`. */
  routerAlias: string;
  installConst: string;
  installAlias: string;
  /** `biz:customer`. */
  permPrefix: string;
  /** `/biz/customer` (the REST rows' base path). */
  restBase: string;
  /** `BizCustomer` (React component stem). */
  Class: string;
}

/** The names of `model` (see ModuleNames). */
export function namesOf(model: GenTableModel): ModuleNames {
  const m = model.moduleName;
  const b = model.businessName;
  const serverDir = posix.join('server', ...model.packageName.split('.'), b);
  const B = pascal(b);
  const alias = camel(m) + B;
  return {
    key: `${m}.${b}`,
    moduleName: m,
    businessName: b,
    Business: B,
    serverDir,
    tableFile: `${serverDir}/${b}.table.ts`,
    repoFile: `${serverDir}/${b}.repo.ts`,
    serviceFile: `${serverDir}/${b}.service.ts`,
    routerFile: `${serverDir}/${b}.router.ts`,
    installFile: `${serverDir}/${b}.install.ts`,
    schemaFile: `shared/schemas/${m}/${b}.ts`,
    listView: `client/src/routes/${m}/${b}/index.tsx`,
    formView: `client/src/routes/${m}/${b}/${model.className}FormDialog.tsx`,
    importView: `client/src/routes/${m}/${b}/${model.className}ImportDialog.tsx`,
    testFile: `tests/integration/${m}-${b}.test.ts`,
    tableConst: camel(model.className),
    routerConst: `${b}Router`,
    routerAlias: `${alias}Router`,
    installConst: `${b}Install`,
    installAlias: `${alias}Install`,
    permPrefix: `${m}:${b}`,
    restBase: `/${m}/${b}`,
    Class: model.className,
  };
}

/** Columns in their configured order. */
export const sorted = (model: GenTableModel) => [...model.columns].sort((a, b) => a.sort - b.sort);

/** The primary key column (the first isPk; else a column named id). Errors when there is none. */
export function pkOf(model: GenTableModel): GenColumnModel {
  const pk = model.columns.find((c) => c.isPk) ?? model.columns.find((c) => c.columnName === 'id');
  if (!pk) throw new Error(`表 ${model.tableName} 没有主键，无法生成代码`);
  return pk;
}

/** Fields of the add form: isInsert, not an auto-increment key, not audit. */
export const insertColumns = (model: GenTableModel) => sorted(model).filter((c) => c.isInsert && !isAudit(c) && !(c.isPk && c.isIncrement));
/** Fields the edit form may change: insert fields that are isEdit (the key travels separately). */
export const editColumns = (model: GenTableModel) => insertColumns(model).filter((c) => c.isEdit && !c.isPk);
/** Form fields: every insert column (the edit form shows them, disabled when not editable). */
export const formColumns = (model: GenTableModel) => insertColumns(model).filter((c) => !c.isPk);
/** Columns of the list table. */
export const listColumns = (model: GenTableModel) => sorted(model).filter((c) => c.isList || c.isPk);
/** Query fields of the list. */
export const queryColumns = (model: GenTableModel) => sorted(model).filter((c) => c.isQuery);
/** Columns of the export sheet: the list's. */
export const exportColumns = (model: GenTableModel) => listColumns(model);

/** True when the SQLite column type is an integer type. */
export const isIntegerType = (t: string) => /int|bit|bool/.test(t.toLowerCase());
/** True when the column is a non-integer number (REAL affinity: real, float, double, decimal, numeric). */
export const isDecimal = (c: GenColumnModel) => c.javaType === 'number' && !isIntegerType(c.columnType);

/** Declared length of `varchar(64)` → 64, else undefined. */
export function lengthOf(c: GenColumnModel): number | undefined {
  const m = /^\s*\w+\s*\(\s*(\d+)\s*\)/.exec(c.columnType);
  return m ? Number(m[1]) : undefined;
}

/** Max text length a field accepts: the declared one, else 65535 (rich text 1 000 000). */
export const maxLengthOf = (c: GenColumnModel) => lengthOf(c) ?? (c.htmlType === 'editor' ? 1_000_000 : 65535);

/** Filter keys of a BETWEEN query column. */
export const betweenKeys = (c: GenColumnModel) => ({ begin: `${c.javaField}Begin`, end: `${c.javaField}End` });

/** Whether the table has the audit column `name`. */
export const hasColumn = (model: GenTableModel, name: string) => model.columns.some((c) => c.columnName === name);

/** The detail list key of a master-detail get/add/update, e.g. `bizOrderItemList`. */
export const subListKey = (model: GenTableModel) => `${camel(model.subTable!.className)}List`;

/** The detail column (javaField) holding the master's key. */
export function subFkField(model: GenTableModel): string {
  const sub = model.subTable!;
  const fk = sub.columns.find((c) => c.columnName === model.subTableFkName);
  if (!fk) throw new Error(`子表 ${sub.tableName} 没有外键列 ${model.subTableFkName}`);
  return fk.javaField;
}

/** Tree template: the javaFields of treeCode, treeParentCode and treeName. */
export function treeFields(model: GenTableModel): { id: string; parent: string; name: string } {
  const field = (col: string | undefined, what: string) => {
    const c = model.columns.find((x) => x.columnName === col);
    if (!c) throw new Error(`树表 ${model.tableName} 的${what}字段 ${col ?? ''} 不存在`);
    return c.javaField;
  };
  return { id: field(model.treeCode, '树编码'), parent: field(model.treeParentCode, '树父编码'), name: field(model.treeName, '树名称') };
}

/** Column definitions of a `CREATE TABLE` statement by column name (lower case), e.g. `{ name: 'name varchar(30) not null' }`. */
export function columnDefinitions(ddl: string): Record<string, string> {
  const open = ddl.indexOf('(');
  const close = ddl.lastIndexOf(')');
  if (open < 0 || close < open) return {};
  const body = ddl.slice(open + 1, close);
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of body) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  const out: Record<string, string> = {};
  for (const raw of parts) {
    const def = raw.trim();
    const m = /^["`[]?(\w+)["`\]]?\s/.exec(def);
    if (!m || /^(primary|unique|foreign|check|constraint)$/i.test(m[1])) continue;
    out[m[1].toLowerCase()] = def;
  }
  return out;
}

/** Whether the column may hold NULL (no NOT NULL and not the primary key in the table's DDL). */
export function isNullable(model: GenTableModel, c: GenColumnModel): boolean {
  if (c.isPk) return false;
  const def = columnDefinitions(model.ddl)[c.columnName.toLowerCase()];
  return def === undefined ? !c.isRequired : !/not\s+null/i.test(def);
}

/**
 * The DDL default of a column as a code literal for Drizzle's `.default()` (`'0'`, `0`, `false`),
 * or undefined when it has none or it is an expression (CURRENT_TIMESTAMP …).
 */
export function defaultLiteral(model: GenTableModel, c: GenColumnModel): string | undefined {
  const def = columnDefinitions(model.ddl)[c.columnName.toLowerCase()];
  const m = def && /\bdefault\s+\(?\s*('(?:[^']|'')*'|-?\d+(?:\.\d+)?)\s*\)?/i.exec(def);
  if (!m) return undefined;
  const raw = m[1];
  const text = raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw;
  if (c.javaType === 'boolean') return text === '1' || text.toLowerCase() === 'true' ? 'true' : 'false';
  if (c.javaType === 'number') return Number.isFinite(Number(text)) && text !== '' ? String(Number(text)) : undefined;
  return lit(text);
}
