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
import type { Db } from '../../db/client';
import { findDept, findMenuPermsByRole, findUserById, findUserRoles, type RoleRow, type UserRow } from './auth.repo';
import { deleteSession, findSession, insertSession } from './session.repo';
import {
  SESSION_IDLE_MS, authStamp, cachedSession, forgetSession, knownTokenSession, noteSessionLookup, rememberToken, sessionRow, slide, storeSession,
  type CachedSession,
} from './session-cache';

export { SESSION_IDLE_MS } from './session-cache';
const EXPIRED = '登录状态已过期';

/** Stores a new session for `user` and returns its signed token (remembered as verified: ./session-cache.ts). */
export async function openSession(deps: AppDeps, user: UserRow, client: ClientInfo): Promise<string> {
  const now = deps.clock.now();
  const sessionId = crypto.randomUUID();
  const ua = parseUserAgent(client.userAgent);
  insertSession(deps.db, {
    sessionId,
    userId: user.userId,
    userName: user.userName,
    deptName: findDept(deps.db, user.deptId)?.deptName ?? '',
    ipaddr: client.ip,
    loginLocation: '',
    browser: ua.browser,
    os: ua.os,
    loginTime: formatDateTime(now),
    expireTime: now + SESSION_IDLE_MS,
  });
  const token = await new SignJWT({ login_user_key: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userName)
    .setIssuedAt(Math.floor(now / 1000))
    .sign(deps.keys.jwtKey);
  // The token just signed names this session: its first request needs no verify.
  rememberToken(deps.db, token, sessionId);
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
  const { db } = deps;
  let sid = knownTokenSession(db, token);
  if (!sid) {
    sid = (await sessionIdOf(deps, token)) ?? undefined;
    if (!sid) throw new AppError('unauthorized', '认证失败，无法访问系统资源');
    rememberToken(db, token, sid);
  }
  return liveSession(deps, sid, true);
}

/**
 * The signed-in user of session `sid` (resolveSession's work after the token). `slideExpiry`
 * false: the session is only checked, its idle expiry not moved (a file cookie's use, issue 41
 * §3: showing images keeps no session alive). Errors: AppError('unauthorized', 登录状态已过期) (401)
 * when the session ended or expired, or the user is gone or disabled.
 */
export function liveSession(deps: AppDeps, sid: string, slideExpiry: boolean): LoginUser {
  const { db } = deps;
  const now = deps.clock.now();
  const version = authStamp(db, now);
  const entry = cachedSession(db, sid);
  const hit = !!entry && entry.version === version && now < entry.expireAt;
  noteSessionLookup(db, hit);
  if (hit && entry) {
    if (slideExpiry) slide(db, sid, entry, now);
    return entry.login;
  }
  return loadSession(deps, sid, version, entry, now, slideExpiry);
}

/** The slow path of liveSession: reads the row, user, roles and permissions and caches them. */
function loadSession(deps: AppDeps, sid: string, version: string, previous: CachedSession | undefined, now: number, slideExpiry: boolean): LoginUser {
  const { db } = deps;
  const row = sessionRow(db, sid);
  // Only this process wrote the row since it last looked: its own in-memory expiry is exact.
  // Otherwise the row decides (another process may have served the session meanwhile).
  const expiry = row && previous && row.expireTime === previous.storedExpire ? previous.expireAt : row?.expireTime;
  if (!row || expiry === undefined || expiry <= now) {
    forgetSession(db, sid);
    if (row) deleteSession(db, sid);
    throw new AppError('unauthorized', EXPIRED);
  }
  const user = findUserById(db, row.userId);
  if (!user || user.delFlag !== '0' || user.status !== '0') {
    forgetSession(db, sid);
    deleteSession(db, sid);
    throw new AppError('unauthorized', EXPIRED);
  }
  const roles = findUserRoles(db, user.userId);
  const dept = findDept(db, user.deptId);
  const { password: _password, ...publicUser } = user;
  const entry: CachedSession = {
    version,
    login: buildLoginUser(db, user, sid, roles, dept?.deptName ?? ''),
    profile: { user: publicUser, dept: dept ? { deptId: dept.deptId, deptName: dept.deptName, leader: dept.leader } : null, roles },
    expireAt: slideExpiry ? now + SESSION_IDLE_MS : expiry,
    storedExpire: row.expireTime,
  };
  if (slideExpiry) slide(db, sid, entry, now);
  storeSession(db, sid, entry);
  return entry.login;
}

/** Builds the LoginUser of a user row: enabled roles, role keys and permissions. */
export function loadLoginUser(deps: Pick<AppDeps, 'db'>, user: UserRow, sessionId: string): LoginUser {
  return buildLoginUser(deps.db, user, sessionId, findUserRoles(deps.db, user.userId), findDept(deps.db, user.deptId)?.deptName ?? '');
}

/**
 * LoginUser from the rows: enabled roles only, each with its own permission strings (the data
 * scope asks per role, core/data-scope.ts); frozen, because one object serves many requests.
 */
function buildLoginUser(db: Db, user: UserRow, sessionId: string, allRoles: RoleRow[], deptName: string): LoginUser {
  const roles = allRoles.filter((r) => r.status === '0');
  const keys = roles.map((r) => r.roleKey);
  const admin = isSuperAdmin(user.userId, keys);
  const perRole = findMenuPermsByRole(db, roles.map((r) => r.roleId));
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

/** Ends the session of a token; unknown or bad tokens end nothing. Returns the user name. */
export async function closeSession(deps: AppDeps, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const sid = await sessionIdOf(deps, token);
  if (!sid) return null;
  const row = findSession(deps.db, sid);
  deleteSession(deps.db, sid);
  forgetSession(deps.db, sid);
  return row?.userName ?? null;
}
