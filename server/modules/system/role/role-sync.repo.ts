/**
 * Synchronous role reads and the synchronous role data-scope check, kept for callers that still
 * run inside a synchronous `db.transaction` (issue 43) and so cannot await the store:
 * - the user module's commands (server/modules/system/user/user.service.ts addUser,
 *   updateUserInfo, saveAuthRole: `checkRoleDataScope`; checkUserRefs: `missingRoleIds`);
 * - the role ↔ user links of ./role-auth.service.ts (cancelAuthUsers, selectAuthUsers), which
 *   write through the user module's synchronous repositories.
 * `liveRoleInScope` and `checkRoleDataScope` are the twins of ./role-scope.repo.ts and
 * ./role-scope.ts (same query, same message); delete this file when those callers move onto the store.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysRole } from '../../../db/schema';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import type { DbTx } from '../../common/query.repo';
import { roleScopeCondition } from './role-scope.repo';

/** True when `roleId` is a live role (del_flag '0') passing `scope` (undefined: any live role). */
export function liveRoleInScope(db: DbTx, roleId: number, scope: SQL | undefined): boolean {
  return db.select({ id: sysRole.roleId }).from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'), scope)).get() !== undefined;
}

/**
 * RuoYi checkRoleDataScope: every role must be a live role inside the caller's scope for `perm`.
 * The super admin passes. Errors: 500 没有权限访问角色数据！
 */
export function checkRoleDataScope(db: Db, login: LoginUser, roleIds: number[], perm: string): void {
  if (login.admin || roleIds.length === 0) return;
  const scope = roleScopeCondition(db, login, perm);
  for (const roleId of roleIds) {
    if (!liveRoleInScope(db, roleId, scope)) throw new AppError('refused', '没有权限访问角色数据！');
  }
}

/** The ids among `ids` that are not live roles. */
export function missingRoleIds(db: DbTx, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const found = new Set(db.select({ id: sysRole.roleId }).from(sysRole)
    .where(and(inArray(sysRole.roleId, ids), eq(sysRole.delFlag, '0'))).all().map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
