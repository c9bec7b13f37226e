/**
 * Row factories for tests: users and roles written straight into the test database.
 */
import { sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../server/db/schema';
import type { BuiltApp } from '../../server/app';
import { SEED_ADMIN_PASSWORD_HASH } from '../../server/db/seed';

/** A role with the given menus; returns its id. */
export function makeRole(app: BuiltApp, o: { roleKey: string; dataScope?: string; menuIds?: number[]; status?: string }): number {
  const db = app.deps.db;
  const { roleId } = db.insert(sysRole).values({ roleName: o.roleKey, roleKey: o.roleKey, roleSort: 9, dataScope: o.dataScope ?? '1', status: o.status ?? '0' }).returning().get();
  for (const menuId of o.menuIds ?? []) db.insert(sysRoleMenu).values({ roleId, menuId }).run();
  return roleId;
}

/** A user with password admin123 in `deptId` holding `roleIds`; returns its id. */
export function makeUser(app: BuiltApp, o: { userName: string; deptId?: number; roleIds?: number[] }): number {
  const db = app.deps.db;
  const { userId } = db.insert(sysUser).values({ userName: o.userName, nickName: o.userName, deptId: o.deptId ?? 103, password: SEED_ADMIN_PASSWORD_HASH, createTime: '2026-11-01 10:00:00' }).returning().get();
  for (const roleId of o.roleIds ?? []) db.insert(sysUserRole).values({ userId, roleId }).run();
  return userId;
}
