/**
 * Display names of the workflow lists and views (start user, assignee, candidates): nick and dept
 * names from sys_user / sys_dept, role names from sys_role, by the engine's text ids. The SQL is
 * names.repo.ts; the cache and the id handling stay here.
 */
import { AppError } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { enabledUserRows, peopleRows, roleRows } from './names.repo';
import { ReadCache } from '../../common/read-cache';

interface Person { nickName: string; deptName: string | null }

/** The distinct numeric ids among `ids` (text) as a JSON array of numbers, or null when none. */
function numericIds(ids: Array<string | null | undefined>): string | null {
  const nums = [...new Set(ids.filter((x): x is string => !!x && /^\d+$/.test(x)).map(Number))];
  return nums.length ? JSON.stringify(nums) : null;
}

/**
 * Nick and dept names by user id (null: no such user), kept across requests (issue 15: every
 * to-do, finished and my-process page names its users) and dropped on any write to users or depts
 * (common/read-cache.ts: at once for this process, within a second for another).
 */
const personCache = new ReadCache<Person | null>(['sys_user', 'sys_dept']);

/**
 * Looks up nick and dept names of the given user ids (text): cached ones from personCache, the
 * rest in one query. With `cached` false it reads every one fresh and leaves the cache alone (the to-do
 * reader's worker thread, whose connection never writes: todo-worker.ts).
 */
export function people(db: Db, ids: Array<string | null | undefined>, cached = true): Map<string, Person> {
  const map = new Map<string, Person>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    if (!id) continue;
    const hit = cached ? personCache.peek(db, id) : undefined;
    if (hit === undefined) missing.push(id);
    else if (hit) map.set(id, hit);
  }
  const json = numericIds(missing);
  if (json === null) return map;
  const found = new Map<string, Person>();
  for (const r of peopleRows(db, json)) found.set(String(r.userId), Object.freeze({ nickName: r.nickName, deptName: r.deptName }));
  for (const id of missing) {
    const person = cached ? personCache.get(db, id, () => found.get(id) ?? null) : found.get(id);
    if (person) map.set(id, person);
  }
  return map;
}
/** Role names by role id (text), for candidate groups. */
export function roleNames(db: Db, ids: string[]): Map<string, string> {
  const json = numericIds(ids);
  if (json === null) return new Map();
  return new Map(roleRows(db, json).map((r) => [String(r.roleId), r.roleName]));
}

/**
 * Nick names of `ids` (text user ids), all of which must be enabled, not deleted users (a 抄送
 * recipient, an added signer; read fresh, not from the name cache, since a disabled user must be
 * refused at once). Error: AppError('notFound', 用户不存在或已停用) when any is not; nothing is changed.
 */
export function enabledUserNames(db: Db, ids: string[]): Map<string, string> {
  const wanted = [...new Set(ids)];
  const json = numericIds(wanted);
  const found = json === null ? new Map<string, string>() : new Map(enabledUserRows(db, json).map((r) => [String(r.userId), r.nickName]));
  if (wanted.some((id) => !found.has(id))) throw new AppError('notFound', '用户不存在或已停用');
  return found;
}
