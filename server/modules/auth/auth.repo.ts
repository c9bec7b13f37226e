/**
 * Reads the session layer needs: a user by name, a user's enabled roles, the permission strings of
 * those roles' menus (reference §1 getInfo), and the login stamp.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../db/schema';

export type UserRow = typeof sysUser.$inferSelect;
export type RoleRow = typeof sysRole.$inferSelect;

/** The newest non-deleted or deleted user with this name (deleted ones say 账号已被删除). */
export function findUserByName(db: Db, userName: string): UserRow | undefined {
  return (
    db.select().from(sysUser).where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0'))).get() ??
    db.select().from(sysUser).where(eq(sysUser.userName, userName)).get()
  );
}

export function findUserById(db: Db, userId: number): UserRow | undefined {
  return db.select().from(sysUser).where(eq(sysUser.userId, userId)).get();
}

export function findDept(db: Db, deptId: number | null) {
  if (deptId == null) return undefined;
  return db.select().from(sysDept).where(eq(sysDept.deptId, deptId)).get();
}

/** All non-deleted roles linked to the user (disabled ones included; callers filter). */
export function findUserRoles(db: Db, userId: number): RoleRow[] {
  return db
    .select({ r: sysRole })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0')))
    .orderBy(sysRole.roleSort)
    .all()
    .map((x) => x.r);
}

/** Distinct permission strings of enabled menus of the given roles: kept in core (data scope reads it too). */
export { findMenuPerms, findMenuPermsByRole } from '../../core/menu-perms.repo';

export function stampLogin(db: Db, userId: number, ip: string, when: string): void {
  db.update(sysUser).set({ loginIp: ip, loginDate: when }).where(eq(sysUser.userId, userId)).run();
}
