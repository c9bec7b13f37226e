/**
 * Role reads and writes (reference §2 Roles, §3 sys_role / sys_role_menu / sys_role_dept,
 * sys_role_park): the filtered list (name and key LIKE, status, creation day range; by sort
 * order), single rows, uniqueness, links and soft delete (del_flag '2').
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { sysMenu, sysPark, sysRole, sysRoleDept, sysRoleMenu, sysRolePark, sysUserRole } from '../../../db/schema';
import { dayRange, isDescending, pageWindow, type Page, type PageInput } from '../../../core/pagination';
import { contains } from '../../../core/like';
import type { RoleOption } from '../../../../shared/schemas/system/user';
import type { DbOrTx } from '../user/user-scope';

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

function listWhere(f: Omit<RoleListFilter, 'pageNum' | 'pageSize'>, scope?: SQL) {
  const { from, to } = dayRange(f);
  return and(
    eq(sysRole.delFlag, '0'),
    f.roleId !== undefined ? eq(sysRole.roleId, f.roleId) : undefined,
    contains(sysRole.roleName, f.roleName),
    contains(sysRole.roleKey, f.roleKey),
    f.status ? eq(sysRole.status, f.status) : undefined,
    from ? gte(sysRole.createTime, from) : undefined,
    to ? lte(sysRole.createTime, to) : undefined,
    scope,
  );
}

/** Paged roles matching the filter inside `scope`. */
export function listRoles(db: DbOrTx, f: RoleListFilter, scope?: SQL): Page<RoleOption> {
  const where = listWhere(f, scope);
  const total = db.select({ n: count() }).from(sysRole).where(where).get()!.n;
  const { offset, limit } = pageWindow(f, total);
  const col = f.orderByColumn ? roleColumns[f.orderByColumn as keyof typeof roleColumns] : undefined;
  const rows = db.select().from(sysRole).where(where)
    .orderBy(...(col ? [isDescending(f.isAsc) ? desc(col) : asc(col)] : [asc(sysRole.roleSort)]), asc(sysRole.roleId))
    .limit(limit).offset(offset).all();
  return { total, rows: rows.map((r) => toRoleOption(r)) };
}

/** Every live role matching the filter inside `scope` (exports, options), by sort order. */
export function listAllRoles(db: DbOrTx, f: Omit<RoleListFilter, 'pageNum' | 'pageSize'>, scope?: SQL): RoleRow[] {
  return db.select().from(sysRole).where(listWhere(f, scope)).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId)).all();
}

/** A live role. */
export function findRole(db: DbOrTx, roleId: number): RoleRow | undefined {
  return db.select().from(sysRole).where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'))).get();
}

/** The id of the live role whose name or key equals `value` (uniqueness checks), if any. */
export function findRoleIdBy(db: DbOrTx, field: 'roleName' | 'roleKey', value: string): number | undefined {
  return db.select({ id: sysRole.roleId }).from(sysRole)
    .where(and(eq(sysRole[field], value), eq(sysRole.delFlag, '0'))).limit(1).get()?.id;
}

/** The ids among `ids` that are not live roles. */
export function missingRoleIds(db: DbOrTx, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const found = new Set(db.select({ id: sysRole.roleId }).from(sysRole)
    .where(and(inArray(sysRole.roleId, ids), eq(sysRole.delFlag, '0'))).all().map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The ids among `ids` that are not menus. */
export function missingMenuIds(db: DbOrTx, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const found = new Set(db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, ids)).all().map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** The ids among `ids` that are not live parks. */
export function missingParkIds(db: DbOrTx, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const found = new Set(db.select({ id: sysPark.parkId }).from(sysPark)
    .where(and(inArray(sysPark.parkId, ids), eq(sysPark.delFlag, '0'))).all().map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** How many users hold the role (RuoYi countUserRoleByRoleId). */
export function countRoleUsers(db: DbOrTx, roleId: number): number {
  return db.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId)).get()!.n;
}

export function insertRole(tx: DbOrTx, values: typeof sysRole.$inferInsert): number {
  return tx.insert(sysRole).values(values).returning({ id: sysRole.roleId }).get().id;
}

/** Sets fields of a live role; returns the rows changed (0 or 1). */
export function updateRole(tx: DbOrTx, roleId: number, set: Partial<Omit<typeof sysRole.$inferInsert, 'roleId'>>): number {
  return tx.update(sysRole).set(set).where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'))).run().changes;
}

/** Soft-deletes roles and removes their menu, dept and park links. */
export function softDeleteRoles(tx: DbOrTx, roleIds: number[], by: string, when: string): number {
  tx.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds)).run();
  tx.delete(sysRoleDept).where(inArray(sysRoleDept.roleId, roleIds)).run();
  tx.delete(sysRolePark).where(inArray(sysRolePark.roleId, roleIds)).run();
  return tx.update(sysRole).set({ delFlag: '2', updateBy: by, updateTime: when })
    .where(and(inArray(sysRole.roleId, roleIds), eq(sysRole.delFlag, '0'))).run().changes;
}

export function replaceRoleMenus(tx: DbOrTx, roleId: number, menuIds: number[]): void {
  tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId)).run();
  if (menuIds.length) tx.insert(sysRoleMenu).values([...new Set(menuIds)].map((menuId) => ({ roleId, menuId }))).run();
}

export function replaceRoleDepts(tx: DbOrTx, roleId: number, deptIds: number[]): void {
  tx.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId)).run();
  if (deptIds.length) tx.insert(sysRoleDept).values([...new Set(deptIds)].map((deptId) => ({ roleId, deptId }))).run();
}

export function replaceRoleParks(tx: DbOrTx, roleId: number, parkIds: number[]): void {
  tx.delete(sysRolePark).where(eq(sysRolePark.roleId, roleId)).run();
  if (parkIds.length) tx.insert(sysRolePark).values([...new Set(parkIds)].map((parkId) => ({ roleId, parkId }))).run();
}

/**
 * Dept ids of the role's custom scope (RuoYi selectDeptListByRoleId); with `strictly`, a dept
 * that is the parent of another selected dept is left out so the tree re-derives it.
 */
export function roleDeptIds(db: DbOrTx, roleId: number, strictly: boolean): number[] {
  const rows = db.all<{ id: number }>(sql`SELECT d.dept_id AS id FROM sys_dept d INNER JOIN sys_role_dept rd ON rd.dept_id = d.dept_id
    WHERE rd.role_id = ${roleId} AND d.del_flag = '0'
    ${strictly ? sql`AND d.dept_id NOT IN (SELECT c.parent_id FROM sys_dept c INNER JOIN sys_role_dept x ON x.dept_id = c.dept_id AND x.role_id = ${roleId})` : sql``}
    ORDER BY d.parent_id, d.order_num, d.dept_id`);
  return rows.map((r) => r.id);
}

/** Park ids of the role, with the same `strictly` rule as `roleDeptIds`. */
export function roleParkIds(db: DbOrTx, roleId: number, strictly: boolean): number[] {
  const rows = db.all<{ id: number }>(sql`SELECT p.park_id AS id FROM sys_park p INNER JOIN sys_role_park rp ON rp.park_id = p.park_id
    WHERE rp.role_id = ${roleId} AND p.del_flag = '0'
    ${strictly ? sql`AND p.park_id NOT IN (SELECT c.parent_id FROM sys_park c INNER JOIN sys_role_park x ON x.park_id = c.park_id AND x.role_id = ${roleId})` : sql``}
    ORDER BY p.parent_id, p.order_num, p.park_id`);
  return rows.map((r) => r.id);
}

/** Every live park, ordered for the tree. */
export function allParks(db: DbOrTx) {
  return db.select().from(sysPark).where(eq(sysPark.delFlag, '0'))
    .orderBy(asc(sysPark.parentId), asc(sysPark.orderNum), asc(sysPark.parkId)).all();
}

/**
 * The workflow's role picker (`flowable.definition.roleList`, candidate groups): every undeleted
 * role (disabled ones too) as `{roleId, roleName, roleKey, status}`, by sort order then id.
 */
export function liveRoleOptions(db: DbOrTx) {
  return db.select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey, status: sysRole.status })
    .from(sysRole).where(eq(sysRole.delFlag, '0')).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId)).all();
}
