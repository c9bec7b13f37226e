/**
 * Authorisation core (platform spec §6, reference §1): a permission passes when the user holds
 * `*:*:*` or the exact string, or is the super admin (user 1 / role key `admin`).
 */

/** The signed-in user as every authed procedure sees it. */
export interface LoginUser {
  sessionId: string;
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string;
  /**
   * Enabled roles of the user; `perms`, when present, are the permission strings of that role's
   * enabled menus (the session layer fills it; the data scope reads it instead of querying).
   */
  roles: { roleId: number; roleKey: string; dataScope: string; status: string; perms?: readonly string[] }[];
  /** Role keys as `getInfo` answers them (`['admin']` for the super admin). */
  roleKeys: string[];
  /** Permission strings (`['*:*:*']` for the super admin). */
  permissions: string[];
  admin: boolean;
}

export const ALL_PERMISSION = '*:*:*';
export const SUPER_ROLE = 'admin';

/** True for user 1 or a holder of the `admin` role key (reference §1 `isAdmin`). */
export function isSuperAdmin(userId: number, roleKeys: readonly string[]): boolean {
  return userId === 1 || roleKeys.includes(SUPER_ROLE);
}

/** `@ss.hasPermi`: the wildcard, the admin role, or the exact permission string. */
export function hasPermission(user: Pick<LoginUser, 'permissions' | 'roleKeys' | 'admin'>, perm: string): boolean {
  if (user.admin || user.roleKeys.includes(SUPER_ROLE)) return true;
  return user.permissions.includes(ALL_PERMISSION) || user.permissions.includes(perm);
}
