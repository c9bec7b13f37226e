/**
 * Display names of the workflow lists and views (start user, assignee, candidates): nick and dept
 * names from sys_user / sys_dept, role names from sys_role, by the engine's text ids. The SQL is
 * names.repo.ts (on the async store, issue 43) and names-sync.repo.ts (the to-do worker's own
 * connection); the cache and the id handling stay here.
 */
import { AppError } from '../../../core/errors';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { enabledUserRows, peopleRows, roleRows } from './names.repo';
import { peopleRowsSync } from './names-sync.repo';
import { ReadCache, type CacheStore } from '../../common/read-cache';

interface Person { nickName: string; deptName: string | null }

type NameStore = Pick<Store<Db>, 'db'> & CacheStore;

/** The distinct numeric ids among `ids` (text), as numbers. */
function numericIds(ids: Array<string | null | undefined>): number[] {
  return [...new Set(ids.filter((x): x is string => !!x && /^\d+$/.test(x)).map(Number))];
}

/**
 * Nick and dept names by user id (null: no such user), kept across requests (issue 15: every
 * to-do, finished and my-process page names its users) and dropped on any write to users or depts
 * (common/read-cache.ts: at once for this process, within a second for another).
 */
const personCache = new ReadCache<Person | null>(['sys_user', 'sys_dept']);

/**
 * Looks up nick and dept names of the given user ids (text): cached ones from personCache, the
 * rest in one query (each kept in the cache slot its read started in: ReadCache.getAsync).
 */
export async function people(store: NameStore, ids: Array<string | null | undefined>): Promise<Map<string, Person>> {
  const map = new Map<string, Person>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    if (!id) continue;
    const hit = personCache.peek(store, id);
    if (hit === undefined) missing.push(id);
    else if (hit) map.set(id, hit);
  }
  const nums = numericIds(missing);
  let found: Promise<Map<string, Person>> | undefined;
  const load = () => (found ??= (async () => {
    const rows = nums.length ? await peopleRows(store, nums) : [];
    return new Map(rows.map((r) => [String(r.userId), Object.freeze({ nickName: r.nickName, deptName: r.deptName })]));
  })());
  // Every getAsync starts (and picks its slot) before the one query runs.
  const people = await Promise.all(missing.map((id) => personCache.getAsync(store, id, async () => (await load()).get(id) ?? null)));
  missing.forEach((id, i) => { if (people[i]) map.set(id, people[i]!); });
  return map;
}

/**
 * Nick and dept names of the given user ids (text), read fresh over `db` synchronously, the cache
 * left alone: the to-do reader's worker thread, whose own connection never writes (todo-worker.ts).
 */
export function freshPeople(db: Db, ids: Array<string | null | undefined>): Map<string, Person> {
  const nums = numericIds(ids);
  const map = new Map<string, Person>();
  if (!nums.length) return map;
  for (const r of peopleRowsSync(db, JSON.stringify(nums))) map.set(String(r.userId), Object.freeze({ nickName: r.nickName, deptName: r.deptName }));
  return map;
}

/** Role names by role id (text), for candidate groups. */
export async function roleNames(store: NameStore, ids: string[]): Promise<Map<string, string>> {
  const nums = numericIds(ids);
  if (!nums.length) return new Map();
  return new Map((await roleRows(store, nums)).map((r) => [String(r.roleId), r.roleName]));
}

/**
 * Nick names of `ids` (text user ids), all of which must be enabled, not deleted users (a 抄送
 * recipient, an added signer; read fresh, not from the name cache, since a disabled user must be
 * refused at once). Error: AppError('notFound', 用户不存在或已停用) when any is not; nothing is changed.
 */
export async function enabledUserNames(store: NameStore, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  const nums = numericIds(wanted);
  const found = nums.length ? new Map((await enabledUserRows(store, nums)).map((r) => [String(r.userId), r.nickName])) : new Map<string, string>();
  if (wanted.some((id) => !found.has(id))) throw new AppError('notFound', '用户不存在或已停用');
  return found;
}
