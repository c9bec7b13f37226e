/**
 * The user list (reference §2 Users `GET /list`, a benchmarked hot path): filters on name (LIKE),
 * phone (LIKE), status, dept (including all descendant depts through `ancestors`), creation day
 * range; data scope; order by a checked column; never the password. Also its export (the same
 * query without paging).
 *
 * On the async store (issue 43), still built once per shape (issue 15's core/prepared.ts, which
 * prepares on better-sqlite3 only): Drizzle writes the two statements once per database kind and
 * shape (which filters are present, the order, the data scope condition with its values) over
 * `store.db` with `sql.placeholder`s for the values of each call; the SQL text is kept with where
 * each placeholder goes, and each call runs it through `store.all` with `?` parameters (the SQLite
 * adapter keeps one prepared statement per SQL text; the PostgreSQL adapter numbers the `?`). The
 * selected columns carry quoted camelCase aliases, so the rows come back under the same names, in
 * the same order, as Drizzle's own select returned them.
 */
import { and, asc, desc, eq, gte, is, lte, or, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { DbKind, SqlParam, Store } from '../../../db/store/port';
import { sysDept, sysUser } from '../../../db/schema';
import { dayRange, isDescending, pageWindow, type Page, type PageInput } from '../../../core/pagination';
import { likePattern } from '../../../core/like';
import { PREPARED_MAX, sqlKey } from '../../../core/prepared';
import { ReadCache } from '../../common/read-cache';
import { SerializedPage } from '../../../core/pre-serialized';

type UserStore = Pick<Store<Db>, 'db' | 'kind' | 'all' | 'inTransaction'>;

export interface UserListFilter extends PageInput {
  userName?: string;
  phonenumber?: string;
  status?: string;
  deptId?: number;
}

export const userListColumns = {
  userId: sysUser.userId, deptId: sysUser.deptId, userName: sysUser.userName, nickName: sysUser.nickName,
  userType: sysUser.userType, email: sysUser.email, phonenumber: sysUser.phonenumber, sex: sysUser.sex,
  avatar: sysUser.avatar, status: sysUser.status, delFlag: sysUser.delFlag, loginIp: sysUser.loginIp,
  loginDate: sysUser.loginDate, createBy: sysUser.createBy, createTime: sysUser.createTime,
  updateBy: sysUser.updateBy, updateTime: sysUser.updateTime, remark: sysUser.remark,
};

export type UserListRow = { [K in keyof typeof userListColumns]: (typeof sysUser.$inferSelect)[K] } & {
  dept: { deptId: number; deptName: string; leader: string | null } | null;
};

type RawRow = Omit<UserListRow, 'dept'> & { deptName: string | null; leader: string | null };

/**
 * Pages served from memory (issue 15): the list reads ~20 columns of 10 rows plus a COUNT over
 * every live user (~200 µs of SQLite work with 2,000 users), so a page read again is answered from
 * this cache. It is keyed by the whole query (shape, filter values, page) and dropped when the
 * tables the query reads change: at once for this process's writes, within EXTERNAL_POLL_MS for
 * another process's (common/read-cache.ts; on both databases: server/db/table-versions.ts).
 * Cached pages are frozen.
 */
const pageCache = new ReadCache<Page<UserListRow>>(['sys_user', 'sys_dept', 'sys_role_dept']);

/** Largest page the cache keeps (bigger reads, e.g. exports, go to the database each time). */
const CACHED_PAGE_MAX = 100;

/**
 * One page of users and the total (reference §2 Users list), from `pageCache` when the same page
 * was read since the last change (a hit awaits nothing, see pageCache); else read
 * with the statements of its shape (see the module comment).
 */
export function listUsers(store: UserStore, f: UserListFilter, scope?: SQL): Promise<Page<UserListRow>> {
  const scopeKey = sqlKey(scope);
  if (f.pageSize > CACHED_PAGE_MAX) return readUserPage(store, f, scope, scopeKey);
  const { from, to } = dayRange(f);
  const key = JSON.stringify([f.userName, f.phonenumber, f.status, f.deptId, from, to, f.orderByColumn, f.isAsc, f.pageNum, f.pageSize, scopeKey]);
  return pageCache.getAsync(store, key, async () => freezePage(await readUserPage(store, f, scope, scopeKey)));
}

/** Every user the list filter matches (exports): the list without paging. */
export async function listAllUsers(store: UserStore, f: Omit<UserListFilter, 'pageNum' | 'pageSize'>, scope?: SQL): Promise<UserListRow[]> {
  return (await readUserPage(store, { ...f, pageNum: 1, pageSize: Number.MAX_SAFE_INTEGER }, scope, sqlKey(scope))).rows;
}

/** The page frozen, with its rows' JSON built once (the REST envelope splices it in). */
function freezePage(page: Page<UserListRow>): Page<UserListRow> {
  for (const row of page.rows) {
    if (row.dept) Object.freeze(row.dept);
    Object.freeze(row);
  }
  Object.freeze(page.rows);
  return Object.freeze(new SerializedPage(page.rows, page.total));
}

/** A statement written once: its SQL text (`?` placeholders) and, per parameter, a placeholder name or a fixed value. */
interface Compiled {
  sql: string;
  slots: ({ name: string } | { value: SqlParam })[];
}

/** The two statements of one shape. */
interface Shape {
  total: Compiled;
  page: Compiled;
}

/** Shapes per database kind (the SQL text differs by dialect), at most PREPARED_MAX each, oldest out first. */
const shapes = new Map<DbKind, Map<string, Shape>>();

/** The parameters of one call of `c`, in order. */
function paramsOf(c: Compiled, values: Record<string, SqlParam>): SqlParam[] {
  const out: SqlParam[] = new Array(c.slots.length);
  for (let i = 0; i < c.slots.length; i++) {
    const s = c.slots[i];
    out[i] = 'name' in s ? values[s.name] : s.value;
  }
  return out;
}

/** PostgreSQL's `$1, $2 …` (Drizzle's pg dialect, numbered in order) back to `?`, outside quoted text. */
function questionMarks(text: string, count: number): string {
  let n = 0;
  const out = text.replace(/'[^']*'|"[^"]*"|\$(\d+)/g, (m, num: string | undefined) => {
    if (num === undefined) return m;
    if (Number(num) !== ++n) throw new Error(`user list: parameter $${num} out of order`);
    return '?';
  });
  if (n !== count) throw new Error(`user list: ${n} placeholders for ${count} parameters`);
  return out;
}

/** Compiles a Drizzle query built on `store.db` (see Compiled). */
function compile(kind: DbKind, query: { toSQL(): { sql: string; params: unknown[] } }): Compiled {
  const q = query.toSQL();
  const slots = q.params.map((p): Compiled['slots'][number] => {
    if (is(p, Placeholder)) return { name: p.name };
    if (is(p, Param) && is(p.value, Placeholder)) return { name: p.value.name };
    return { value: p as SqlParam };
  });
  return { sql: kind === 'postgres' ? questionMarks(q.sql, slots.length) : q.sql, slots };
}

/** The statements of a shape, written on first use. */
function shapeOf(store: UserStore, key: string, build: () => Shape): Shape {
  let map = shapes.get(store.kind);
  if (!map) shapes.set(store.kind, (map = new Map()));
  let hit = map.get(key);
  if (!hit) {
    hit = build();
    map.set(key, hit);
    if (map.size > PREPARED_MAX) map.delete(map.keys().next().value as string);
  }
  return hit;
}

/** The page read from the database; `scopeKey` is sqlKey(scope). */
async function readUserPage(store: UserStore, f: UserListFilter, scope: SQL | undefined, scopeKey: string): Promise<Page<UserListRow>> {
  const { from, to } = dayRange(f);
  const orderKey = f.orderByColumn && f.orderByColumn in userListColumns ? (f.orderByColumn as keyof typeof userListColumns) : 'userId';
  const descending = isDescending(f.isAsc);
  const has = [!!f.userName, !!f.phonenumber, !!f.status, f.deptId !== undefined, !!from, !!to];
  const q = shapeOf(store, `${has.map(Number).join('')}:${orderKey}:${descending}:${scopeKey}`, () => {
    const { db, kind } = store;
    const p = sql.placeholder;
    // Case-insensitive on both (core/like.ts contains): SQLite's LIKE, PostgreSQL's ILIKE.
    const like = sql.raw(kind === 'postgres' ? 'ILIKE' : 'LIKE');
    const where = and(
      eq(sysUser.delFlag, '0'),
      has[0] ? sql`${sysUser.userName} ${like} ${p('userName')} ESCAPE '\\'` : undefined,
      has[1] ? sql`${sysUser.phonenumber} ${like} ${p('phonenumber')} ESCAPE '\\'` : undefined,
      has[2] ? eq(sysUser.status, p('status')) : undefined,
      has[3] ? or(eq(sysUser.deptId, p('deptId')), sql`${sysUser.deptId} IN (SELECT dept_id FROM sys_dept WHERE (',' || ancestors || ',') LIKE ${p('deptLike')})`) : undefined,
      has[4] ? gte(sysUser.createTime, p('from')) : undefined,
      has[5] ? lte(sysUser.createTime, p('to')) : undefined,
      scope,
    );
    const orderCol = userListColumns[orderKey];
    const aliased = Object.fromEntries([...Object.entries(userListColumns), ['deptName', sysDept.deptName], ['leader', sysDept.leader]]
      .map(([k, col]) => [k, sql`${col}`.as(k as string)]));
    return {
      total: compile(kind, db.select({ n: sql<number>`count(*)`.as('n') }).from(sysUser).where(where)),
      page: compile(kind, db.select(aliased).from(sysUser).leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
        .where(where).orderBy(descending ? desc(orderCol) : asc(orderCol)).limit(p('limit')).offset(p('offset'))),
    };
  });
  const values: Record<string, SqlParam> = {
    userName: f.userName ? likePattern(f.userName) : null,
    phonenumber: f.phonenumber ? likePattern(f.phonenumber) : null,
    status: f.status ?? null,
    deptId: f.deptId ?? null,
    deptLike: `%,${f.deptId ?? ''},%`,
    from: from ?? null,
    to: to ?? null,
  };
  const total = Number((await store.all<{ n: number }>(q.total.sql, paramsOf(q.total, values)))[0].n);
  const { offset, limit } = pageWindow(f, total);
  const rows = await store.all<RawRow>(q.page.sql, paramsOf(q.page, { ...values, limit, offset }));
  return {
    total,
    rows: rows.map(({ deptName, leader, ...u }) => ({
      ...u,
      dept: u.deptId != null && deptName != null ? { deptId: u.deptId, deptName, leader } : null,
    })),
  };
}
