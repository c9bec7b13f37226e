/**
 * Dept rows (`sys_dept`, reference §2 Depts, §3): the flat list (filters, data scope, ordered by
 * parent and order number), one dept with its parent's name, insert, update and the user count.
 */
import { and, asc, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { sysDept, sysUser } from '../../../db/schema';
import { contains, type DbTx } from '../../common/query';

export type DeptRow = typeof sysDept.$inferSelect;

export interface DeptFilter {
  deptName?: string;
  status?: string;
}

/** Live depts matching the filter and `scope`, ordered by parent id and order number. */
export function listDepts(db: DbTx, f: DeptFilter, scope?: SQL): DeptRow[] {
  return db.select().from(sysDept)
    .where(and(eq(sysDept.delFlag, '0'), contains(sysDept.deptName, f.deptName), f.status ? eq(sysDept.status, f.status) : undefined, scope))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId))
    .all();
}

/** True when the live dept `deptId` passes `scope` (RuoYi checkDeptDataScope). */
export function deptInScope(db: DbTx, deptId: number, scope: SQL): boolean {
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

/** Live users in the dept (RuoYi checkDeptExistUser). */
export function countDeptUsers(db: DbTx, deptId: number): number {
  return db.select({ n: count() }).from(sysUser).where(and(eq(sysUser.deptId, deptId), eq(sysUser.delFlag, '0'))).get()!.n;
}
