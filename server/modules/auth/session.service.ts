/**
 * Sessions (reference §1 "Login, token, session"; api-contract "Session"): a row per sign-in in
 * `sys_session` with a 30-minute idle expiry slid forward on every authenticated use, and a JWT
 * (jose, HS256) that carries only the session id. Logout or force-logout deletes the row, so the
 * same token then answers 401.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { AppDeps, ClientInfo } from '../../core/deps';
import { sysSession } from '../../db/schema';
import { AppError } from '../../core/errors';
import { isSuperAdmin, type LoginUser } from '../../core/authz';
import { formatDateTime } from '../../../shared/utils/date';
import { parseUserAgent } from '../../core/user-agent';
import { findDept, findMenuPerms, findUserById, findUserRoles, type UserRow } from './auth.repo';

export const SESSION_IDLE_MS = 30 * 60 * 1000;
const EXPIRED = '登录状态已过期';

/** Stores a new session for `user` and returns its signed token. */
export async function openSession(deps: AppDeps, user: UserRow, client: ClientInfo): Promise<string> {
  const now = deps.clock.now();
  const sessionId = crypto.randomUUID();
  const ua = parseUserAgent(client.userAgent);
  deps.db.insert(sysSession).values({
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
  }).run();
  return new SignJWT({ login_user_key: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.userName)
    .setIssuedAt(Math.floor(now / 1000))
    .sign(deps.keys.jwtKey);
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
 * Resolves a bearer token to the signed-in user, sliding the idle expiry forward.
 * Errors: AppError 401 when the token is bad, the session ended or expired, or the user is gone
 * or disabled.
 */
export async function resolveSession(deps: AppDeps, token: string): Promise<LoginUser> {
  const sid = await sessionIdOf(deps, token);
  if (!sid) throw new AppError(401, '认证失败，无法访问系统资源');
  const now = deps.clock.now();
  const row = deps.db.select().from(sysSession).where(eq(sysSession.sessionId, sid)).get();
  if (!row || row.expireTime <= now) {
    if (row) deps.db.delete(sysSession).where(eq(sysSession.sessionId, sid)).run();
    throw new AppError(401, EXPIRED);
  }
  const user = findUserById(deps.db, row.userId);
  if (!user || user.delFlag !== '0' || user.status !== '0') {
    deps.db.delete(sysSession).where(eq(sysSession.sessionId, sid)).run();
    throw new AppError(401, EXPIRED);
  }
  deps.db.update(sysSession).set({ expireTime: now + SESSION_IDLE_MS }).where(eq(sysSession.sessionId, sid)).run();
  return loadLoginUser(deps, user, sid);
}

/** Builds the LoginUser of a user row: enabled roles, role keys and permissions. */
export function loadLoginUser(deps: Pick<AppDeps, 'db'>, user: UserRow, sessionId: string): LoginUser {
  const roles = findUserRoles(deps.db, user.userId).filter((r) => r.status === '0');
  const keys = roles.map((r) => r.roleKey);
  const admin = isSuperAdmin(user.userId, keys);
  return {
    sessionId,
    userId: user.userId,
    userName: user.userName,
    nickName: user.nickName,
    deptId: user.deptId,
    deptName: findDept(deps.db, user.deptId)?.deptName ?? '',
    roles: roles.map((r) => ({ roleId: r.roleId, roleKey: r.roleKey, dataScope: r.dataScope, status: r.status })),
    roleKeys: admin ? ['admin'] : keys,
    permissions: admin ? ['*:*:*'] : findMenuPerms(deps.db, roles.map((r) => r.roleId)),
    admin,
  };
}

/** Ends the session of a token; unknown or bad tokens end nothing. Returns the user name. */
export async function closeSession(deps: AppDeps, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const sid = await sessionIdOf(deps, token);
  if (!sid) return null;
  const row = deps.db.select().from(sysSession).where(eq(sysSession.sessionId, sid)).get();
  deps.db.delete(sysSession).where(eq(sysSession.sessionId, sid)).run();
  return row?.userName ?? null;
}
