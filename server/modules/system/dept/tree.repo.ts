/**
 * Reads and writes shared by the two org trees, depts (sys_dept) and parks (sys_park): both keep
 * `parent_id`, `ancestors` ('0,100,101'), `status`, `del_flag` (reference §3 sys_dept). Only the
 * id and name columns differ, so one descriptor per table drives the same statements.
 *
 * On the async store port (issue 43): the reads await Drizzle queries on `store.db`; the writes
 * are hand-written statements run with `store.run` (`?` placeholders, nothing SQLite-only), so the
 * same code runs over SQLite and PostgreSQL. Everything runs inside the caller's `store.transaction`.
 */
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { sysDept, sysPark } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';

type TreeStore = Pick<Store<Db>, 'db'>;

export interface TreeTable {
  table: typeof sysDept | typeof sysPark;
  /** The table and id column as SQL names (hand-written statements). */
  sqlTable: 'sys_dept' | 'sys_park';
  sqlId: 'dept_id' | 'park_id';
  id: SQLiteColumn;
  name: SQLiteColumn;
  parentId: SQLiteColumn;
  ancestors: SQLiteColumn;
  status: SQLiteColumn;
  delFlag: SQLiteColumn;
}

export const DEPT_TABLE: TreeTable = {
  table: sysDept, sqlTable: 'sys_dept', sqlId: 'dept_id', id: sysDept.deptId, name: sysDept.deptName, parentId: sysDept.parentId,
  ancestors: sysDept.ancestors, status: sysDept.status, delFlag: sysDept.delFlag,
};

export const PARK_TABLE: TreeTable = {
  table: sysPark, sqlTable: 'sys_park', sqlId: 'park_id', id: sysPark.parkId, name: sysPark.parkName, parentId: sysPark.parentId,
  ancestors: sysPark.ancestors, status: sysPark.status, delFlag: sysPark.delFlag,
};

/** What the tree rules need of a node. */
export interface TreeNodeRow {
  id: number;
  parentId: number;
  ancestors: string;
  name: string;
  status: string;
}

/** `(',' || ancestors || ',') LIKE '%,id,%'`: the rows below node `id`. */
export const below = (t: TreeTable, id: number): SQL => sql`(',' || ${t.ancestors} || ',') LIKE ${`%,${id},%`}`;

/** The same condition as `below`, for hand-written statements (one `?`: `belowParam(id)`). */
const BELOW_SQL = `(',' || ancestors || ',') LIKE ?`;
const belowParam = (id: number) => `%,${id},%`;

/** A node that is not deleted. */
export async function findNode({ db }: TreeStore, t: TreeTable, id: number): Promise<TreeNodeRow | undefined> {
  return firstRow(await db.select({ id: t.id, parentId: t.parentId, ancestors: t.ancestors, name: t.name, status: t.status })
    .from(t.table).where(and(eq(t.id, id), eq(t.delFlag, '0'))).limit(1)) as TreeNodeRow | undefined;
}

/** Another live node named `name` under `parentId` (RuoYi checkDeptNameUnique). */
export async function nameTaken({ db }: TreeStore, t: TreeTable, parentId: number, name: string, exceptId?: number): Promise<boolean> {
  const row = firstRow(await db.select({ id: t.id }).from(t.table)
    .where(and(eq(t.name, name), eq(t.parentId, parentId), eq(t.delFlag, '0'), exceptId === undefined ? undefined : ne(t.id, exceptId)))
    .limit(1));
  return row !== undefined;
}

/** Live direct children (RuoYi hasChildByDeptId). */
export async function countChildren({ db }: TreeStore, t: TreeTable, id: number): Promise<number> {
  return firstRow(await db.select({ n: count() }).from(t.table).where(and(eq(t.parentId, id), eq(t.delFlag, '0'))))?.n ?? 0;
}

/** Live enabled nodes anywhere below `id` (RuoYi selectNormalChildrenDeptById). */
export async function countEnabledBelow({ db }: TreeStore, t: TreeTable, id: number): Promise<number> {
  return firstRow(await db.select({ n: count() }).from(t.table).where(and(below(t, id), eq(t.status, '0'), eq(t.delFlag, '0'))))?.n ?? 0;
}

/**
 * Rewrites the ancestors of every node below `id` after a move: the prefix `oldAncestors` becomes
 * `newAncestors` (RuoYi updateDeptChildren).
 */
export async function moveDescendants(store: Store<Db>, t: TreeTable, id: number, newAncestors: string, oldAncestors: string): Promise<void> {
  await store.run(`UPDATE ${t.sqlTable} SET ancestors = ? || substr(ancestors, ?) WHERE ${BELOW_SQL}`,
    [newAncestors, oldAncestors.length + 1, belowParam(id)]);
}

/** Enables the nodes listed in `ancestors` (RuoYi updateParentDeptStatusNormal). */
export async function enableAncestors(store: Store<Db>, t: TreeTable, ancestors: string, by: string, when: string): Promise<void> {
  const ids = ancestors.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (ids.length === 0) return;
  await store.run(`UPDATE ${t.sqlTable} SET status = '0', update_by = ?, update_time = ?
    WHERE ${t.sqlId} IN (${ids.map(() => '?').join(', ')}) AND status <> '0'`, [by, when, ...ids]);
}

/** Soft delete (del_flag '2'); returns the number of rows changed. */
export async function softDelete(store: Store<Db>, t: TreeTable, id: number, by: string, when: string): Promise<number> {
  const r = await store.run(`UPDATE ${t.sqlTable} SET del_flag = '2', update_by = ?, update_time = ? WHERE ${t.sqlId} = ? AND del_flag = '0'`, [by, when, id]);
  return r.changes;
}
