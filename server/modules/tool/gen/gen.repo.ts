/**
 * Code generator rows (`gen_table`, `gen_table_column`; reference §2 `/tool/gen`, §8): paged
 * list, lookups by id and name, insert, update and delete of tables and their columns.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { genTable, genTableColumn, sysMenu } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOf, withinDays, type DbTx } from '../../common/query.repo';

export type GenTableDbRow = typeof genTable.$inferSelect;
export type GenColumnDbRow = typeof genTableColumn.$inferSelect;
export type GenTableValues = Omit<typeof genTable.$inferInsert, 'tableId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'>;
export type GenColumnValues = Omit<typeof genTableColumn.$inferInsert, 'columnId' | 'tableId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime'>;

export interface GenFilter extends Partial<PageInput> {
  tableName?: string;
  tableComment?: string;
}

export const genTableColumns = {
  tableId: genTable.tableId, tableName: genTable.tableName, tableComment: genTable.tableComment, className: genTable.className,
  createTime: genTable.createTime, updateTime: genTable.updateTime,
};

/** Imported tables by name (LIKE), comment (LIKE) and creation days, ordered by tableId. */
export function listGenTables(db: DbTx, f: GenFilter): Page<GenTableDbRow> {
  const where = and(contains(genTable.tableName, f.tableName), contains(genTable.tableComment, f.tableComment), ...withinDays(genTable.createTime, f));
  const order = orderOf(genTableColumns, f, [asc(genTable.tableId)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(genTable).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(genTable).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

/** Every imported table ordered by tableId (RuoYi selectGenTableAll). */
export function allGenTables(db: DbTx): GenTableDbRow[] {
  return db.select().from(genTable).orderBy(asc(genTable.tableId)).all();
}

/** Names of every imported table. */
export function importedNames(db: DbTx): Set<string> {
  return new Set(db.select({ n: genTable.tableName }).from(genTable).all().map((r) => r.n));
}

export function findGenTable(db: DbTx, tableId: number): GenTableDbRow | undefined {
  return db.select().from(genTable).where(eq(genTable.tableId, tableId)).get();
}

/** The imported table of that database table name (the first, should there be several). */
export function findGenTableByName(db: DbTx, tableName: string): GenTableDbRow | undefined {
  return db.select().from(genTable).where(eq(genTable.tableName, tableName)).orderBy(asc(genTable.tableId)).get();
}

/** Columns of one table ordered by sort (then columnId). */
export function columnsOf(db: DbTx, tableId: number): GenColumnDbRow[] {
  return db.select().from(genTableColumn).where(eq(genTableColumn.tableId, tableId)).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId)).all();
}

/** Columns of several tables, grouped by tableId (each ordered by sort). */
export function columnsByTable(db: DbTx, tableIds: number[]): Map<number, GenColumnDbRow[]> {
  const out = new Map<number, GenColumnDbRow[]>(tableIds.map((id) => [id, []]));
  if (tableIds.length === 0) return out;
  const rows = db.select().from(genTableColumn).where(inArray(genTableColumn.tableId, tableIds)).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId)).all();
  for (const r of rows) out.get(r.tableId)!.push(r);
  return out;
}

export function insertGenTable(db: DbTx, v: GenTableValues, by: string, when: string): number {
  return db.insert(genTable).values({ ...v, createBy: by, createTime: when }).returning({ id: genTable.tableId }).get().id;
}

export function updateGenTable(db: DbTx, tableId: number, v: Partial<GenTableValues>, by: string, when: string): number {
  return db.update(genTable).set({ ...v, updateBy: by, updateTime: when }).where(eq(genTable.tableId, tableId)).run().changes;
}

export function insertGenColumn(db: DbTx, tableId: number, v: GenColumnValues, by: string, when: string): number {
  return db.insert(genTableColumn).values({ ...v, tableId, createBy: by, createTime: when }).returning({ id: genTableColumn.columnId }).get().id;
}

/** Updates one column of `tableId` (a column of another table is left alone: 0 changes). */
export function updateGenColumn(db: DbTx, tableId: number, columnId: number, v: Partial<GenColumnValues>, by: string, when: string): number {
  return db.update(genTableColumn).set({ ...v, updateBy: by, updateTime: when })
    .where(and(eq(genTableColumn.columnId, columnId), eq(genTableColumn.tableId, tableId))).run().changes;
}

export function deleteGenColumns(db: DbTx, columnIds: number[]): number {
  if (columnIds.length === 0) return 0;
  return db.delete(genTableColumn).where(inArray(genTableColumn.columnId, columnIds)).run().changes;
}

/** Deletes the tables and their columns (never the database tables themselves). */
export function deleteGenTables(db: DbTx, tableIds: number[]): number {
  db.delete(genTableColumn).where(inArray(genTableColumn.tableId, tableIds)).run();
  return db.delete(genTable).where(inArray(genTable.tableId, tableIds)).run().changes;
}

/** Name of a menu (parentMenuName of the generator info), undefined when missing. */
/** Menu names by id for the given ids, in one query (parent menus of a page of tables). */
export function menuNames(db: DbTx, menuIds: number[]): Map<number, string> {
  if (menuIds.length === 0) return new Map();
  const rows = db.select({ id: sysMenu.menuId, n: sysMenu.menuName }).from(sysMenu).where(inArray(sysMenu.menuId, [...new Set(menuIds)])).all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Page menus (type C) with their permission and component, ordered by menuId (default 表描述, gen-rules menuNameOf). */
export function pageMenus(db: DbTx): Array<{ menuName: string; perms: string | null; component: string | null }> {
  return db.select({ menuName: sysMenu.menuName, perms: sysMenu.perms, component: sysMenu.component })
    .from(sysMenu).where(eq(sysMenu.menuType, 'C')).orderBy(asc(sysMenu.menuId)).all();
}
