/**
 * User writes (reference §2 Users, §3 sys_user / sys_user_role / sys_user_post): insert, field
 * updates, link replacement and soft delete (del_flag '2', links removed). Callers run them
 * inside one `store.transaction`.
 *
 * On the async store (issue 43): each function awaits its Drizzle statements on `store.db` (the
 * open transaction's handle inside one) and reads counts with `changesOf`, so it runs over SQLite
 * and PostgreSQL alike.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf } from '../../../db/store/results';
import { sysUser, sysUserPost, sysUserRole } from '../../../db/schema';

type UserStore = Pick<Store<Db>, 'db'>;

export type UserInsert = typeof sysUser.$inferInsert;
export type UserSet = Partial<Omit<UserInsert, 'userId'>>;

/** Inserts a user; returns its id. */
export async function insertUser({ db }: UserStore, values: UserInsert): Promise<number> {
  const [row] = await db.insert(sysUser).values(values).returning({ id: sysUser.userId });
  return row.id;
}

/** Sets fields of a live user; returns the number of rows changed (0 or 1). */
export async function updateUser({ db }: UserStore, userId: number, set: UserSet): Promise<number> {
  return changesOf(await db.update(sysUser).set(set).where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0'))));
}

/** Replaces the user's roles with `roleIds`. */
export async function replaceUserRoles({ db }: UserStore, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (roleIds.length) await db.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}

/** Replaces the user's posts with `postIds`. */
export async function replaceUserPosts({ db }: UserStore, userId: number, postIds: number[]): Promise<void> {
  await db.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
  if (postIds.length) await db.insert(sysUserPost).values([...new Set(postIds)].map((postId) => ({ userId, postId })));
}

/** Soft-deletes live users and removes their role and post links; returns how many were deleted. */
export async function softDeleteUsers({ db }: UserStore, userIds: number[], by: string, when: string): Promise<number> {
  if (userIds.length === 0) return 0;
  await db.delete(sysUserRole).where(inArray(sysUserRole.userId, userIds));
  await db.delete(sysUserPost).where(inArray(sysUserPost.userId, userIds));
  return changesOf(await db.update(sysUser).set({ delFlag: '2', updateBy: by, updateTime: when })
    .where(and(inArray(sysUser.userId, userIds), eq(sysUser.delFlag, '0'))));
}

/** Links users to one role (existing links are kept). */
export async function addRoleUsers({ db }: UserStore, roleId: number, userIds: number[]): Promise<void> {
  if (userIds.length) await db.insert(sysUserRole).values([...new Set(userIds)].map((userId) => ({ userId, roleId }))).onConflictDoNothing();
}

/** Unlinks users from one role; returns how many links were removed. */
export async function removeRoleUsers({ db }: UserStore, roleId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  return changesOf(await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds))));
}
