/**
 * Dept rows (`sys_dept`, reference §2 Depts, §3): the flat list (filters, data scope, ordered by
 * parent and order number), the data-scope condition on depts, one dept with its parent's name,
 * missing ids, insert, update and the user count. The user and role screens read depts here too.
 */
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept, sysUser } from '../../../db/schema';
import type { LoginUser } from '../../../core/authz';
import { dataScopeCondition } from '../../../core/data-scope';
import { contains, type DbTx } from '../../common/query.repo';

export type DeptRow = typeof sysDept.$inferSelect;

export interface DeptFilter {
  deptName?: string;
  status?: string;
}

/**
 * The condition on `sys_dept` rows of the caller's data scope for `perm` (core/data-scope.ts);
 * undefined means every dept (the super admin, or a role with scope 1).
 */
export function deptScope(db: DbTx, login: LoginUser, perm: string): SQL | undefined {
  return dataScopeCondition(db as Db, login, { dept: sysDept.deptId }, perm);
}

/** Live depts matching the filter and `scope`, ordered by parent id and order number. */
export function listDepts(db: DbTx, f: DeptFilter, scope?: SQL): DeptRow[] {
  return db.select().from(sysDept)
    .where(and(eq(sysDept.delFlag, '0'), contains(sysDept.deptName, f.deptName), f.status ? eq(sysDept.status, f.status) : undefined, scope))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId))
    .all();
}

/** True when the live dept `deptId` passes `scope` (undefined: any live dept; RuoYi checkDeptDataScope). */
export function deptInScope(db: DbTx, deptId: number, scope: SQL | undefined): boolean {
  return db.select({ id: sysDept.deptId }).from(sysDept).where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'), scope)).get() !== undefined;
}

/** One live dept with `parentName` (RuoYi selectDeptById). */
export function findDeptById(db: DbTx, deptId: number): (DeptRow & { parentName: string | null }) | undefined {
  return db.select({
    ...getTableColumns(sysDept),
    parentName: sql<string | null>`(SELECT p.dept_name FROM sys_dept p WHERE p.dept_id = "sys_dept"."parent_id")`,
  }).from(sysDept).where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'))).get();
}

export type DeptValues = Pick<DeptRow, 'parentId' | 'ancestors' | 'deptName' | 'orderNum' | 'leader' | 'phone' | 'email' | 'status'>;

export function insertDept(db: DbTx, v: DeptValues, by: string, when: string): number {
  return db.insert(sysDept).values({ ...v, createBy: by, createTime: when }).returning({ id: sysDept.deptId }).get().id;
}

export function updateDept(db: DbTx, deptId: number, v: Partial<DeptValues>, by: string, when: string): number {
  return db.update(sysDept).set({ ...v, updateBy: by, updateTime: when })
    .where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'))).run().changes;
}

/** The ids among `ids` that are not live depts (one query; none for an empty list). */
export function missingDeptIds(db: DbTx, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const found = new Set(db.select({ id: sysDept.deptId }).from(sysDept)
    .where(and(inArray(sysDept.deptId, ids), eq(sysDept.delFlag, '0'))).all().map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** Live users in the dept (RuoYi checkDeptExistUser). */
export function countDeptUsers(db: DbTx, deptId: number): number {
  return db.select({ n: count() }).from(sysUser).where(and(eq(sysUser.deptId, deptId), eq(sysUser.delFlag, '0'))).get()!.n;
}
