/**
 * User list reads (reference §2 Users `GET /list`): filters on name (LIKE), phone (LIKE), status,
 * dept (including all descendant depts through `ancestors`), creation day range; data scope;
 * order by a checked column; never the password.
 */
import { and, asc, count, desc, eq, gte, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept, sysUser } from '../../../db/schema';
import { dayRange, isDescending, pageWindow, type Page, type PageInput } from '../../../core/pagination';

export interface UserListFilter extends PageInput {
  userName?: string;
  phonenumber?: string;
  status?: string;
  deptId?: number;
}

export const userListColumns = {
  userId: sysUser.userId, deptId: sysUser.deptId, userName: sysUser.userName, nickName: sysUser.nickName,
  userType: sysUser.userType, email: sysUser.email, phonenumber: sysUser.phonenumber, sex: sysUser.sex,
  avatar: sysUser.avatar, status: sysUser.status, delFlag: sysUser.delFlag, loginIp: sysUser.loginIp,
  loginDate: sysUser.loginDate, createBy: sysUser.createBy, createTime: sysUser.createTime,
  updateBy: sysUser.updateBy, updateTime: sysUser.updateTime, remark: sysUser.remark,
};

export type UserListRow = { [K in keyof typeof userListColumns]: (typeof sysUser.$inferSelect)[K] } & {
  dept: { deptId: number; deptName: string; leader: string | null } | null;
};

export function listUsers(db: Db, f: UserListFilter, scope?: SQL): Page<UserListRow> {
  const { from, to } = dayRange(f);
  const where = and(
    eq(sysUser.delFlag, '0'),
    f.userName ? like(sysUser.userName, `%${f.userName}%`) : undefined,
    f.phonenumber ? like(sysUser.phonenumber, `%${f.phonenumber}%`) : undefined,
    f.status ? eq(sysUser.status, f.status) : undefined,
    f.deptId !== undefined
      ? or(eq(sysUser.deptId, f.deptId), sql`${sysUser.deptId} IN (SELECT dept_id FROM sys_dept WHERE (',' || ancestors || ',') LIKE ${`%,${f.deptId},%`})`)
      : undefined,
    from ? gte(sysUser.createTime, from) : undefined,
    to ? lte(sysUser.createTime, to) : undefined,
    scope,
  );
  const total = db.select({ n: count() }).from(sysUser).where(where).get()!.n;
  const { offset, limit } = pageWindow(f, total);
  const orderCol = f.orderByColumn && f.orderByColumn in userListColumns
    ? userListColumns[f.orderByColumn as keyof typeof userListColumns] : sysUser.userId;
  const rows = db
    .select({ ...userListColumns, deptName: sysDept.deptName, leader: sysDept.leader })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(where)
    .orderBy(isDescending(f.isAsc) ? desc(orderCol) : asc(orderCol))
    .limit(limit)
    .offset(offset)
    .all();
  return {
    total,
    rows: rows.map(({ deptName, leader, ...u }) => ({
      ...u,
      dept: u.deptId != null && deptName != null ? { deptId: u.deptId, deptName, leader } : null,
    })),
  };
}
