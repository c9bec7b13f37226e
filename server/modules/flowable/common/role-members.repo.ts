/**
 * Role members for the workflow on the async store (issue 43: the server on PostgreSQL), the
 * twins of system/user/user-sync.repo.ts `usersOfRoles` (SQLite's synchronous lookup, kept there
 * for the SQLite engine's synchronous core): the enabled, not deleted users holding an enabled,
 * not deleted role. Hand-written SQL with `?` placeholders and quoted aliases, so it runs on both
 * databases (README "Two databases").
 */
import type { Store } from '../../../db/store/port';

const MEMBERS = `SELECT DISTINCT ur.role_id AS "roleId", ur.user_id AS "userId" FROM sys_user_role ur
  JOIN sys_user u ON u.user_id = ur.user_id JOIN sys_role r ON r.role_id = ur.role_id
  WHERE u.status = '0' AND u.del_flag = '0' AND r.status = '0' AND r.del_flag = '0'`;

/** Most role ids one lookup binds (a CC names a handful; PostgreSQL binds at most 65,535 parameters). */
const MAX_ROLES = 1000;

/** The numeric role ids of `groupIds` (engine group ids are texts; others are ignored), each once. */
const roleIdsOf = (groupIds: string[]) => [...new Set(groupIds.map(Number).filter((n) => Number.isSafeInteger(n)))].slice(0, MAX_ROLES);

/**
 * The engine's `usersOfGroups` on the store (抄送 to roles, issue 16): the members of the roles
 * `groupIds` as text ids, ascending, each once. One query per call, outside or inside the
 * caller's transaction (the store's async context).
 */
export function usersOfRolesOn(store: Pick<Store, 'all'>): (groupIds: string[]) => Promise<string[]> {
  return async (groupIds) => {
    const ids = roleIdsOf(groupIds);
    if (!ids.length) return [];
    const rows = await store.all<{ userId: number }>(`SELECT DISTINCT "userId" FROM (${MEMBERS} AND ur.role_id IN (${ids.map(() => '?').join(', ')})) m ORDER BY "userId"`, ids);
    return rows.map((r) => String(r.userId));
  };
}

/**
 * Every role's members read once (流程模拟 on PostgreSQL: its scratch engine is a synchronous
 * SQLite one, so it gets the real members as a synchronous lookup over this snapshot): a function
 * answering, for `groupIds`, the members as text ids, ascending, each once.
 */
export async function roleMembersSnapshot(store: Pick<Store, 'all'>): Promise<(groupIds: string[]) => string[]> {
  const byRole = new Map<number, number[]>();
  for (const r of await store.all<{ roleId: number; userId: number }>(MEMBERS)) {
    const list = byRole.get(Number(r.roleId));
    if (list) list.push(Number(r.userId));
    else byRole.set(Number(r.roleId), [Number(r.userId)]);
  }
  return (groupIds) => [...new Set(roleIdsOf(groupIds).flatMap((id) => byRole.get(id) ?? []))].sort((a, b) => a - b).map(String);
}
