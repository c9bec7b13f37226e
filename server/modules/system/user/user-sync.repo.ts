/**
 * The synchronous user read kept for the workflow engine, which still runs synchronously over
 * better-sqlite3 (issue 43: "the engine keeps its synchronous core"): `usersOfRoles`, the engine's
 * `usersOfGroups` (抄送 to roles, issue 16; flowable/common/handlers.ts), called from inside the
 * engine's synchronous run. Delete it when the engine resolves the role members before or after
 * its run (issue 43 "CC to roles resolve what they need before or after the synchronous run").
 */
import type Database from 'better-sqlite3';

/**
 * The engine's `usersOfGroups` over connection `db`: the enabled, not deleted users holding one
 * of the (enabled, not deleted) roles `groupIds` (numeric texts; others are ignored), as text
 * ids. One prepared statement per call of usersOfRoles (the app makes one per connection).
 */
export function usersOfRoles(db: Database.Database): (groupIds: string[]) => string[] {
  const q = db.prepare(`SELECT DISTINCT ur.user_id AS id FROM sys_user_role ur JOIN sys_user u ON u.user_id = ur.user_id
    JOIN sys_role r ON r.role_id = ur.role_id
    WHERE ur.role_id IN (SELECT value FROM json_each(?)) AND u.status = '0' AND u.del_flag = '0' AND r.status = '0' AND r.del_flag = '0'`).pluck();
  return (groupIds) => {
    const ids = groupIds.map(Number).filter((n) => Number.isSafeInteger(n));
    return ids.length ? (q.all(JSON.stringify(ids)) as number[]).map(String) : [];
  };
}
