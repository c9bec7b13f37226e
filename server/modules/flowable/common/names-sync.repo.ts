/**
 * The synchronous name lookup of the to-do reader's worker thread (task/todo-worker.ts, through
 * task/todo-page.ts): the worker has its own read-only better-sqlite3 connection and answers
 * synchronously (issue 15), so it keeps this prepared statement; the request thread reads names
 * on the async store (names.repo.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept, sysUser } from '../../../db/schema';

/** The statement, prepared once per connection: the ids go in as one JSON array parameter (`json_each`). */
function buildPeopleQuery(db: Db) {
  return db.select({ userId: sysUser.userId, nickName: sysUser.nickName, deptName: sysDept.deptName }).from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(sql`${sysUser.userId} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`).prepare();
}
const prepared = new WeakMap<object, ReturnType<typeof buildPeopleQuery>>();

/** `{userId, nickName, deptName}` of the users whose ids are in `idsJson` (a JSON array of numbers), any status. */
export function peopleRowsSync(db: Db, idsJson: string) {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = buildPeopleQuery(db)));
  return q.all({ ids: idsJson });
}
