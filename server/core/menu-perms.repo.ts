/**
 * The permission strings a set of roles holds through their menus, for the data scope
 * (`./data-scope.ts`, a role without the permissions its session filled in), so it lives in core
 * (design.md: core imports no module). The session layer reads them per role through the async
 * store (`server/modules/auth/auth.repo.ts` findMenuPermsByRole, issue 43).
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
