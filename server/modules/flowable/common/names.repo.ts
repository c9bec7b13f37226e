/**
 * The SQL of the workflow's display names (common/names.ts, which keeps the cache and the id
 * handling): nick and dept names from sys_user / sys_dept, enabled users, role names from
 * sys_role, by a JSON array of numeric ids.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept, sysRole, sysUser } from '../../../db/schema';

/**
 * The name lookups, prepared once per database (every to-do / finished / my-process page runs
 * one): the ids go in as one JSON array parameter (`json_each`), so one statement serves any
 * number of ids.
 */
function buildNameQueries(db: Db) {
  return {
    people: db.select({ userId: sysUser.userId, nickName: sysUser.nickName, deptName: sysDept.deptName }).from(sysUser)
      .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
      .where(sql`${sysUser.userId} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`).prepare(),
    enabled: db.select({ userId: sysUser.userId, nickName: sysUser.nickName }).from(sysUser)
      .where(and(sql`${sysUser.userId} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`, eq(sysUser.status, '0'), eq(sysUser.delFlag, '0'))).prepare(),
    roles: db.select({ roleId: sysRole.roleId, roleName: sysRole.roleName }).from(sysRole)
      .where(sql`${sysRole.roleId} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`).prepare(),
  };
}
const nameQueries = new WeakMap<object, ReturnType<typeof buildNameQueries>>();
function nameQueriesOf(db: Db) {
  let q = nameQueries.get(db);
  if (!q) nameQueries.set(db, (q = buildNameQueries(db)));
  return q;
}
/** `{userId, nickName, deptName}` of the users whose ids are in `idsJson` (a JSON array of numbers), any status. */
export function peopleRows(db: Db, idsJson: string) {
  return nameQueriesOf(db).people.all({ ids: idsJson });
}
/** `{userId, nickName}` of the enabled, undeleted users whose ids are in `idsJson` (a JSON array of numbers). */
export function enabledUserRows(db: Db, idsJson: string) {
  return nameQueriesOf(db).enabled.all({ ids: idsJson });
}
/** `{roleId, roleName}` of the roles whose ids are in `idsJson` (a JSON array of numbers), any status. */
export function roleRows(db: Db, idsJson: string) {
  return nameQueriesOf(db).roles.all({ ids: idsJson });
}
