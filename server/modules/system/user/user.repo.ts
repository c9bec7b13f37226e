/**
 * The single-user reads of the user screens (reference §2 Users): detail, password hash,
 * uniqueness, role and post links, post options, missing ids, and the workflow's user picker.
 * The list and its export are ./user-list.repo.ts.
 *
 * On the async store (issue 43): every function awaits its Drizzle queries on `store.db` (the
 * open transaction's handle inside one) and reads the results with server/db/store/results.ts,
 * so the same code runs over SQLite and PostgreSQL.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';
import { sysDept, sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';
import { contains } from '../../../core/like';
import type { PostOption, UserDetail } from '../../../../shared/schemas/system/user';
import { userListColumns } from './user-list.repo';

type UserStore = Pick<Store<Db>, 'db'>;

/** A live user without the password, with its dept and roles (RuoYi selectUserById). */
export async function findUserDetail({ db }: UserStore, userId: number): Promise<UserDetail | undefined> {
  const row = firstRow(await db.select({ ...userListColumns }).from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0'))).limit(1));
  if (!row) return undefined;
  const dept = row.deptId == null ? undefined : firstRow(await db.select({
    deptId: sysDept.deptId, parentId: sysDept.parentId, ancestors: sysDept.ancestors, deptName: sysDept.deptName,
    orderNum: sysDept.orderNum, leader: sysDept.leader, status: sysDept.status,
  }).from(sysDept).where(eq(sysDept.deptId, row.deptId)).limit(1));
  const roles = await db.select({
    roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey, roleSort: sysRole.roleSort,
    dataScope: sysRole.dataScope, status: sysRole.status,
  }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0'))).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
  return { ...row, dept: dept ?? null, roles, admin: row.userId === 1 };
}

/** `{password}` (the bcrypt hash) of user `userId`, deleted or not, or undefined: the profile's password change only. */
export async function findUserPassword({ db }: UserStore, userId: number): Promise<{ password: string } | undefined> {
  return firstRow(await db.select({ password: sysUser.password }).from(sysUser).where(eq(sysUser.userId, userId)).limit(1));
}

/** The id of the live user whose `field` equals `value` (uniqueness checks), if any. */
export async function findUserIdBy({ db }: UserStore, field: 'userName' | 'phonenumber' | 'email', value: string): Promise<number | undefined> {
  return firstRow(await db.select({ id: sysUser.userId }).from(sysUser)
    .where(and(eq(sysUser[field], value), eq(sysUser.delFlag, '0'))).limit(1))?.id;
}

/** Role ids linked to the user (live roles only). */
export async function userRoleIds({ db }: UserStore, userId: number): Promise<number[]> {
  return (await db.select({ id: sysUserRole.roleId }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0'))).orderBy(asc(sysUserRole.roleId))).map((r) => r.id);
}

/** Post ids linked to the user. */
export async function userPostIds({ db }: UserStore, userId: number): Promise<number[]> {
  return (await db.select({ id: sysUserPost.postId }).from(sysUserPost)
    .where(eq(sysUserPost.userId, userId)).orderBy(asc(sysUserPost.postId))).map((r) => r.id);
}

/** Every post (form options; RuoYi selectPostAll), by sort order. */
export async function allPosts({ db }: UserStore): Promise<PostOption[]> {
  return db.select({
    postId: sysPost.postId, postCode: sysPost.postCode, postName: sysPost.postName, postSort: sysPost.postSort,
    status: sysPost.status, createTime: sysPost.createTime, remark: sysPost.remark,
  }).from(sysPost).orderBy(asc(sysPost.postSort), asc(sysPost.postId));
}

/** Names of the user's posts (profile `postGroup`). */
export async function userPostNames({ db }: UserStore, userId: number): Promise<string[]> {
  return (await db.select({ name: sysPost.postName }).from(sysUserPost).innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
    .where(eq(sysUserPost.userId, userId)).orderBy(asc(sysPost.postSort))).map((r) => r.name);
}

/** The ids among `ids` that are not posts. */
export async function missingPostIds({ db }: UserStore, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: sysPost.postId }).from(sysPost).where(inArray(sysPost.postId, ids))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/**
 * The workflow's user picker (`flowable.definition.userList`: 抄送 recipients, delegates; any
 * session): enabled, undeleted users as `{userId, userName, nickName, deptId, deptName}` by user
 * id, filtered by user / nick name (contains) and dept. No phone number, e-mail or status.
 */
export async function enabledUserOptions({ db }: UserStore, f: { userName?: string; nickName?: string; deptId?: string }) {
  const where: Array<SQL | undefined> = [eq(sysUser.delFlag, '0'), eq(sysUser.status, '0'), contains(sysUser.userName, f.userName, db),
    contains(sysUser.nickName, f.nickName, db), f.deptId ? eq(sysUser.deptId, Number(f.deptId)) : undefined];
  return db.select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName, deptId: sysUser.deptId, deptName: sysDept.deptName })
    .from(sysUser).leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId)).where(and(...where)).orderBy(asc(sysUser.userId));
}
