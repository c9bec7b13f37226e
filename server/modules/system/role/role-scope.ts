/**
 * Role data scope (reference §4): RuoYi lists roles through their users
 * (`sys_role r left join sys_user_role ur left join sys_user u left join sys_dept d`) with the
 * dept condition on `d` and no user alias, so a role is visible to a caller who is not the super
 * admin when at least one of its users sits in a dept of the caller's scope (scope 5 sees none).
 * Also the super-admin-role guard.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysRole, sysUser } from '../../../db/schema';
import type { LoginUser } from '../../../core/authz';
import { dataScopeCondition } from '../../../core/data-scope';
import { AppError } from '../../../core/errors';

/** Role id of the super admin role (reference §1 `SysRole.isAdmin`). */
export const SUPER_ROLE_ID = 1;

/** RuoYi checkRoleAllowed. Errors: 500 不允许操作超级管理员角色 for role 1. */
export function checkRoleAllowed(roleId: number): void {
  if (roleId === SUPER_ROLE_ID) throw new AppError(500, '不允许操作超级管理员角色');
}

/** The condition on `sys_role` rows for the caller and `perm`; undefined means all roles. */
export function roleScopeCondition(db: Db, login: LoginUser, perm: string): SQL | undefined {
  const cond = dataScopeCondition(db, login, { dept: sysUser.deptId }, perm);
  if (!cond) return undefined;
  return sql`EXISTS (SELECT 1 FROM sys_user_role sur INNER JOIN sys_user ON sys_user.user_id = sur.user_id WHERE sur.role_id = ${sysRole.roleId} AND ${cond})`;
}

/**
 * RuoYi checkRoleDataScope: every role must be a live role inside the caller's scope for `perm`.
 * The super admin passes. Errors: 500 没有权限访问角色数据！
 */
export function checkRoleDataScope(db: Db, login: LoginUser, roleIds: number[], perm: string): void {
  if (login.admin || roleIds.length === 0) return;
  const scope = roleScopeCondition(db, login, perm);
  for (const roleId of roleIds) {
    const row = db.select({ id: sysRole.roleId }).from(sysRole)
      .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'), scope)).get();
    if (!row) throw new AppError(500, '没有权限访问角色数据！');
  }
}
