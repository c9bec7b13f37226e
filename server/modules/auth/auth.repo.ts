/**
 * Reads the session layer needs: a user by name or id, a user's roles, the user's dept, the
 * permission strings of the roles' menus (reference §1 getInfo), and the login stamp.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. The write
 * (`stampLogin`) runs inside the caller's `store.transaction`.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Store } from '../../db/store/port';
import { firstRow } from '../../db/store/results';
import { sysDept, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../db/schema';

type AuthStore = Pick<Store<Db>, 'db'>;

export type UserRow = typeof sysUser.$inferSelect;
export type RoleRow = typeof sysRole.$inferSelect;
export type DeptRow = typeof sysDept.$inferSelect;

/** The live user with this name, else a deleted one (sign-in then says 账号已被删除); undefined when none. */
export async function findUserByName({ db }: AuthStore, userName: string): Promise<UserRow | undefined> {
  return firstRow(await db.select().from(sysUser).where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0'))).limit(1)) ??
    firstRow(await db.select().from(sysUser).where(eq(sysUser.userName, userName)).limit(1));
}

/** The user row of `userId` (deleted or not), or undefined. */
export async function findUserById({ db }: AuthStore, userId: number): Promise<UserRow | undefined> {
  return firstRow(await db.select().from(sysUser).where(eq(sysUser.userId, userId)).limit(1));
}

/** The dept row of `deptId` (undefined for null or an unknown id). */
export async function findDept({ db }: AuthStore, deptId: number | null): Promise<DeptRow | undefined> {
  if (deptId == null) return undefined;
  return firstRow(await db.select().from(sysDept).where(eq(sysDept.deptId, deptId)).limit(1));
}

/** All non-deleted roles linked to the user (disabled ones included; callers filter), by role sort. */
export async function findUserRoles({ db }: AuthStore, userId: number): Promise<RoleRow[]> {
  const rows = await db
    .select({ r: sysRole })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0')))
    .orderBy(sysRole.roleSort);
  return rows.map((x) => x.r);
}

/**
 * The permission strings of each role through its enabled menus, in one query: roleId → sorted
 * distinct strings (comma lists in `sys_menu.perms` split and trimmed). Roles without any get no
 * entry; no roles → an empty map. (The data scope's synchronous `findMenuPerms` stays in
 * server/core/menu-perms.repo.ts.)
 */
export async function findMenuPermsByRole({ db }: AuthStore, roleIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (roleIds.length === 0) return out;
  const rows = await db
    .selectDistinct({ roleId: sysRoleMenu.roleId, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, roleIds), eq(sysMenu.status, '0'), ne(sysMenu.perms, '')));
  const sets = new Map<number, Set<string>>();
  for (const r of rows) {
    let set = sets.get(r.roleId);
    if (!set) sets.set(r.roleId, (set = new Set()));
    for (const p of (r.perms ?? '').split(',')) if (p.trim()) set.add(p.trim());
  }
  for (const [roleId, set] of sets) out.set(roleId, [...set].sort());
  return out;
}

/** Records a sign-in on the user row: `login_ip` and `login_date` (`yyyy-MM-dd HH:mm:ss`). */
export async function stampLogin({ db }: AuthStore, userId: number, ip: string, when: string): Promise<void> {
  await db.update(sysUser).set({ loginIp: ip, loginDate: when }).where(eq(sysUser.userId, userId));
}
