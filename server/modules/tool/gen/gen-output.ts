/**
 * Code generator output (reference §2 `/tool/gen` preview / download / batchGenCode / genCode,
 * §8 "Templates", "Preview"): the template model built from the gen rows, the ordered preview
 * map and the zip (`caishui.zip`); writing the files under the project root is gen-write.ts.
 * Reads only, on the async store (issue 43); rendering (Prettier) runs outside any transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../core/errors';
import type { FileReply } from '../../../core/files';
import { loggableFile } from '../../common/export-file';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import type { GenColumnModel, GenFile, GenTableModel } from './gen-model';
import { DEFAULT_PARENT_MENU_ID, parseOptions } from './gen-rules';
import { columnsOf, findGenTable, findGenTableByName, type GenColumnDbRow, type GenTableDbRow } from './gen.repo';
import { createTableText, findDbTable } from './sqlite-tables';
import { REGISTRY_PATHS, renderModule, type RegistrySources } from './templates';
import { formatTs } from './templates/format';
import { loadSqlParser } from './create-table';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'env'>;
type GenStore = Pick<Store<Db>, 'db' | 'all' | 'get' | 'kind'>;

export const ZIP_NAME = 'caishui.zip';
export const ZIP_TYPE = 'application/zip';

const yes = (v: string) => v === '1';

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function columnModel(c: GenColumnDbRow): GenColumnModel {
  return {
    columnName: c.columnName, columnComment: c.columnComment, columnType: c.columnType,
    javaType: (['number', 'string', 'boolean'].includes(c.javaType) ? c.javaType : 'string') as GenColumnModel['javaType'],
    javaField: c.javaField, isPk: yes(c.isPk), isIncrement: yes(c.isIncrement), isRequired: yes(c.isRequired), isInsert: yes(c.isInsert),
    isEdit: yes(c.isEdit), isList: yes(c.isList), isQuery: yes(c.isQuery),
    queryType: c.queryType as GenColumnModel['queryType'], htmlType: c.htmlType as GenColumnModel['htmlType'], dictType: c.dictType, sort: c.sort,
  };
}

/**
 * The template model of an imported table (gen-model.ts): flags as booleans, options spread,
 * `ddl` from sqlite_master (on PostgreSQL written from its catalogue in the same form,
 * sqlite-tables.ts createTableText), and for the 'sub' template the detail table's model. Errors (500):
 * 表<name>不存在 (database table gone); 关联子表<name>未导入.
 */
export async function buildModel(store: GenStore, t: GenTableDbRow, withSub = true): Promise<GenTableModel> {
  const dbTable = await findDbTable(store, t.tableName);
  if (!dbTable) throw new AppError('notFound', `表${t.tableName}不存在`);
  const o = parseOptions(t.options);
  const parentMenuId = Number(o.parentMenuId) || DEFAULT_PARENT_MENU_ID;
  const model: GenTableModel = {
    tableName: t.tableName, tableComment: t.tableComment, className: t.className,
    tplCategory: (['crud', 'tree', 'sub'].includes(t.tplCategory) ? t.tplCategory : 'crud') as GenTableModel['tplCategory'],
    packageName: t.packageName, moduleName: t.moduleName, businessName: t.businessName, functionName: t.functionName,
    functionAuthor: t.functionAuthor, remark: t.remark ?? '',
    treeCode: str(o.treeCode), treeParentCode: str(o.treeParentCode), treeName: str(o.treeName),
    parentMenuId, withImport: o.withImport === true, columns: (await columnsOf(store, t.tableId)).map(columnModel), ddl: await createTableText(store, dbTable),
  };
  if (withSub && model.tplCategory === 'sub' && t.subTableName) {
    const sub = await findGenTableByName(store, t.subTableName);
    if (!sub) throw new AppError('notFound', `关联子表${t.subTableName}未导入`);
    model.subTable = await buildModel(store, sub, false);
    model.subTableFkName = t.subTableFkName ?? undefined;
  }
  return model;
}

/** The current registry file under the project root (null when it is missing). */
export function readRegistries(root: string): RegistrySources {
  const read = (p: string) => {
    try {
      return fs.readFileSync(path.join(root, p), 'utf8');
    } catch {
      return null;
    }
  };
  return { modules: read(REGISTRY_PATHS.modules) };
}

/** The imported table `tableName`. Errors (500): 表<name>尚未导入. */
export async function tableByName(store: Pick<Store<Db>, 'db'>, tableName: string): Promise<GenTableDbRow> {
  const t = await findGenTableByName(store, tableName);
  if (!t) throw new AppError('notFound', `表${tableName}尚未导入`);
  return t;
}

/**
 * Renders `tables` in order, each with the registries the previous one produced; a later file of
 * the same path replaces an earlier one. Errors (500): 生成代码失败：<reason of the templates>.
 */
export async function renderChain(deps: Deps, tables: GenTableDbRow[]): Promise<GenFile[]> {
  let registries = readRegistries(deps.env.PROJECT_ROOT);
  const files = new Map<string, GenFile>();
  for (const t of tables) {
    const model = await buildModel(deps.store, t);
    let out: GenFile[];
    try {
      out = await renderModule(model, registries);
    } catch (e) {
      // The templates refuse models they cannot write with a Chinese reason (templates/index.ts checkModel).
      throw e instanceof AppError ? e : new AppError('internal', `生成代码失败：${(e as Error).message}`);
    }
    for (const f of out) files.set(f.path, f);
    const next = (p: string) => out.find((f) => f.path === p)?.content;
    registries = { modules: next(REGISTRY_PATHS.modules) ?? registries.modules };
  }
  return [...files.values()];
}

/**
 * `GET /tool/gen/preview/{tableId}` → ordered map path → content: exactly the files of the zip.
 * Errors (500): 生成表不存在; those of buildModel.
 */
export async function genPreview(deps: Deps, tableId: number): Promise<Record<string, string>> {
  const t = await findGenTable(deps.store, tableId);
  if (!t) throw new AppError('notFound', '生成表不存在');
  const files = await renderChain(deps, [t]);
  return Object.fromEntries(files.map((f) => [f.path, f.content]));
}

let librariesWarmed = false;

/**
 * Loads the generator's large libraries (the SQL parser of 创建, Prettier of 预览) in the background
 * once per process, when the generator's list is first shown (issue 40 §6: each took seconds on
 * the first 创建 / 预览 of a busy machine; servers that never open 代码生成 never load them).
 */
export function warmGeneratorLibraries(): void {
  if (librariesWarmed) return;
  librariesWarmed = true;
  setTimeout(() => {
    loadSqlParser().then(() => formatTs('export {};\n', 'warm.ts')).catch(() => undefined);
  }, 0).unref?.();
}

let warming: Promise<void> = Promise.resolve();
const WARM_MAX = 4;

/** Settles when every preview scheduled so far by warmPreviews has rendered (tests wait on it). */
export const previewsWarmed = (): Promise<void> => warming;

/**
 * Renders the previews of `tableIds` (at most the first four) in the background, one after the
 * other, after the current request, so that Prettier is loaded and the files are in formatTs's
 * cache when 预览 is clicked (issue 40 §6: a first preview took 4–5 s). Called after import,
 * create, edit and synch. Failures are ignored (the preview itself reports them).
 */
export function warmPreviews(deps: Deps, tableIds: number[]): void {
  for (const id of tableIds.slice(0, WARM_MAX)) {
    warming = warming.then(() => new Promise<void>((resolve) => {
      setTimeout(() => {
        genPreview(deps, id).then(() => resolve(), () => resolve());
      }, 0).unref?.();
    }));
  }
}

function zipOf(files: GenFile[]): FileReply {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.path] = strToU8(f.content);
  return loggableFile({ fileName: ZIP_NAME, contentType: ZIP_TYPE, body: Buffer.from(zipSync(entries)) });
}

/** `GET /tool/gen/download/{tableName}` → `caishui.zip` of the table's files. Errors (500): 表<name>尚未导入. */
export async function genZip(deps: Deps, tableName: string): Promise<FileReply> {
  return zipOf(await renderChain(deps, [await tableByName(deps.store, tableName)]));
}

/**
 * `GET /tool/gen/batchGenCode?tables=a,b` → one `caishui.zip`; the registries are chained (table
 * 2 renders over table 1's registry output), so the registry files list every module.
 */
export async function genBatchZip(deps: Deps, tables: string[]): Promise<FileReply> {
  const rows: GenTableDbRow[] = [];
  for (const n of new Set(tables)) rows.push(await tableByName(deps.store, n));
  return zipOf(await renderChain(deps, rows));
}
