/**
 * Element-level permission and role checks (platform spec §5 "Permission and role tags",
 * §6 "Roles and permissions"); RuoYi's checkPermi / checkRole made pure.
 *
 * - Permissions look like `system:user:edit`; `*:*:*` grants everything.
 * - Role key `admin` passes every role check.
 * - mode 'any' (default): one listed value is enough; 'all': every listed value is needed.
 * - An empty list is a programming error: throws 请设置操作权限标签值 / 请设置角色权限标签值.
 */

/** Wildcard permission that grants every check. */
export const ALL_PERMISSION = '*:*:*';
/** Role key that passes every role check. */
export const SUPER_ADMIN = 'admin';

type Mode = 'any' | 'all';

function matches(owned: readonly string[], wanted: readonly string[], mode: Mode): boolean {
  return mode === 'all' ? wanted.every((v) => owned.includes(v)) : wanted.some((v) => owned.includes(v));
}

/**
 * @param userPerms permissions of the session user (from /getInfo)
 * @param value permissions required by the element
 * @example checkPermi(['system:user:add'], ['system:user:add', 'system:user:edit']) // true
 * @example checkPermi(['system:user:add'], ['system:user:add', 'system:user:edit'], 'all') // false
 */
export function checkPermi(userPerms: string[], value: string[], mode: Mode = 'any'): boolean {
  if (!Array.isArray(value) || value.length === 0) throw new Error('请设置操作权限标签值');
  const owned = userPerms ?? [];
  if (owned.includes(ALL_PERMISSION)) return true;
  return matches(owned, value, mode);
}

/**
 * @param userRoles role keys of the session user (from /getInfo; empty becomes ROLE_DEFAULT upstream)
 * @param value role keys required by the element
 * @example checkRole(['admin'], ['common']) // true
 */
export function checkRole(userRoles: string[], value: string[], mode: Mode = 'any'): boolean {
  if (!Array.isArray(value) || value.length === 0) throw new Error('请设置角色权限标签值');
  const owned = userRoles ?? [];
  if (owned.includes(SUPER_ADMIN)) return true;
  return matches(owned, value, mode);
}
