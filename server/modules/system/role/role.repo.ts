/**
 * Role reads and writes (reference §2 Roles, §3 sys_role / sys_role_menu / sys_role_dept,
 * sys_role_park): the filtered list (name and key LIKE, status, creation day range; by sort
 * order), single rows, uniqueness, links and soft delete (del_flag '2').
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one; hand-written SQL through
 * `store.all`), reading the results with server/db/store/results.ts, so the same code runs over
 * SQLite and PostgreSQL. Writes run inside the caller's `store.transaction`.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { sysMenu, sysPark, sysRole, sysRoleDept, sysRoleMenu, sysRolePark, sysUserRole } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { dayRange, isDescending, pageWindow, type Page, type PageInput } from '../../../core/pagination';
import { contains, type LikeOn } from '../../../core/like';
import type { RoleOption } from '../../../../shared/schemas/system/user';

type RoleStore = Pick<Store<Db>, 'db'>;

export type RoleRow = typeof sysRole.$inferSelect;

export interface RoleListFilter extends PageInput {
  roleName?: string;
  roleKey?: string;
  status?: string;
  roleId?: number;
}

/** Columns `orderByColumn` may name. */
export const roleColumns = {
  roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey, roleSort: sysRole.roleSort,
  dataScope: sysRole.dataScope, status: sysRole.status, createTime: sysRole.createTime, updateTime: sysRole.updateTime,
};

/** A role row as the screens see it, with `flag` (assigned) and `admin` (role 1). */
export const toRoleOption = (r: RoleRow, flag = false): RoleOption => ({
  roleId: r.roleId, roleName: r.roleName, roleKey: r.roleKey, roleSort: r.roleSort, dataScope: r.dataScope,
  menuCheckStrictly: r.menuCheckStrictly, deptCheckStrictly: r.deptCheckStrictly, status: r.status, delFlag: r.delFlag,
  createBy: r.createBy, createTime: r.createTime, updateBy: r.updateBy, updateTime: r.updateTime, remark: r.remark,
  flag, admin: r.roleId === 1,
});

function listWhere(db: LikeOn, f: Omit<RoleListFilter, 'pageNum' | 'pageSize'>, scope?: SQL) {
  const { from, to } = dayRange(f);
  return and(
    eq(sysRole.delFlag, '0'),
    f.roleId !== undefined ? eq(sysRole.roleId, f.roleId) : undefined,
    contains(sysRole.roleName, f.roleName, db),
    contains(sysRole.roleKey, f.roleKey, db),
    f.status ? eq(sysRole.status, f.status) : undefined,
    from ? gte(sysRole.createTime, from) : undefined,
    to ? lte(sysRole.createTime, to) : undefined,
    scope,
  );
}

/** Paged roles matching the filter inside `scope`. */
export async function listRoles({ db }: RoleStore, f: RoleListFilter, scope?: SQL): Promise<Page<RoleOption>> {
  const where = listWhere(db, f, scope);
  const total = firstRow(await db.select({ n: count() }).from(sysRole).where(where))?.n ?? 0;
  const { offset, limit } = pageWindow(f, total);
  const col = f.orderByColumn ? roleColumns[f.orderByColumn as keyof typeof roleColumns] : undefined;
  const rows = await db.select().from(sysRole).where(where)
    .orderBy(...(col ? [isDescending(f.isAsc) ? desc(col) : asc(col)] : [asc(sysRole.roleSort)]), asc(sysRole.roleId))
    .limit(limit).offset(offset);
  return { total, rows: rows.map((r) => toRoleOption(r)) };
}

/** Every live role matching the filter inside `scope` (exports, options), by sort order. */
export async function listAllRoles({ db }: RoleStore, f: Omit<RoleListFilter, 'pageNum' | 'pageSize'>, scope?: SQL): Promise<RoleRow[]> {
  return db.select().from(sysRole).where(listWhere(db, f, scope)).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
}

/** A live role. */
export async function findRole({ db }: RoleStore, roleId: number): Promise<RoleRow | undefined> {
  return firstRow(await db.select().from(sysRole).where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'))).limit(1));
}

/** The id of the live role whose name or key equals `value` (uniqueness checks), if any. */
export async function findRoleIdBy({ db }: RoleStore, field: 'roleName' | 'roleKey', value: string): Promise<number | undefined> {
  return firstRow(await db.select({ id: sysRole.roleId }).from(sysRole)
    .where(and(eq(sysRole[field], value), eq(sysRole.delFlag, '0'))).limit(1))?.id;
}

/** The ids among `ids` that are not menus. */
export async function missingMenuIds({ db }: RoleStore, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, ids))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The ids among `ids` that are not live parks. */
export async function missingParkIds({ db }: RoleStore, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: sysPark.parkId }).from(sysPark)
    .where(and(inArray(sysPark.parkId, ids), eq(sysPark.delFlag, '0')))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The ids among `ids` that are not live roles (one query; none for an empty list). */
export async function missingRoleIds({ db }: RoleStore, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: sysRole.roleId }).from(sysRole)
    .where(and(inArray(sysRole.roleId, ids), eq(sysRole.delFlag, '0')))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** How many users hold the role (RuoYi countUserRoleByRoleId). */
export async function countRoleUsers({ db }: RoleStore, roleId: number): Promise<number> {
  return firstRow(await db.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId)))?.n ?? 0;
}

export async function insertRole({ db }: RoleStore, values: typeof sysRole.$inferInsert): Promise<number> {
  const [row] = await db.insert(sysRole).values(values).returning({ id: sysRole.roleId });
  return row.id;
}

/** Sets fields of a live role; returns the rows changed (0 or 1). */
export async function updateRole({ db }: RoleStore, roleId: number, set: Partial<Omit<typeof sysRole.$inferInsert, 'roleId'>>): Promise<number> {
  return changesOf(await db.update(sysRole).set(set).where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'))));
}

/** Soft-deletes roles and removes their menu, dept and park links. */
export async function softDeleteRoles({ db }: RoleStore, roleIds: number[], by: string, when: string): Promise<number> {
  await db.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds));
  await db.delete(sysRoleDept).where(inArray(sysRoleDept.roleId, roleIds));
  await db.delete(sysRolePark).where(inArray(sysRolePark.roleId, roleIds));
  return changesOf(await db.update(sysRole).set({ delFlag: '2', updateBy: by, updateTime: when })
    .where(and(inArray(sysRole.roleId, roleIds), eq(sysRole.delFlag, '0'))));
}

export async function replaceRoleMenus({ db }: RoleStore, roleId: number, menuIds: number[]): Promise<void> {
  await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (menuIds.length) await db.insert(sysRoleMenu).values([...new Set(menuIds)].map((menuId) => ({ roleId, menuId })));
}

export async function replaceRoleDepts({ db }: RoleStore, roleId: number, deptIds: number[]): Promise<void> {
  await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
  if (deptIds.length) await db.insert(sysRoleDept).values([...new Set(deptIds)].map((deptId) => ({ roleId, deptId })));
}

export async function replaceRoleParks({ db }: RoleStore, roleId: number, parkIds: number[]): Promise<void> {
  await db.delete(sysRolePark).where(eq(sysRolePark.roleId, roleId));
  if (parkIds.length) await db.insert(sysRolePark).values([...new Set(parkIds)].map((parkId) => ({ roleId, parkId })));
}

/**
 * Dept ids of the role's custom scope (RuoYi selectDeptListByRoleId); with `strictly`, a dept
 * that is the parent of another selected dept is left out so the tree re-derives it.
 */
export async function roleDeptIds(store: Store<Db>, roleId: number, strictly: boolean): Promise<number[]> {
  const rows = await store.all<{ id: number }>(`SELECT d.dept_id AS "id" FROM sys_dept d INNER JOIN sys_role_dept rd ON rd.dept_id = d.dept_id
    WHERE rd.role_id = ? AND d.del_flag = '0'
    ${strictly ? 'AND d.dept_id NOT IN (SELECT c.parent_id FROM sys_dept c INNER JOIN sys_role_dept x ON x.dept_id = c.dept_id AND x.role_id = ?)' : ''}
    ORDER BY d.parent_id, d.order_num, d.dept_id`, strictly ? [roleId, roleId] : [roleId]);
  return rows.map((r) => r.id);
}

/** Park ids of the role, with the same `strictly` rule as `roleDeptIds`. */
export async function roleParkIds(store: Store<Db>, roleId: number, strictly: boolean): Promise<number[]> {
  const rows = await store.all<{ id: number }>(`SELECT p.park_id AS "id" FROM sys_park p INNER JOIN sys_role_park rp ON rp.park_id = p.park_id
    WHERE rp.role_id = ? AND p.del_flag = '0'
    ${strictly ? 'AND p.park_id NOT IN (SELECT c.parent_id FROM sys_park c INNER JOIN sys_role_park x ON x.park_id = c.park_id AND x.role_id = ?)' : ''}
    ORDER BY p.parent_id, p.order_num, p.park_id`, strictly ? [roleId, roleId] : [roleId]);
  return rows.map((r) => r.id);
}

/** Every live park, ordered for the tree. */
export async function allParks({ db }: RoleStore) {
  return db.select().from(sysPark).where(eq(sysPark.delFlag, '0'))
    .orderBy(asc(sysPark.parentId), asc(sysPark.orderNum), asc(sysPark.parkId));
}

/**
 * The workflow's role picker (`flowable.definition.roleList`, candidate groups): every undeleted
 * role (disabled ones too) as `{roleId, roleName, roleKey, status}`, by sort order then id.
 */
export async function liveRoleOptions({ db }: RoleStore) {
  return db.select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey, status: sysRole.status })
    .from(sysRole).where(eq(sysRole.delFlag, '0')).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
}
