/**
 * Role data scope checks (reference §4; the condition itself, RuoYi's "roles through their
 * users", is role-scope.repo.ts) and the super-admin-role guard. The data-scope check is on the
 * async store (issue 43).
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { liveRoleInScope, roleScopeCondition } from './role-scope.repo';

/** Role id of the super admin role (reference §1 `SysRole.isAdmin`). */
export const SUPER_ROLE_ID = 1;

/** RuoYi checkRoleAllowed. Errors: 500 不允许操作超级管理员角色 for role 1. */
export function checkRoleAllowed(roleId: number): void {
  if (roleId === SUPER_ROLE_ID) throw new AppError('refused', '不允许操作超级管理员角色');
}

/**
 * RuoYi checkRoleDataScope: every role must be a live role inside the caller's scope for `perm`.
 * The super admin passes. Errors: 500 没有权限访问角色数据！
 */
export async function checkRoleDataScope(store: AppDeps['store'], login: LoginUser, roleIds: number[], perm: string): Promise<void> {
  if (login.admin || roleIds.length === 0) return;
  const scope = roleScopeCondition(store.db, login, perm);
  for (const roleId of roleIds) {
    if (!await liveRoleInScope(store, roleId, scope)) throw new AppError('refused', '没有权限访问角色数据！');
  }
}
