/**
 * `getInfo` (reference §2 Session; spec §4): the user without password (with dept and roles),
 * role keys (empty → `ROLE_DEFAULT`) and permission strings. The user, dept and roles come from
 * the session cache when its entry is current (./session-cache.ts), else from the database.
 */
import type { AppDeps } from '../../deps';
import type { LoginUser } from '../../core/authz';
import { AppError } from '../../core/errors';
import type { GetInfoReply, SessionUser } from '../../../shared/schemas/auth';
import { findDept, findUserById, findUserRoles } from './auth.repo';
import { currentProfile, type SessionProfile } from './session-cache';

/** The profile from the database (a caller without a cached session, e.g. a server-side caller). */
function readProfile(deps: Pick<AppDeps, 'db'>, login: LoginUser): SessionProfile {
  const user = findUserById(deps.db, login.userId);
  if (!user) throw new AppError('unauthorized', '登录状态已过期');
  const dept = findDept(deps.db, user.deptId);
  return { user, dept: dept ? { deptId: dept.deptId, deptName: dept.deptName, leader: dept.leader } : null, roles: findUserRoles(deps.db, user.userId) };
}

export function getInfo(deps: Pick<AppDeps, 'db' | 'clock'>, login: LoginUser): GetInfoReply {
  const { user, dept, roles } = currentProfile(deps.db, login.sessionId, deps.clock.now()) ?? readProfile(deps, login);
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
