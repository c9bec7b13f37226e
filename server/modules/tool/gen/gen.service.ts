/**
 * Code generator services (workflow spec §3 "Generator table/info/column", §4, §5, §7 "Code
 * generator"; reference §2 `/tool/gen`, §8; RuoYi GenController / GenTableServiceImpl): lists,
 * the edit screen's data and its save, import, createTable, delete and synchDb. Preview, zip and
 * writing the files are in `gen-output.ts` (re-exported here for the router). On the async store
 * (issue 43): each write is one `store.transaction` with its checks; the SQL parser of createTable
 * loads and parses before it, the preview warm-up (Prettier) starts after it.
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import { pageWindow, type Page } from '../../../core/pagination';
import {
  GEN_MSG, GEN_RESERVED_MODULES,
  type GenColumnRow, type GenDbTableRow, type GenListInput, type GenTableRow, type GenUpdateInput, type TplCategory,
} from '../../../../shared/schemas/tool/gen';
import type { genDbListInput, genListInput, genUpdateInput } from '../../../../shared/schemas/tool/gen';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { checkCreateTables, loadSqlParser, parseCreateTables, runCreateTables } from './create-table';
import { requireGenAdmin } from './gen-admin';
import { warmGeneratorLibraries, warmPreviews } from './gen-output';
import { defaultTableComment, initColumn, initTable, parseOptions, planSynch, DEFAULT_PARENT_MENU_ID, type GenOptions } from './gen-rules';
import {
  allGenTables, columnsByTable, columnsOf, deleteGenColumns, deleteGenTables, findGenTable, findGenTableByName, importedNames,
  insertGenColumn, insertGenTable, listGenTables, menuNames, pageMenus, updateGenColumn, updateGenTable, type GenColumnDbRow, type GenTableDbRow,
} from './gen.repo';
import { findDbTable, listDbTables, readDbColumns, type DbTable } from './sqlite-tables';

export { genBatchZip, genPreview, genZip } from './gen-output';
export { genToPath } from './gen-write';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'env'>;
type GenStore = Deps['store'];
/** What the repositories take: the store's Drizzle handle. */
type RepoStore = Pick<Store<Db>, 'db'>;

const asColumn = (c: GenColumnDbRow): GenColumnRow => ({ ...c });

const parentMenuOf = (t: GenTableDbRow) => parseOptions(t.options).parentMenuId ?? DEFAULT_PARENT_MENU_ID;

/**
 * The API rows of tables: each gen_table row with its options spread in (and its columns when
 * `columnsOf` gives them); the parent menu names come from one query for all rows.
 */
async function asTables(store: RepoStore, tables: GenTableDbRow[], columnsOf?: (tableId: number) => GenColumnDbRow[] | undefined): Promise<GenTableRow[]> {
  const names = await menuNames(store, tables.map(parentMenuOf));
  return tables.map((t) => {
    const o = parseOptions(t.options);
    const parentMenuId = parentMenuOf(t);
    const columns = columnsOf?.(t.tableId);
    return {
      ...t, tplCategory: t.tplCategory as TplCategory, genType: t.genType === '1' ? '1' : '0',
      treeCode: o.treeCode, treeParentCode: o.treeParentCode, treeName: o.treeName, parentMenuId,
      parentMenuName: names.get(parentMenuId), withImport: o.withImport ?? false,
      ...(columns ? { columns: columns.map(asColumn) } : {}),
    };
  });
}

/** Loads an imported table by id. Errors (500): 生成表不存在. */
async function mustTable(store: RepoStore, tableId: number): Promise<GenTableDbRow> {
  const t = await findGenTable(store, tableId);
  if (!t) throw new AppError('notFound', '生成表不存在');
  return t;
}

/**
 * `GET /tool/gen/list` → `{rows, total}` of imported tables (tableName/tableComment LIKE, create
 * days). The first call of a process also starts loading the generator's libraries (gen-output.ts).
 */
export const genList = async (deps: Deps, f: z.output<typeof genListInput>): Promise<Page<GenTableRow>> => {
  warmGeneratorLibraries();
  const page = await listGenTables(deps.store, f);
  return { rows: await asTables(deps.store, page.rows), total: page.total };
};

/**
 * `GET /tool/gen/db/list` → `{rows, total}` of database tables not yet imported, filtered by
 * name and comment (case-insensitive contains), ordered by name, paged in memory. SQLite keeps
 * no create/update time: both null.
 */
export const genDbList = async (deps: Deps, f: z.output<typeof genDbListInput>): Promise<Page<GenDbTableRow>> => {
  const imported = await importedNames(deps.store);
  const has = (v: string, q?: string) => !q || v.toLowerCase().includes(q.toLowerCase());
  const all = (await listDbTables(deps.store))
    .filter((t) => !imported.has(t.tableName) && has(t.tableName, f.tableName) && has(t.tableComment, f.tableComment))
    .map((t) => ({ tableName: t.tableName, tableComment: t.tableComment, createTime: null, updateTime: null }));
  const { offset, limit } = pageWindow(f, all.length);
  return { rows: all.slice(offset, offset + limit), total: all.length };
};

/**
 * `GET /tool/gen/{tableId}` → `{info, rows, tables}`: the table with options spread in and its
 * columns, the columns, and every imported table with its columns (sub-table selects).
 * Errors (500): 生成表不存在.
 */
export const genGet = async (deps: Deps, tableId: number): Promise<{ info: GenTableRow; rows: GenColumnRow[]; tables: GenTableRow[] }> => {
  const t = await mustTable(deps.store, tableId);
  const columns = await columnsOf(deps.store, tableId);
  const all = await allGenTables(deps.store);
  const byTable = await columnsByTable(deps.store, all.map((x) => x.tableId));
  return {
    info: (await asTables(deps.store, [t], () => columns))[0],
    rows: columns.map(asColumn),
    tables: await asTables(deps.store, all, (id) => byTable.get(id)),
  };
};

/** `GET /tool/gen/column/{tableId}` → `{rows, total}` columns ordered by sort. */
export const genColumns = async (deps: Deps, tableId: number): Promise<{ rows: GenColumnRow[]; total: number }> => {
  const rows = (await columnsOf(deps.store, tableId)).map(asColumn);
  return { rows, total: rows.length };
};

const blank = (v: string | null | undefined) => !v || v.trim() === '';

/**
 * The edit screen's checks (RuoYi GenTableServiceImpl.validateEdit plus ours). Errors (500):
 * 树编码字段不能为空 / 树父编码字段不能为空 / 树名称字段不能为空 (tree); 关联子表的表名不能为空 /
 * 子表关联的外键名不能为空 (sub); 生成模块名不能使用保留名称：<m>; 字段<id>不属于表<t>; 字段<id>重复;
 * 表<t>没有字段<c> (tree fields, sub fk); 关联子表<s>未导入; 关联子表不能是本表; 表<t>不存在 (renamed).
 */
async function validateUpdate(store: GenStore, current: GenTableDbRow, f: z.output<typeof genUpdateInput>): Promise<void> {
  const p = f.params ?? {};
  if (f.tplCategory === 'tree') {
    if (blank(p.treeCode)) throw new AppError('invalid', GEN_MSG.treeCode);
    if (blank(p.treeParentCode)) throw new AppError('invalid', GEN_MSG.treeParentCode);
    if (blank(p.treeName)) throw new AppError('invalid', GEN_MSG.treeName);
  } else if (f.tplCategory === 'sub') {
    if (blank(f.subTableName)) throw new AppError('invalid', GEN_MSG.subTableName);
    if (blank(f.subTableFkName)) throw new AppError('invalid', GEN_MSG.subTableFkName);
  }
  if ((GEN_RESERVED_MODULES as readonly string[]).includes(f.moduleName)) throw new AppError('invalid', `生成模块名不能使用保留名称：${f.moduleName}`);
  const own = await columnsOf(store, current.tableId);
  const ownIds = new Set(own.map((c) => c.columnId));
  const seen = new Set<number>();
  for (const c of f.columns) {
    if (!ownIds.has(c.columnId)) throw new AppError('invalid', `字段${c.columnId}不属于表${current.tableName}`);
    if (seen.has(c.columnId)) throw new AppError('conflict', `字段${c.columnId}重复`);
    seen.add(c.columnId);
  }
  if (f.tplCategory === 'tree') {
    const names = new Set(own.map((c) => c.columnName));
    for (const field of [p.treeCode, p.treeParentCode, p.treeName]) {
      if (!names.has(field!.trim())) throw new AppError('invalid', `表${current.tableName}没有字段${field}`);
    }
  }
  if (f.tplCategory === 'sub') {
    const sub = await findGenTableByName(store, f.subTableName!);
    if (!sub) throw new AppError('notFound', `关联子表${f.subTableName}未导入`);
    if (sub.tableId === current.tableId) throw new AppError('invalid', '关联子表不能是本表');
    if (!(await columnsOf(store, sub.tableId)).some((c) => c.columnName === f.subTableFkName)) throw new AppError('invalid', `表${sub.tableName}没有字段${f.subTableFkName}`);
  }
  if (f.tableName !== current.tableName && !(await findDbTable(store, f.tableName))) throw new AppError('notFound', `表${f.tableName}不存在`);
}

/** Options JSON rebuilt from the edit screen's params (empty values left out; parentMenuId default 3). */
function optionsOf(p: z.output<typeof genUpdateInput>['params']): string {
  const o: GenOptions = { parentMenuId: p?.parentMenuId ?? DEFAULT_PARENT_MENU_ID };
  if (!blank(p?.treeCode)) o.treeCode = p!.treeCode!.trim();
  if (!blank(p?.treeParentCode)) o.treeParentCode = p!.treeParentCode!.trim();
  if (!blank(p?.treeName)) o.treeName = p!.treeName!.trim();
  if (p?.withImport !== undefined) o.withImport = p.withImport;
  return JSON.stringify(o);
}

/**
 * `POST /tool/gen/update` (RuoYi `PUT /tool/gen`): saves the table settings and its columns in
 * one transaction; columns are matched by columnId within this table and renumbered from the
 * array order; a category other than 'sub' clears subTableName/subTableFkName (spec §4).
 * Errors (500): see validateUpdate; 生成表不存在. A refused update changes nothing.
 */
export const genUpdate = async (deps: Deps, login: LoginUser, f: z.output<typeof genUpdateInput>): Promise<void> => {
  const when = nowText(deps.clock);
  const store = deps.store;
  await store.transaction(async () => {
    const current = await mustTable(store, f.tableId);
    await validateUpdate(store, current, f);
    const isSub = f.tplCategory === 'sub';
    await updateGenTable(store, f.tableId, {
      tableName: f.tableName, tableComment: f.tableComment, className: f.className, functionAuthor: f.functionAuthor,
      remark: f.remark ?? null, tplCategory: f.tplCategory, tplWebType: f.tplWebType || current.tplWebType,
      packageName: f.packageName, moduleName: f.moduleName, businessName: f.businessName, functionName: f.functionName,
      genType: f.genType, genPath: f.genPath, subTableName: isSub ? f.subTableName : null, subTableFkName: isSub ? f.subTableFkName : null,
      options: optionsOf(f.params),
    }, login.userName, when);
    for (const [i, c] of f.columns.entries()) {
      await updateGenColumn(store, f.tableId, c.columnId, {
        columnComment: c.columnComment, javaType: c.javaType, javaField: c.javaField, isInsert: c.isInsert, isEdit: c.isEdit,
        isList: c.isList, isQuery: c.isQuery, isRequired: c.isRequired, queryType: c.queryType, htmlType: c.htmlType,
        dictType: c.dictType, sort: i + 1,
      }, login.userName, when);
    }
  });
  warmPreviews(deps, [f.tableId]);
};

/**
 * Inserts the gen_table row of `t` with its columns (reference §8 defaults; 表描述 defaults to the
 * table comment, else its menu's name, else the table name: gen-rules defaultTableComment);
 * returns the tableId.
 */
async function importOne(store: GenStore, t: DbTable, by: string, when: string): Promise<number> {
  const tableId = await insertGenTable(store, initTable(t.tableName, defaultTableComment(t.tableName, t.tableComment, await pageMenus(store))), by, when);
  for (const [i, c] of (await readDbColumns(store, t)).entries()) await insertGenColumn(store, tableId, initColumn(c, i + 1), by, when);
  return tableId;
}

/**
 * `POST /tool/gen/importTable?tables=a,b`: imports every named table with the defaults of
 * reference §8, all or nothing. Errors (500): 表<name>不存在; 表<name>已导入 (RuoYi's db/list
 * hides imported tables; we refuse instead of importing twice).
 */
export const genImport = async (deps: Deps, login: LoginUser, tables: string[]): Promise<void> => {
  const when = nowText(deps.clock);
  const store = deps.store;
  const ids = await store.transaction(async () => {
    const imported = await importedNames(store);
    const out: number[] = [];
    for (const name of new Set(tables)) {
      const t = await findDbTable(store, name);
      if (!t) throw new AppError('notFound', `表${name}不存在`);
      if (imported.has(t.tableName)) throw new AppError('conflict', `表${name}已导入`);
      // Imported meanwhile by another node: the unique index gen_table_name_uq answers the same (issue 44).
      out.push(await onUniqueViolation(() => importOne(store, t, login.userName, when), { gen_table_name_uq: `表${name}已导入` }));
    }
    return out;
  });
  warmPreviews(deps, ids);
};

/**
 * `POST /tool/gen/createTable?sql=`: admin role only; runs CREATE TABLE statements checked by
 * `create-table.ts` (on PostgreSQL written as PostgreSQL DDL, pg-ddl.ts) and imports the new
 * tables, in one transaction. Errors: 403
 * 没有权限，请联系管理员授权 (not admin); 500 仅支持 CREATE TABLE 语句, 表<name>已存在, 建表失败：….
 */
export const genCreateTable = async (deps: Deps, login: LoginUser, sqlText: string): Promise<void> => {
  requireGenAdmin(login);
  const parsed = parseCreateTables(sqlText, new (await loadSqlParser())(), deps.store.kind);
  const when = nowText(deps.clock);
  const store = deps.store;
  const ids = await store.transaction(async () => {
    const statements = await checkCreateTables(store, parsed);
    await runCreateTables(store, statements);
    const out: number[] = [];
    for (const s of statements) out.push(await importOne(store, (await findDbTable(store, s.tableName))!, login.userName, when));
    return out;
  });
  warmPreviews(deps, ids);
};

/** `POST /tool/gen/delete/{ids}`: deletes the gen rows and their columns, never the database table. */
export const genRemove = async (deps: Deps, ids: number[]): Promise<void> => {
  await deps.store.transaction(async () => { await deleteGenTables(deps.store, ids); });
};

/**
 * `GET /tool/gen/synchDb/{tableName}`: re-reads the columns from the database (gen-rules
 * planSynch: defaults again, edits to dictType/queryType/isRequired/htmlType kept), inserting new
 * and deleting vanished columns. Errors (500): 同步数据失败，原表结构不存在; 表<name>尚未导入.
 */
export const genSynchDb = async (deps: Deps, login: LoginUser, tableName: string): Promise<void> => {
  const when = nowText(deps.clock);
  const store = deps.store;
  const tableId = await store.transaction(async () => {
    const t = await findGenTableByName(store, tableName);
    if (!t) throw new AppError('notFound', `表${tableName}尚未导入`);
    const dbTable = await findDbTable(store, tableName);
    const dbColumns = dbTable ? await readDbColumns(store, dbTable) : [];
    if (dbColumns.length === 0) throw new AppError('notFound', GEN_MSG.tableGone);
    const plan = planSynch(dbColumns, await columnsOf(store, t.tableId));
    for (const { columnId, ...v } of plan.update) await updateGenColumn(store, t.tableId, columnId, v, login.userName, when);
    for (const v of plan.insert) await insertGenColumn(store, t.tableId, v, login.userName, when);
    await deleteGenColumns(store, plan.remove);
    return t.tableId;
  });
  warmPreviews(deps, [tableId]);
};

export type { GenListInput, GenUpdateInput };
