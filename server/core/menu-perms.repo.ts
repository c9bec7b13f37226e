/**
 * The permission strings a set of roles holds through their menus: read by the session layer
 * (getInfo, `server/modules/auth`) and by the data scope (`./data-scope.ts`), so it lives below
 * both (design.md: core imports no module).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sysMenu, sysRoleMenu } from '../db/schema';

/**
 * Distinct permission strings of enabled menus of the given roles (reference §1 getInfo), sorted;
 * comma lists in `sys_menu.perms` are split and trimmed. No roles → [].
 */
export function findMenuPerms(db: Db, roleIds: number[]): string[] {
  if (roleIds.length === 0) return [];
  const rows = db
    .selectDistinct({ perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, roleIds), eq(sysMenu.status, '0'), ne(sysMenu.perms, '')))
    .all();
  const set = new Set<string>();
  for (const r of rows) for (const p of (r.perms ?? '').split(',')) if (p.trim()) set.add(p.trim());
  return [...set].sort();
}

/**
 * The permission strings of each role through its enabled menus, in one query: roleId → sorted
 * distinct strings (comma lists split and trimmed). Roles without any get no entry.
 */
export function findMenuPermsByRole(db: Db, roleIds: number[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  if (roleIds.length === 0) return out;
  const rows = db
    .selectDistinct({ roleId: sysRoleMenu.roleId, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, roleIds), eq(sysMenu.status, '0'), ne(sysMenu.perms, '')))
    .all();
  const sets = new Map<number, Set<string>>();
  for (const r of rows) {
    let set = sets.get(r.roleId);
    if (!set) sets.set(r.roleId, (set = new Set()));
    for (const p of (r.perms ?? '').split(',')) if (p.trim()) set.add(p.trim());
  }
  for (const [roleId, set] of sets) out.set(roleId, [...set].sort());
  return out;
}
