/**
 * User list reads (reference §2 Users `GET /list`): filters on name (LIKE), phone (LIKE), status,
 * dept (including all descendant depts through `ancestors`), creation day range; data scope;
 * order by a checked column; never the password. Also the single-user reads of the user screens
 * (detail, uniqueness, links, post options).
 */
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept, sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';
import { dayRange, isDescending, pageWindow, type Page, type PageInput } from '../../../core/pagination';
import { contains, likePattern } from '../../../core/like';
import { preparedFor, sqlKey } from '../../../core/prepared';
import { ReadCache } from '../../common/read-cache';
import { SerializedPage } from '../../../core/pre-serialized';
import type { PostOption, UserDetail } from '../../../../shared/schemas/system/user';
import type { DbOrTx } from './user-scope';

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

/**
 * Pages served from memory (issue 15): the list reads ~20 columns of 10 rows plus a COUNT over
 * every live user (~200 µs of SQLite work with 2,000 users), so a page read again is answered from
 * this cache. It is keyed by the whole query (shape, filter values, page) and dropped when the
 * tables the query reads change: at once for this process's writes, within EXTERNAL_POLL_MS for
 * another process's (common/read-cache.ts). Cached pages are frozen.
 */
const pageCache = new ReadCache<Page<UserListRow>>(['sys_user', 'sys_dept', 'sys_role_dept']);

/** Largest page the cache keeps (bigger reads, e.g. exports, go to the database each time). */
const CACHED_PAGE_MAX = 100;

/**
 * One page of users and the total (reference §2 Users list), from `pageCache` when the same page
 * was read since the last change. The two statements are Drizzle prepared queries per shape
 * (core/prepared.ts): filter values, limit and offset are bound placeholders; the present filters,
 * the order and the data scope (`scope`) make the shape.
 */
export function listUsers(db: Db, f: UserListFilter, scope?: SQL): Page<UserListRow> {
  const scopeKey = sqlKey(scope);
  if (f.pageSize > CACHED_PAGE_MAX) return readUserPage(db, f, scope, scopeKey);
  const { from, to } = dayRange(f);
  const key = JSON.stringify([f.userName, f.phonenumber, f.status, f.deptId, from, to, f.orderByColumn, f.isAsc, f.pageNum, f.pageSize, scopeKey]);
  return pageCache.get(db, key, () => freezePage(readUserPage(db, f, scope, scopeKey)));
}

/** The page frozen, with its rows' JSON built once (the REST envelope splices it in). */
function freezePage(page: Page<UserListRow>): Page<UserListRow> {
  for (const row of page.rows) {
    if (row.dept) Object.freeze(row.dept);
    Object.freeze(row);
  }
  Object.freeze(page.rows);
  return Object.freeze(new SerializedPage(page.rows, page.total));
}

/** The page read from the database; `scopeKey` is sqlKey(scope). */
function readUserPage(db: Db, f: UserListFilter, scope: SQL | undefined, scopeKey: string): Page<UserListRow> {
  const { from, to } = dayRange(f);
  const orderKey = f.orderByColumn && f.orderByColumn in userListColumns ? (f.orderByColumn as keyof typeof userListColumns) : 'userId';
  const descending = isDescending(f.isAsc);
  const has = [!!f.userName, !!f.phonenumber, !!f.status, f.deptId !== undefined, !!from, !!to];
  const q = preparedFor(db, `users:${has.map(Number).join('')}:${orderKey}:${descending}:${scopeKey}`, () => {
    const p = sql.placeholder;
    const where = and(
      eq(sysUser.delFlag, '0'),
      has[0] ? sql`${sysUser.userName} LIKE ${p('userName')} ESCAPE '\\'` : undefined,
      has[1] ? sql`${sysUser.phonenumber} LIKE ${p('phonenumber')} ESCAPE '\\'` : undefined,
      has[2] ? eq(sysUser.status, p('status')) : undefined,
      has[3] ? or(eq(sysUser.deptId, p('deptId')), sql`${sysUser.deptId} IN (SELECT dept_id FROM sys_dept WHERE (',' || ancestors || ',') LIKE ${p('deptLike')})`) : undefined,
      has[4] ? gte(sysUser.createTime, p('from')) : undefined,
      has[5] ? lte(sysUser.createTime, p('to')) : undefined,
      scope,
    );
    const orderCol = userListColumns[orderKey];
    return {
      total: db.select({ n: count() }).from(sysUser).where(where).prepare(),
      page: db
        .select({ ...userListColumns, deptName: sysDept.deptName, leader: sysDept.leader })
        .from(sysUser)
        .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
        .where(where)
        .orderBy(descending ? desc(orderCol) : asc(orderCol))
        .limit(p('limit'))
        .offset(p('offset'))
        .prepare(),
    };
  });
  const params = {
    userName: f.userName ? likePattern(f.userName) : null,
    phonenumber: f.phonenumber ? likePattern(f.phonenumber) : null,
    status: f.status ?? null,
    deptId: f.deptId ?? null,
    deptLike: `%,${f.deptId ?? ''},%`,
    from: from ?? null,
    to: to ?? null,
  };
  const total = q.total.get(params)!.n;
  const { offset, limit } = pageWindow(f, total);
  const rows = q.page.all({ ...params, limit, offset });
  return {
    total,
    rows: rows.map(({ deptName, leader, ...u }) => ({
      ...u,
      dept: u.deptId != null && deptName != null ? { deptId: u.deptId, deptName, leader } : null,
    })),
  };
}

/** Every user the list filter matches (exports): the list without paging. */
export function listAllUsers(db: Db, f: Omit<UserListFilter, 'pageNum' | 'pageSize'>, scope?: SQL): UserListRow[] {
  return readUserPage(db, { ...f, pageNum: 1, pageSize: Number.MAX_SAFE_INTEGER }, scope, sqlKey(scope)).rows;
}

/** A live user without the password, with its dept and roles (RuoYi selectUserById). */
export function findUserDetail(db: DbOrTx, userId: number): UserDetail | undefined {
  const row = db.select({ ...userListColumns }).from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0'))).get();
  if (!row) return undefined;
  const dept = row.deptId == null ? undefined : db.select({
    deptId: sysDept.deptId, parentId: sysDept.parentId, ancestors: sysDept.ancestors, deptName: sysDept.deptName,
    orderNum: sysDept.orderNum, leader: sysDept.leader, status: sysDept.status,
  }).from(sysDept).where(eq(sysDept.deptId, row.deptId)).get();
  const roles = db.select({
    roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey, roleSort: sysRole.roleSort,
    dataScope: sysRole.dataScope, status: sysRole.status,
  }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0'))).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId)).all();
  return { ...row, dept: dept ?? null, roles, admin: row.userId === 1 };
}

/** `{password}` (the bcrypt hash) of user `userId`, deleted or not, or undefined: the profile's password change only. */
export function findUserPassword(db: DbOrTx, userId: number): { password: string } | undefined {
  return db.select({ password: sysUser.password }).from(sysUser).where(eq(sysUser.userId, userId)).get();
}

/** The id of the live user whose `field` equals `value` (uniqueness checks), if any. */
export function findUserIdBy(db: DbOrTx, field: 'userName' | 'phonenumber' | 'email', value: string): number | undefined {
  return db.select({ id: sysUser.userId }).from(sysUser)
    .where(and(eq(sysUser[field], value), eq(sysUser.delFlag, '0'))).limit(1).get()?.id;
}

/** Role ids linked to the user (live roles only). */
export function userRoleIds(db: DbOrTx, userId: number): number[] {
  return db.select({ id: sysUserRole.roleId }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0'))).orderBy(asc(sysUserRole.roleId)).all().map((r) => r.id);
}

/** Post ids linked to the user. */
export function userPostIds(db: DbOrTx, userId: number): number[] {
  return db.select({ id: sysUserPost.postId }).from(sysUserPost)
    .where(eq(sysUserPost.userId, userId)).orderBy(asc(sysUserPost.postId)).all().map((r) => r.id);
}

/** Every post (form options; RuoYi selectPostAll), by sort order. */
export function allPosts(db: DbOrTx): PostOption[] {
  return db.select({
    postId: sysPost.postId, postCode: sysPost.postCode, postName: sysPost.postName, postSort: sysPost.postSort,
    status: sysPost.status, createTime: sysPost.createTime, remark: sysPost.remark,
  }).from(sysPost).orderBy(asc(sysPost.postSort), asc(sysPost.postId)).all();
}

/** Names of the user's posts (profile `postGroup`). */
export function userPostNames(db: DbOrTx, userId: number): string[] {
  return db.select({ name: sysPost.postName }).from(sysUserPost).innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
    .where(eq(sysUserPost.userId, userId)).orderBy(asc(sysPost.postSort)).all().map((r) => r.name);
}

/** The ids among `ids` that are not posts. */
export function missingPostIds(db: DbOrTx, ids: number[]): number[] {
  if (ids.length === 0) return [];
  const found = new Set(db.select({ id: sysPost.postId }).from(sysPost).where(inArray(sysPost.postId, ids)).all().map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/**
 * The workflow's user picker (`flowable.definition.userList`: 抄送 recipients, delegates; any
 * session): enabled, undeleted users as `{userId, userName, nickName, deptId, deptName}` by user
 * id, filtered by user / nick name (contains) and dept. No phone number, e-mail or status.
 */
export function enabledUserOptions(db: DbOrTx, f: { userName?: string; nickName?: string; deptId?: string }) {
  const where: Array<SQL | undefined> = [eq(sysUser.delFlag, '0'), eq(sysUser.status, '0'), contains(sysUser.userName, f.userName),
    contains(sysUser.nickName, f.nickName), f.deptId ? eq(sysUser.deptId, Number(f.deptId)) : undefined];
  return db.select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName, deptId: sysUser.deptId, deptName: sysDept.deptName })
    .from(sysUser).leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId)).where(and(...where)).orderBy(asc(sysUser.userId)).all();
}
