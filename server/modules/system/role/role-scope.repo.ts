/**
 * The SQL of the role data scope (reference §4; role-scope.ts keeps the checks and their
 * messages). RuoYi lists roles through their users (`sys_role r left join sys_user_role ur left
 * join sys_user u left join sys_dept d`) with the dept condition on `d` and no user alias, so a
 * role is visible to a caller who is not the super admin when at least one of its users sits in a
 * dept of the caller's scope (scope 5 sees none).
 *
 * The condition is built without a query (the session fills each role's permissions; `db` is
 * read only for a role without them); `liveRoleInScope` is on the async store (issue 43).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';
import { sysRole, sysUser } from '../../../db/schema';
import type { LoginUser } from '../../../core/authz';
import { dataScopeCondition } from '../../../core/data-scope';

/** The condition on `sys_role` rows for the caller and `perm`; undefined means all roles. */
export function roleScopeCondition(db: Db, login: LoginUser, perm: string): SQL | undefined {
  const cond = dataScopeCondition(db, login, { dept: sysUser.deptId }, perm);
  if (!cond) return undefined;
  return sql`EXISTS (SELECT 1 FROM sys_user_role sur INNER JOIN sys_user ON sys_user.user_id = sur.user_id WHERE sur.role_id = ${sysRole.roleId} AND ${cond})`;
}

/** True when `roleId` is a live role (del_flag '0') passing `scope` (undefined: any live role). */
export async function liveRoleInScope({ db }: Pick<Store<Db>, 'db'>, roleId: number, scope: SQL | undefined): Promise<boolean> {
  return firstRow(await db.select({ id: sysRole.roleId }).from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0'), scope)).limit(1)) !== undefined;
}
