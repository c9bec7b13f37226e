/**
 * The SQL of the user screens' data scope (reference §4; user-scope.ts keeps the checks and their
 * messages): the condition on `sys_user` rows of the caller's scope for a permission, and the
 * point read "is this a live user inside that condition". The role screens use both too.
 *
 * On the async store (issue 43): the condition is built without a query (the session fills each
 * role's permissions; `db` is read only for a role without them, as ../dept/dept.repo.ts
 * deptScope); the point read awaits `store.db`.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';
import { sysUser } from '../../../db/schema';
import type { LoginUser } from '../../../core/authz';
import { dataScopeCondition } from '../../../core/data-scope';

/**
 * The condition on `sys_user` rows (dept and user columns) of the caller's data scope for `perm`
 * (core/data-scope.ts: scopes 1-5); undefined means every user. Pass `store.db`.
 */
export function userScope(db: Db, login: LoginUser, perm: string): SQL | undefined {
  return dataScopeCondition(db, login, { dept: sysUser.deptId, user: sysUser.userId }, perm);
}

/** True when `userId` is a live user (del_flag '0') passing `scope` (undefined: any live user). */
export async function liveUserInScope({ db }: Pick<Store<Db>, 'db'>, userId: number, scope: SQL | undefined): Promise<boolean> {
  return firstRow(await db.select({ id: sysUser.userId }).from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0'), scope)).limit(1)) !== undefined;
}
