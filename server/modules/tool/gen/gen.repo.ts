/**
 * Code generator rows (`gen_table`, `gen_table_column`; reference §2 `/tool/gen`, §8): paged
 * list, lookups by id and name, insert, update and delete of tables and their columns.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { genTable, genTableColumn, sysMenu } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync, withinDays } from '../../common/query.repo';

type GenStore = Pick<Store<Db>, 'db'>;

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
export async function listGenTables({ db }: GenStore, f: GenFilter): Promise<Page<GenTableDbRow>> {
  const where = and(contains(genTable.tableName, f.tableName, db), contains(genTable.tableComment, f.tableComment, db), ...withinDays(genTable.createTime, f));
  const order = orderOf(genTableColumns, f, [asc(genTable.tableId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(genTable).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(genTable).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** Every imported table ordered by tableId (RuoYi selectGenTableAll). */
export async function allGenTables({ db }: GenStore): Promise<GenTableDbRow[]> {
  return db.select().from(genTable).orderBy(asc(genTable.tableId));
}

/** Names of every imported table. */
export async function importedNames({ db }: GenStore): Promise<Set<string>> {
  return new Set((await db.select({ n: genTable.tableName }).from(genTable)).map((r) => r.n));
}

export async function findGenTable({ db }: GenStore, tableId: number): Promise<GenTableDbRow | undefined> {
  return firstRow(await db.select().from(genTable).where(eq(genTable.tableId, tableId)).limit(1));
}

/** The imported table of that database table name (the first, should there be several). */
export async function findGenTableByName({ db }: GenStore, tableName: string): Promise<GenTableDbRow | undefined> {
  return firstRow(await db.select().from(genTable).where(eq(genTable.tableName, tableName)).orderBy(asc(genTable.tableId)).limit(1));
}

/** Columns of one table ordered by sort (then columnId). */
export async function columnsOf({ db }: GenStore, tableId: number): Promise<GenColumnDbRow[]> {
  return db.select().from(genTableColumn).where(eq(genTableColumn.tableId, tableId)).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId));
}

/** Columns of several tables, grouped by tableId (each ordered by sort). */
export async function columnsByTable({ db }: GenStore, tableIds: number[]): Promise<Map<number, GenColumnDbRow[]>> {
  const out = new Map<number, GenColumnDbRow[]>(tableIds.map((id) => [id, []]));
  if (tableIds.length === 0) return out;
  const rows = await db.select().from(genTableColumn).where(inArray(genTableColumn.tableId, tableIds)).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId));
  for (const r of rows) out.get(r.tableId)!.push(r);
  return out;
}

export async function insertGenTable({ db }: GenStore, v: GenTableValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(genTable).values({ ...v, createBy: by, createTime: when }).returning({ id: genTable.tableId });
  return row.id;
}

export async function updateGenTable({ db }: GenStore, tableId: number, v: Partial<GenTableValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(genTable).set({ ...v, updateBy: by, updateTime: when }).where(eq(genTable.tableId, tableId)));
}

export async function insertGenColumn({ db }: GenStore, tableId: number, v: GenColumnValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(genTableColumn).values({ ...v, tableId, createBy: by, createTime: when }).returning({ id: genTableColumn.columnId });
  return row.id;
}

/** Updates one column of `tableId` (a column of another table is left alone: 0 changes). */
export async function updateGenColumn({ db }: GenStore, tableId: number, columnId: number, v: Partial<GenColumnValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(genTableColumn).set({ ...v, updateBy: by, updateTime: when })
    .where(and(eq(genTableColumn.columnId, columnId), eq(genTableColumn.tableId, tableId))));
}

export async function deleteGenColumns({ db }: GenStore, columnIds: number[]): Promise<number> {
  if (columnIds.length === 0) return 0;
  return changesOf(await db.delete(genTableColumn).where(inArray(genTableColumn.columnId, columnIds)));
}

/** Deletes the tables and their columns (never the database tables themselves). */
export async function deleteGenTables({ db }: GenStore, tableIds: number[]): Promise<number> {
  await db.delete(genTableColumn).where(inArray(genTableColumn.tableId, tableIds));
  return changesOf(await db.delete(genTable).where(inArray(genTable.tableId, tableIds)));
}

/** Menu names by id for the given ids, in one query (parent menus of a page of tables). */
export async function menuNames({ db }: GenStore, menuIds: number[]): Promise<Map<number, string>> {
  if (menuIds.length === 0) return new Map();
  const rows = await db.select({ id: sysMenu.menuId, n: sysMenu.menuName }).from(sysMenu).where(inArray(sysMenu.menuId, [...new Set(menuIds)]));
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Page menus (type C) with their permission and component, ordered by menuId (default 表描述, gen-rules menuNameOf). */
export async function pageMenus({ db }: GenStore): Promise<Array<{ menuName: string; perms: string | null; component: string | null }>> {
  return db.select({ menuName: sysMenu.menuName, perms: sysMenu.perms, component: sysMenu.component })
    .from(sysMenu).where(eq(sysMenu.menuType, 'C')).orderBy(asc(sysMenu.menuId));
}
