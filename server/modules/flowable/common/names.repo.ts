/**
 * The SQL of the workflow's display names (common/names.ts, which keeps the cache and the id
 * handling): nick and dept names from sys_user / sys_dept, enabled users, role names from
 * sys_role, by a list of numeric ids. On the async store (issue 43): the queries run on
 * `store.db` and are awaited (`IN (…)` lists: the same SQL on SQLite and PostgreSQL). The to-do
 * reader's worker thread reads names over its own connection: names-sync.repo.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { sysDept, sysRole, sysUser } from '../../../db/schema';

type NameStore = Pick<Store<Db>, 'db'>;

/** `{userId, nickName, deptName}` of the users `ids`, any status. */
export async function peopleRows({ db }: NameStore, ids: number[]) {
  return db.select({ userId: sysUser.userId, nickName: sysUser.nickName, deptName: sysDept.deptName }).from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId)).where(inArray(sysUser.userId, ids));
}
/** `{userId, nickName}` of the enabled, undeleted users among `ids`. */
export async function enabledUserRows({ db }: NameStore, ids: number[]) {
  return db.select({ userId: sysUser.userId, nickName: sysUser.nickName }).from(sysUser)
    .where(and(inArray(sysUser.userId, ids), eq(sysUser.status, '0'), eq(sysUser.delFlag, '0')));
}
/** `{roleId, roleName}` of the roles `ids`, any status. */
export async function roleRows({ db }: NameStore, ids: number[]) {
  return db.select({ roleId: sysRole.roleId, roleName: sysRole.roleName }).from(sysRole).where(inArray(sysRole.roleId, ids));
}
