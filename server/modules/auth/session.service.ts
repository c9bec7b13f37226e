/**
 * Sessions (reference §1 "Login, token, session"; api-contract "Session"): a row per sign-in in
 * `sys_session` with a 30-minute idle expiry slid forward on every authenticated use, and a JWT
 * (jose, HS256) that carries only the session id. Logout or force-logout deletes the row, so the
 * same token then answers 401. What each request needs is remembered per session in memory and
 * checked against the auth version (./session-cache.ts, issue 15).
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AppDeps, ClientInfo } from '../../deps';
import { AppError } from '../../core/errors';
import { isSuperAdmin, type LoginUser } from '../../core/authz';
import { formatDateTime } from '../../../shared/utils/date';
import { parseUserAgent } from '../../core/user-agent';
import { findDept, findMenuPermsByRole, findUserById, findUserRoles, type RoleRow, type UserRow } from './auth.repo';
import { deleteSession, findSession, findSessionExpiry, insertSession } from './session.repo';
import {
  SESSION_IDLE_MS, authStamp, cachedSession, forgetSession, knownTokenSession, noteSessionLookup, refreshAuthStamp, rememberToken, slide,
  storeSession, type CachedSession,
} from './session-cache';

export { SESSION_IDLE_MS } from './session-cache';
const EXPIRED = '登录状态已过期';

/**
 * Stores a new session for `user` and returns its signed token (remembered as verified:
 * ./session-cache.ts). The row's insert and `alongside` (the caller's other writes of the
 * sign-in) are one `store.transaction`; the token is signed after its commit.
 */
export async function openSession(deps: AppDeps, user: UserRow, client: ClientInfo, alongside?: () => Promise<void>): Promise<string> {
  const { store } = deps;
  const now = deps.clock.now();
  const sessionId = crypto.randomUUID();
  const ua = parseUserAgent(client.userAgent);
  const deptName = (await findDept(store, user.deptId))?.deptName ?? '';
  await store.transaction(async () => {
    await insertSession(store, {
      sessionId,
      userId: user.userId,
      userName: user.userName,
      deptName,
      ipaddr: client.ip,
      loginLocation: '',
      browser: ua.browser,
      os: ua.os,
      loginTime: formatDateTime(now),
      expireTime: now + SESSION_IDLE_MS,
    });
    if (alongside) await alongside();
  });
  const token = await new SignJWT({ login_user_key: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userName)
    .setIssuedAt(Math.floor(now / 1000))
    .sign(deps.keys.jwtKey);
  // The token just signed names this session: its first request needs no verify.
  rememberToken(deps.store, token, sessionId);
  return token;
}

/** The session id inside a token, or null when the token is malformed or not ours. */
export async function sessionIdOf(deps: AppDeps, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, deps.keys.jwtKey, { algorithms: ['HS256'] });
    return typeof payload.login_user_key === 'string' ? payload.login_user_key : null;
  } catch {
    return null;
  }
}

/**
 * Resolves a bearer token to the signed-in user, sliding the idle expiry forward
 * (./session-cache.ts: the token, user, roles and permissions are remembered per session and
 * reloaded when the auth version moves; the row's expiry is written at most once a minute).
 * Errors: AppError unauthorized (401) when the token is bad, the session ended or expired, or the user is gone
 * or disabled.
 */
export async function resolveSession(deps: AppDeps, token: string): Promise<LoginUser> {
  const { store } = deps;
  let sid = knownTokenSession(store, token);
  if (!sid) {
    sid = (await sessionIdOf(deps, token)) ?? undefined;
    if (!sid) throw new AppError('unauthorized', '认证失败，无法访问系统资源');
    rememberToken(store, token, sid);
  }
  return liveSession(deps, sid, true);
}

/**
 * The signed-in user of session `sid` (resolveSession's work after the token). `slideExpiry`
 * false: the session is only checked, its idle expiry not moved (a file cookie's use, issue 41
 * §3: showing images keeps no session alive). A current cached entry is returned as is, without
 * a promise (the hot path of every authenticated request); the auth version's poll, a miss and
 * the lease write return a promise. Errors (thrown or rejected): AppError('unauthorized',
 * 登录状态已过期) (401) when the session ended or expired, or the user is gone or disabled.
 */
export function liveSession(deps: AppDeps, sid: string, slideExpiry: boolean): LoginUser | Promise<LoginUser> {
  const now = deps.clock.now();
  const version = authStamp(deps.store, now);
  if (version === undefined) {
    return refreshAuthStamp(deps.store, now).then((v) => checkedSession(deps, sid, v, now, slideExpiry));
  }
  return checkedSession(deps, sid, version, now, slideExpiry);
}

/** liveSession under auth stamp `version`: the cached entry when current and not expired, else loadSession. */
function checkedSession(deps: AppDeps, sid: string, version: string, now: number, slideExpiry: boolean): LoginUser | Promise<LoginUser> {
  const { store } = deps;
  const entry = cachedSession(store, sid);
  const hit = !!entry && entry.version === version && now < entry.expireAt;
  noteSessionLookup(store, hit);
  if (hit && entry) {
    const write = slideExpiry ? slide(deps.store, sid, entry, now) : undefined;
    return write ? write.then(() => entry.login) : entry.login;
  }
  return loadSession(deps, sid, version, entry, now, slideExpiry);
}

/** Deletes the row of an ended session (one store.transaction), forgets it and refuses: 登录状态已过期. */
async function endedSession(deps: AppDeps, sid: string, hasRow: boolean): Promise<never> {
  forgetSession(deps.store, sid);
  if (hasRow) await deps.store.transaction(() => deleteSession(deps.store, sid));
  throw new AppError('unauthorized', EXPIRED);
}

/** The slow path of liveSession: reads the row, user, roles and permissions and caches them. */
async function loadSession(deps: AppDeps, sid: string, version: string, previous: CachedSession | undefined, now: number, slideExpiry: boolean): Promise<LoginUser> {
  const { store } = deps;
  const row = await findSessionExpiry(store, sid);
  // Only this process wrote the row since it last looked: its own in-memory expiry is exact.
  // Otherwise the row decides (another process may have served the session meanwhile).
  const expiry = row && previous && row.expireTime === previous.storedExpire ? previous.expireAt : row?.expireTime;
  if (!row || expiry === undefined || expiry <= now) return endedSession(deps, sid, !!row);
  const user = await findUserById(store, row.userId);
  if (!user || user.delFlag !== '0' || user.status !== '0') return endedSession(deps, sid, true);
  const roles = await findUserRoles(store, user.userId);
  const dept = await findDept(store, user.deptId);
  const { password: _password, ...publicUser } = user;
  const entry: CachedSession = {
    version,
    login: await buildLoginUser(deps, user, sid, roles, dept?.deptName ?? ''),
    profile: { user: publicUser, dept: dept ? { deptId: dept.deptId, deptName: dept.deptName, leader: dept.leader } : null, roles },
    expireAt: slideExpiry ? now + SESSION_IDLE_MS : expiry,
    storedExpire: row.expireTime,
  };
  if (slideExpiry) await slide(store, sid, entry, now);
  storeSession(store, sid, entry);
  return entry.login;
}

/** Builds the LoginUser of a user row: enabled roles, role keys and permissions (read through the store). */
export async function loadLoginUser(deps: Pick<AppDeps, 'store'>, user: UserRow, sessionId: string): Promise<LoginUser> {
  const roles = await findUserRoles(deps.store, user.userId);
  const dept = await findDept(deps.store, user.deptId);
  return buildLoginUser(deps, user, sessionId, roles, dept?.deptName ?? '');
}

/**
 * LoginUser from the rows: enabled roles only, each with its own permission strings (the data
 * scope asks per role, core/data-scope.ts); frozen, because one object serves many requests.
 */
async function buildLoginUser(deps: Pick<AppDeps, 'store'>, user: UserRow, sessionId: string, allRoles: RoleRow[], deptName: string): Promise<LoginUser> {
  const roles = allRoles.filter((r) => r.status === '0');
  const keys = roles.map((r) => r.roleKey);
  const admin = isSuperAdmin(user.userId, keys);
  const perRole = await findMenuPermsByRole(deps.store, roles.map((r) => r.roleId));
  return deepFreeze({
    sessionId,
    userId: user.userId,
    userName: user.userName,
    nickName: user.nickName,
    deptId: user.deptId,
    deptName,
    roles: roles.map((r) => ({ roleId: r.roleId, roleKey: r.roleKey, dataScope: r.dataScope, status: r.status, perms: perRole.get(r.roleId) ?? [] })),
    roleKeys: admin ? ['admin'] : keys,
    permissions: admin ? ['*:*:*'] : [...new Set([...perRole.values()].flat())].sort(),
    admin,
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Ends the session of a token (its row read and deleted in one store.transaction, its cache entry
 * forgotten); unknown or bad tokens end nothing. Returns the session's user name, or null.
 */
export async function closeSession(deps: AppDeps, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const sid = await sessionIdOf(deps, token);
  if (!sid) return null;
  const { store } = deps;
  const row = await store.transaction(async () => {
    const found = await findSession(store, sid);
    await deleteSession(store, sid);
    return found;
  });
  forgetSession(deps.store, sid);
  return row?.userName ?? null;
}
