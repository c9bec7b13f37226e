/**
 * `getInfo` (reference §2 Session; spec §4): the user without password (with dept and roles),
 * role keys (empty → `ROLE_DEFAULT`) and permission strings. The user, dept and roles come from
 * the session cache when its entry is current (./session-cache.ts), else from the database
 * through the async store (issue 43).
 */
import type { AppDeps } from '../../deps';
import type { LoginUser } from '../../core/authz';
import { AppError } from '../../core/errors';
import type { GetInfoReply, SessionUser } from '../../../shared/schemas/auth';
import { findDept, findUserById, findUserRoles } from './auth.repo';
import { authStamp, currentProfile, refreshAuthStamp, type SessionProfile } from './session-cache';

/** The profile from the database (a caller without a current cached session, e.g. a server-side caller). */
async function readProfile(deps: Pick<AppDeps, 'store'>, login: LoginUser): Promise<SessionProfile> {
  const user = await findUserById(deps.store, login.userId);
  if (!user) throw new AppError('unauthorized', '登录状态已过期');
  const dept = await findDept(deps.store, user.deptId);
  return { user, dept: dept ? { deptId: dept.deptId, deptName: dept.deptName, leader: dept.leader } : null, roles: await findUserRoles(deps.store, user.userId) };
}

/**
 * `GET /getInfo` → `{user, roles, permissions}` of the signed-in user: the user without its
 * password, with dept and every role (enabled or not), role keys (empty → `ROLE_DEFAULT`) and
 * permission strings. Answered without a promise from a current session-cache entry (the hot
 * path), else read through the store (the auth version's poll, when due, too). Errors: AppError
 * unauthorized 登录状态已过期 when the user is gone.
 */
export function getInfo(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>, login: LoginUser): GetInfoReply | Promise<GetInfoReply> {
  const now = deps.clock.now();
  const stamp = authStamp(deps.store, now);
  if (stamp === undefined) return refreshAuthStamp(deps.store, now).then((fresh) => infoUnder(deps, login, fresh));
  return infoUnder(deps, login, stamp);
}

/** getInfo under auth stamp `stamp`: the cached profile when current, else the database's. */
function infoUnder(deps: Pick<AppDeps, 'db' | 'store'>, login: LoginUser, stamp: string): GetInfoReply | Promise<GetInfoReply> {
  const cached = currentProfile(deps.store, login.sessionId, stamp);
  return cached ? infoReply(cached, login) : readProfile(deps, login).then((p) => infoReply(p, login));
}

/** The getInfo reply of a profile and the signed-in user. */
function infoReply({ user, dept, roles }: SessionProfile, login: LoginUser): GetInfoReply {
  const sessionUser: SessionUser = {
    userId: user.userId,
    deptId: user.deptId,
    userName: user.userName,
    nickName: user.nickName,
    email: user.email,
    phonenumber: user.phonenumber,
    sex: user.sex,
    avatar: user.avatar,
    status: user.status,
    loginIp: user.loginIp,
    loginDate: user.loginDate,
    createTime: user.createTime,
    remark: user.remark,
    dept: dept ? { deptId: dept.deptId, deptName: dept.deptName, leader: dept.leader } : null,
    roles: roles.map((r) => ({ roleId: r.roleId, roleName: r.roleName, roleKey: r.roleKey, roleSort: r.roleSort, dataScope: r.dataScope, status: r.status })),
    admin: login.admin,
  };
  return {
    user: sessionUser,
    roles: login.roleKeys.length > 0 ? login.roleKeys : ['ROLE_DEFAULT'],
    permissions: login.permissions,
  };
}
