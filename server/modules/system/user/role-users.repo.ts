/**
 * Users by role (`sys_user` through `sys_user_role`): the role screen's allocated / unallocated
 * user pages (reference §2 `/system/role/authUser/allocatedList`, `unallocatedList`; the rules
 * and messages stay in role/role-auth.service.ts). On the async store (issue 43). The workflow
 * engine's synchronous `usersOfRoles` (抄送 to roles) is ./user-sync.repo.ts.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';
import { sysUser } from '../../../db/schema';
import { contains } from '../../../core/like';
import { isDescending, pageWindow, type Page } from '../../../core/pagination';
import type { AuthUserRow } from '../../../../shared/schemas/system/role';

/** The columns of the role screen's user lists; their keys are the accepted `orderByColumn`s. */
export const authUserColumns = {
  userId: sysUser.userId, deptId: sysUser.deptId, userName: sysUser.userName, nickName: sysUser.nickName,
  email: sysUser.email, phonenumber: sysUser.phonenumber, status: sysUser.status, createTime: sysUser.createTime,
};

/** Filter of the role screen's user lists (orderByColumn already checked against authUserColumns). */
export interface AuthUserPageFilter {
  roleId: number; userName?: string; phonenumber?: string;
  pageNum: number; pageSize: number; orderByColumn?: string; isAsc?: string;
}

/**
 * One page `{rows, total}` of live users holding (`allocated`) or not holding role `f.roleId`,
 * filtered by account and phone (LIKE) and `scope` (a condition on sys_user, or undefined for
 * all), ordered by `f.orderByColumn` (a key of authUserColumns) else by user id; pages past the
 * end clamp to the last.
 */
export async function authUserPage({ db }: Pick<Store<Db>, 'db'>, f: AuthUserPageFilter, allocated: boolean, scope: SQL | undefined): Promise<Page<AuthUserRow>> {
  const holders = sql`(SELECT user_id FROM sys_user_role WHERE role_id = ${f.roleId})`;
  const where = and(
    eq(sysUser.delFlag, '0'),
    allocated ? sql`${sysUser.userId} IN ${holders}` : sql`${sysUser.userId} NOT IN ${holders}`,
    contains(sysUser.userName, f.userName, db),
    contains(sysUser.phonenumber, f.phonenumber, db),
    scope,
  );
  const total = firstRow(await db.select({ n: count() }).from(sysUser).where(where))?.n ?? 0;
  const { offset, limit } = pageWindow(f, total);
  const col = f.orderByColumn ? authUserColumns[f.orderByColumn as keyof typeof authUserColumns] : sysUser.userId;
  const rows = await db.select(authUserColumns).from(sysUser).where(where)
    .orderBy(isDescending(f.isAsc) ? desc(col) : asc(col)).limit(limit).offset(offset);
  return { rows, total };
}
