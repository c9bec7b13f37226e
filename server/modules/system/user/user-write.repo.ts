/**
 * User writes (reference §2 Users, §3 sys_user / sys_user_role / sys_user_post): insert, field
 * updates, link replacement and soft delete (del_flag '2', links removed). Callers run them
 * inside one transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { sysUser, sysUserPost, sysUserRole } from '../../../db/schema';
import type { DbOrTx } from './user-scope';

export type UserInsert = typeof sysUser.$inferInsert;
export type UserSet = Partial<Omit<UserInsert, 'userId'>>;

/** Inserts a user; returns its id. */
export function insertUser(tx: DbOrTx, values: UserInsert): number {
  return tx.insert(sysUser).values(values).returning({ id: sysUser.userId }).get().id;
}

/** Sets fields of a live user; returns the number of rows changed (0 or 1). */
export function updateUser(tx: DbOrTx, userId: number, set: UserSet): number {
  return tx.update(sysUser).set(set).where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0'))).run().changes;
}

/** Replaces the user's roles with `roleIds`. */
export function replaceUserRoles(tx: DbOrTx, userId: number, roleIds: number[]): void {
  tx.delete(sysUserRole).where(eq(sysUserRole.userId, userId)).run();
  if (roleIds.length) tx.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId }))).run();
}

/** Replaces the user's posts with `postIds`. */
export function replaceUserPosts(tx: DbOrTx, userId: number, postIds: number[]): void {
  tx.delete(sysUserPost).where(eq(sysUserPost.userId, userId)).run();
  if (postIds.length) tx.insert(sysUserPost).values([...new Set(postIds)].map((postId) => ({ userId, postId }))).run();
}

/** Soft-deletes live users and removes their role and post links; returns how many were deleted. */
export function softDeleteUsers(tx: DbOrTx, userIds: number[], by: string, when: string): number {
  if (userIds.length === 0) return 0;
  tx.delete(sysUserRole).where(inArray(sysUserRole.userId, userIds)).run();
  tx.delete(sysUserPost).where(inArray(sysUserPost.userId, userIds)).run();
  return tx.update(sysUser).set({ delFlag: '2', updateBy: by, updateTime: when })
    .where(and(inArray(sysUser.userId, userIds), eq(sysUser.delFlag, '0'))).run().changes;
}

/** Links users to one role (existing links are kept). */
export function addRoleUsers(tx: DbOrTx, roleId: number, userIds: number[]): void {
  if (userIds.length) tx.insert(sysUserRole).values([...new Set(userIds)].map((userId) => ({ userId, roleId }))).onConflictDoNothing().run();
}

/** Unlinks users from one role; returns how many links were removed. */
export function removeRoleUsers(tx: DbOrTx, roleId: number, userIds: number[]): number {
  if (userIds.length === 0) return 0;
  return tx.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds))).run().changes;
}
