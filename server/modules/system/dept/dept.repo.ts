/**
 * Dept rows (`sys_dept`, reference §2 Depts, §3): the flat list (filters, data scope, ordered by
 * parent and order number), the data-scope condition on depts, one dept with its parent's name,
 * missing ids, insert, update and the user count. The user and role screens read depts here too.
 *
 * On the async store port (issue 43): every query function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { sysDept, sysUser } from '../../../db/schema';
import type { LoginUser } from '../../../core/authz';
import { dataScopeCondition } from '../../../core/data-scope';
import { contains } from '../../common/query.repo';

type DeptStore = Pick<Store<Db>, 'db'>;

export type DeptRow = typeof sysDept.$inferSelect;

export interface DeptFilter {
  deptName?: string;
  status?: string;
}

/**
 * The condition on `sys_dept` rows of the caller's data scope for `perm` (core/data-scope.ts);
 * undefined means every dept (the super admin, or a role with scope 1). Built without a query
 * (the session fills each role's permissions); `db` is read only for a role without them.
 */
export function deptScope(db: Db, login: LoginUser, perm: string): SQL | undefined {
  return dataScopeCondition(db, login, { dept: sysDept.deptId }, perm);
}

/** Live depts matching the filter and `scope`, ordered by parent id and order number. */
export async function listDepts({ db }: DeptStore, f: DeptFilter, scope?: SQL): Promise<DeptRow[]> {
  return db.select().from(sysDept)
    .where(and(eq(sysDept.delFlag, '0'), contains(sysDept.deptName, f.deptName, db), f.status ? eq(sysDept.status, f.status) : undefined, scope))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
}

/** True when the live dept `deptId` passes `scope` (undefined: any live dept; RuoYi checkDeptDataScope). */
export async function deptInScope({ db }: DeptStore, deptId: number, scope: SQL | undefined): Promise<boolean> {
  return firstRow(await db.select({ id: sysDept.deptId }).from(sysDept)
    .where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'), scope)).limit(1)) !== undefined;
}

/** One live dept with `parentName` (RuoYi selectDeptById). */
export async function findDeptById({ db }: DeptStore, deptId: number): Promise<(DeptRow & { parentName: string | null }) | undefined> {
  return firstRow(await db.select({
    ...getTableColumns(sysDept),
    parentName: sql<string | null>`(SELECT p.dept_name FROM sys_dept p WHERE p.dept_id = "sys_dept"."parent_id")`,
  }).from(sysDept).where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'))).limit(1));
}

export type DeptValues = Pick<DeptRow, 'parentId' | 'ancestors' | 'deptName' | 'orderNum' | 'leader' | 'phone' | 'email' | 'status'>;

export async function insertDept({ db }: DeptStore, v: DeptValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysDept).values({ ...v, createBy: by, createTime: when }).returning({ id: sysDept.deptId });
  return row.id;
}

export async function updateDept({ db }: DeptStore, deptId: number, v: Partial<DeptValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(sysDept).set({ ...v, updateBy: by, updateTime: when })
    .where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'))));
}

/** The ids among `ids` that are not live depts (one query; none for an empty list). */
export async function missingDeptIds({ db }: DeptStore, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: sysDept.deptId }).from(sysDept)
    .where(and(inArray(sysDept.deptId, ids), eq(sysDept.delFlag, '0')))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** Live users in the dept (RuoYi checkDeptExistUser). */
export async function countDeptUsers({ db }: DeptStore, deptId: number): Promise<number> {
  return firstRow(await db.select({ n: count() }).from(sysUser).where(and(eq(sysUser.deptId, deptId), eq(sysUser.delFlag, '0'))))?.n ?? 0;
}
