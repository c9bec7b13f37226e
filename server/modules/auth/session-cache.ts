/**
 * The per-process memory of signed-in sessions (issue 15): what `resolveSession` needs on every
 * request without reading session, user, roles, dept and menu permissions afresh.
 *
 * - Token → session id: a verified token always names the same session (the JWT carries only the
 *   id and the key never changes while the process runs), so the HS256 check runs once per token.
 * - Session id → the loaded user (LoginUser plus the rows getInfo shows), stamped with the auth
 *   stamp; an entry loaded under another stamp is loaded again. The stamp has two parts: the
 *   writes to the auth tables (AUTH_TABLES) seen by the store's table versions
 *   (server/db/table-versions.ts: on SQLite this connection's, counted by TEMP triggers as they
 *   happen; on PostgreSQL this process's, told by the adapter when they can be seen, and other
 *   processes', notified), so a role, menu, user or dept change, a logout, force-logout or disable
 *   made by this process takes effect on its very next request; and `sys_auth_version`, which
 *   persistent SQL triggers bump on the same writes by any connection (drizzle/0005,
 *   drizzle-pg/0001), read at most every EXTERNAL_POLL_MS (1 s), so such a change made by another
 *   process sharing the database takes effect there within a second. The state is kept per store
 *   (`deps.store`). A cached request makes no database call and awaits
 *   nothing (`authStamp` answers synchronously between polls; the poll itself, a miss and the
 *   lease write go to the async store, issue 43).
 * - The idle expiry slides in memory (`expireAt`); the row's `expire_time` is written only when it
 *   would fall behind, and then SESSION_LEASE_MS ahead, so a busy session costs one write (one
 *   `store.transaction`) a minute instead of one per request. This process ends the session
 *   exactly SESSION_IDLE_MS after its last request here; a process that did not serve that request
 *   (and the online list and the cleanup job, which read the row) may see it up to
 *   SESSION_LEASE_MS later.
 *
 * Both maps are bounded (oldest first out); a dropped entry is simply loaded again.
 */
import type { Db } from '../../db/client';
import type { Store } from '../../db/store/port';
import type { LoginUser } from '../../core/authz';
import type { RoleRow, UserRow } from './auth.repo';
import { leaseSession, readAuthVersion } from './session.repo';
import { EXTERNAL_POLL_MS, declareWatched, tableVersionsOf, type TableVersions, type VersionedStore, type WriteOp } from '../../db/table-versions';
import { HitCounter, type CacheStats } from '../../core/cache-registry';

/** Idle expiry of a session (reference §1: 30 minutes). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** How far ahead of the in-memory expiry the row's `expire_time` is written (≤ 1 write/min/session). */
export const SESSION_LEASE_MS = 60 * 1000;
/** Most tokens / sessions remembered per store. */
export const SESSION_CACHE_MAX = 10_000;

/** What getInfo shows besides LoginUser: the user row without its password, dept and roles. */
export interface SessionProfile {
  user: Omit<UserRow, 'password'>;
  dept: { deptId: number; deptName: string; leader: string | null } | null;
  /** All non-deleted roles linked to the user, enabled or not (getInfo lists them all). */
  roles: RoleRow[];
}

export interface CachedSession {
  /** The auth stamp the entry was loaded under (`authStamp`). */
  version: string;
  login: LoginUser;
  profile: SessionProfile;
  /** In-memory idle expiry, epoch ms: last request here + SESSION_IDLE_MS. */
  expireAt: number;
  /** `expire_time` of the row as this process last read or wrote it, epoch ms. */
  storedExpire: number;
}

/**
 * The writes that can change a signed-in user's identity, roles, permissions or dept, or end a
 * session (the same as the persistent triggers of drizzle/0005_auth_version.sql).
 */
export const AUTH_TABLES: Record<string, WriteOp[]> = {
  sys_user: ['UPDATE', 'DELETE'],
  sys_role: ['UPDATE', 'DELETE'],
  sys_menu: ['UPDATE', 'DELETE'],
  sys_dept: ['UPDATE', 'DELETE'],
  sys_user_role: ['INSERT', 'UPDATE', 'DELETE'],
  sys_role_menu: ['INSERT', 'UPDATE', 'DELETE'],
  sys_session: ['DELETE'],
};
const AUTH_TABLE_NAMES = Object.keys(AUTH_TABLES);
declareWatched(AUTH_TABLES);

interface State {
  tokens: Map<string, string>;
  sessions: Map<string, CachedSession>;
  /** `sys_auth_version` as last read (`value`) and when (`at`, epoch ms); undefined before the first read. */
  shared: { at: number; value: number } | undefined;
  /** resolveSession's lookups: a hit served the cached entry, a miss loaded the session afresh. */
  counter: HitCounter;
  /** The store's table versions, watching AUTH_TABLES. */
  versions: TableVersions;
}

/** What the session cache is kept for: the app's store (`deps.store`). */
export type SessionStore = VersionedStore;

const states = new WeakMap<SessionStore, State>();

function stateOf(store: SessionStore): State {
  let s = states.get(store);
  if (!s) {
    const versions = tableVersionsOf(store);
    versions.watch(AUTH_TABLES);
    s = { tokens: new Map(), sessions: new Map(), shared: undefined, counter: new HitCounter(), versions };
    states.set(store, s);
  }
  return s;
}

/** Keeps `map` at SESSION_CACHE_MAX entries, dropping the oldest inserted. */
function bound<V>(map: Map<string, V>): void {
  while (map.size > SESSION_CACHE_MAX) map.delete(map.keys().next().value as string);
}

/**
 * The current auth stamp at `now` (epoch ms, the app's clock): `sys_auth_version` as last read
 * and the writes to AUTH_TABLES seen by the store's table versions; undefined when that version
 * was read EXTERNAL_POLL_MS or more ago, or never (or the clock went back): then
 * `refreshAuthStamp`. Synchronous and free of database calls, for the cached request.
 */
export function authStamp(store: SessionStore, now: number): string | undefined {
  const { shared, versions } = stateOf(store);
  if (!shared || now < shared.at || now - shared.at >= EXTERNAL_POLL_MS) return undefined;
  return `${shared.value}:${versions.localWrites(AUTH_TABLE_NAMES)}`;
}

/**
 * Reads `sys_auth_version` through `store`, remembers it as read at `now`, and returns the auth
 * stamp (`authStamp`'s value from then on, until the next poll is due).
 */
export async function refreshAuthStamp(store: Pick<Store<Db>, 'db'> & SessionStore, now: number): Promise<string> {
  const state = stateOf(store);
  const value = await readAuthVersion(store);
  state.shared = { at: now, value };
  return `${value}:${state.versions.localWrites(AUTH_TABLE_NAMES)}`;
}

/** The session id a token was verified to carry, if this process verified it before. */
export function knownTokenSession(store: SessionStore, token: string): string | undefined {
  return stateOf(store).tokens.get(token);
}

/** Remembers that `token` verified to session `sid`. */
export function rememberToken(store: SessionStore, token: string, sid: string): void {
  const { tokens } = stateOf(store);
  tokens.set(token, sid);
  bound(tokens);
}

/** The entry of `sid` whatever its version (the caller compares), or undefined. */
export function cachedSession(store: SessionStore, sid: string): CachedSession | undefined {
  return stateOf(store).sessions.get(sid);
}

/** Stores (or replaces) the entry of `sid`. */
export function storeSession(store: SessionStore, sid: string, entry: CachedSession): void {
  const { sessions } = stateOf(store);
  sessions.delete(sid);
  sessions.set(sid, entry);
  bound(sessions);
}

/** Forgets `sid` (logout, expiry, a user who may no longer sign in). */
export function forgetSession(store: SessionStore, sid: string): void {
  stateOf(store).sessions.delete(sid);
}

/**
 * Slides `entry` to `now + SESSION_IDLE_MS`; writes the row (`now + SESSION_IDLE_MS +
 * SESSION_LEASE_MS`, one `store.transaction`) only when its stored expiry would fall behind the
 * new in-memory one. Returns undefined when nothing is written (the cached request stays
 * synchronous), else the write's promise; `entry.storedExpire` moves at once (a request meanwhile
 * writes nothing more) and moves back when the write fails (rejected with the store's error).
 */
export function slide(store: Store<Db>, sid: string, entry: CachedSession, now: number): Promise<void> | undefined {
  entry.expireAt = now + SESSION_IDLE_MS;
  if (entry.storedExpire >= entry.expireAt) return undefined;
  const at = entry.expireAt + SESSION_LEASE_MS;
  const before = entry.storedExpire;
  entry.storedExpire = at;
  return store.transaction(() => leaseSession(store, sid, at)).catch((err: unknown) => {
    if (entry.storedExpire === at) entry.storedExpire = before;
    throw err;
  });
}

/**
 * The getInfo profile of a session, when its entry is current (loaded under `stamp`, the auth
 * stamp now: `authStamp`, else `refreshAuthStamp`'s); else undefined (the caller reads the database).
 */
export function currentProfile(store: SessionStore, sid: string, stamp: string): SessionProfile | undefined {
  const entry = stateOf(store).sessions.get(sid);
  return entry && entry.version === stamp ? entry.profile : undefined;
}

/** Counts one resolveSession lookup of `store`: served from the cache (`hit`) or loaded afresh. */
export function noteSessionLookup(store: SessionStore, hit: boolean): void {
  stateOf(store).counter.note(hit);
}

/** The cached sessions of `store` (session id → entry) and the lookup counts (monitoring). */
export function sessionCacheView(store: SessionStore): { sessions: ReadonlyMap<string, CachedSession>; stats: CacheStats } {
  const s = stateOf(store);
  return { sessions: s.sessions, stats: s.counter.snapshot() };
}

/** Drops every remembered token and session of `store` (tests; a key change; 缓存监控's clear): each is loaded again from its row. */
export function clearSessionCache(store: SessionStore): void {
  const s = states.get(store);
  s?.tokens.clear();
  s?.sessions.clear();
}
