/**
 * Reads and writes shared by the two org trees, depts (sys_dept) and parks (sys_park): both keep
 * `parent_id`, `ancestors` ('0,100,101'), `status`, `del_flag` (reference §3 sys_dept). Only the
 * id and name columns differ, so one descriptor per table drives the same statements.
 */
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { sysDept, sysPark } from '../../../db/schema';
import type { DbTx } from '../../common/query.repo';

export interface TreeTable {
  table: typeof sysDept | typeof sysPark;
  id: SQLiteColumn;
  name: SQLiteColumn;
  parentId: SQLiteColumn;
  ancestors: SQLiteColumn;
  status: SQLiteColumn;
  delFlag: SQLiteColumn;
}

export const DEPT_TABLE: TreeTable = {
  table: sysDept, id: sysDept.deptId, name: sysDept.deptName, parentId: sysDept.parentId,
  ancestors: sysDept.ancestors, status: sysDept.status, delFlag: sysDept.delFlag,
};

export const PARK_TABLE: TreeTable = {
  table: sysPark, id: sysPark.parkId, name: sysPark.parkName, parentId: sysPark.parentId,
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

/** A node that is not deleted. */
export function findNode(db: DbTx, t: TreeTable, id: number): TreeNodeRow | undefined {
  return db.select({ id: t.id, parentId: t.parentId, ancestors: t.ancestors, name: t.name, status: t.status })
    .from(t.table).where(and(eq(t.id, id), eq(t.delFlag, '0'))).get() as TreeNodeRow | undefined;
}

/** Another live node named `name` under `parentId` (RuoYi checkDeptNameUnique). */
export function nameTaken(db: DbTx, t: TreeTable, parentId: number, name: string, exceptId?: number): boolean {
  const row = db.select({ id: t.id }).from(t.table)
    .where(and(eq(t.name, name), eq(t.parentId, parentId), eq(t.delFlag, '0'), exceptId === undefined ? undefined : ne(t.id, exceptId)))
    .get();
  return row !== undefined;
}

/** Live direct children (RuoYi hasChildByDeptId). */
export function countChildren(db: DbTx, t: TreeTable, id: number): number {
  return db.select({ n: count() }).from(t.table).where(and(eq(t.parentId, id), eq(t.delFlag, '0'))).get()!.n;
}

/** Live enabled nodes anywhere below `id` (RuoYi selectNormalChildrenDeptById). */
export function countEnabledBelow(db: DbTx, t: TreeTable, id: number): number {
  return db.select({ n: count() }).from(t.table).where(and(below(t, id), eq(t.status, '0'), eq(t.delFlag, '0'))).get()!.n;
}

/**
 * Rewrites the ancestors of every node below `id` after a move: the prefix `oldAncestors` becomes
 * `newAncestors` (RuoYi updateDeptChildren).
 */
export function moveDescendants(db: DbTx, t: TreeTable, id: number, newAncestors: string, oldAncestors: string): void {
  db.run(sql`UPDATE ${t.table} SET ancestors = ${newAncestors} || substr(ancestors, ${oldAncestors.length + 1}) WHERE ${below(t, id)}`);
}

/** Enables the nodes listed in `ancestors` (RuoYi updateParentDeptStatusNormal). */
export function enableAncestors(db: DbTx, t: TreeTable, ancestors: string, by: string, when: string): void {
  const ids = ancestors.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (ids.length === 0) return;
  db.run(sql`UPDATE ${t.table} SET status = '0', update_by = ${by}, update_time = ${when}
    WHERE ${t.id} IN (${sql.join(ids.map((n) => sql`${n}`), sql`, `)}) AND status <> '0'`);
}

/** Soft delete (del_flag '2'); returns the number of rows changed. */
export function softDelete(db: DbTx, t: TreeTable, id: number, by: string, when: string): number {
  return db.run(sql`UPDATE ${t.table} SET del_flag = '2', update_by = ${by}, update_time = ${when} WHERE ${t.id} = ${id} AND del_flag = '0'`).changes;
}
