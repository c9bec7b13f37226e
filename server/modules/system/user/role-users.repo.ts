/**
 * Users by role (`sys_user` through `sys_user_role`): the role screen's allocated / unallocated
 * user pages (reference §2 `/system/role/authUser/allocatedList`, `unallocatedList`; the rules
 * and messages stay in role/role-auth.service.ts) and the workflow engine's `usersOfGroups`
 * (抄送 to roles, issue 16; flowable/common/handlers.ts).
 */
import type Database from 'better-sqlite3';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { sysUser } from '../../../db/schema';
import { contains } from '../../../core/like';
import { isDescending, pageWindow, type Page } from '../../../core/pagination';
import type { AuthUserRow } from '../../../../shared/schemas/system/role';
import type { DbTx } from '../../common/query.repo';

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
export function authUserPage(db: DbTx, f: AuthUserPageFilter, allocated: boolean, scope: SQL | undefined): Page<AuthUserRow> {
  const holders = sql`(SELECT user_id FROM sys_user_role WHERE role_id = ${f.roleId})`;
  const where = and(
    eq(sysUser.delFlag, '0'),
    allocated ? sql`${sysUser.userId} IN ${holders}` : sql`${sysUser.userId} NOT IN ${holders}`,
    contains(sysUser.userName, f.userName),
    contains(sysUser.phonenumber, f.phonenumber),
    scope,
  );
  const total = db.select({ n: count() }).from(sysUser).where(where).get()!.n;
  const { offset, limit } = pageWindow(f, total);
  const col = f.orderByColumn ? authUserColumns[f.orderByColumn as keyof typeof authUserColumns] : sysUser.userId;
  const rows = db.select(authUserColumns).from(sysUser).where(where)
    .orderBy(isDescending(f.isAsc) ? desc(col) : asc(col)).limit(limit).offset(offset).all();
  return { rows, total };
}

/**
 * The engine's `usersOfGroups` over connection `db`: the enabled, not deleted users holding one
 * of the (enabled, not deleted) roles `groupIds` (numeric texts; others are ignored), as text
 * ids. One prepared statement per call of usersOfRoles (the app makes one per connection).
 */
export function usersOfRoles(db: Database.Database): (groupIds: string[]) => string[] {
  const q = db.prepare(`SELECT DISTINCT ur.user_id AS id FROM sys_user_role ur JOIN sys_user u ON u.user_id = ur.user_id
    JOIN sys_role r ON r.role_id = ur.role_id
    WHERE ur.role_id IN (SELECT value FROM json_each(?)) AND u.status = '0' AND u.del_flag = '0' AND r.status = '0' AND r.del_flag = '0'`).pluck();
  return (groupIds) => {
    const ids = groupIds.map(Number).filter((n) => Number.isSafeInteger(n));
    return ids.length ? (q.all(JSON.stringify(ids)) as number[]).map(String) : [];
  };
}
