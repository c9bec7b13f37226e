/**
 * `getInfo` (reference §2 Session; spec §4): the user without password (with dept and roles),
 * role keys (empty → `ROLE_DEFAULT`) and permission strings.
 */
import type { AppDeps } from '../../core/deps';
import type { LoginUser } from '../../core/authz';
import { AppError } from '../../core/errors';
import type { GetInfoReply, SessionUser } from '../../../shared/schemas/auth';
import { findDept, findUserById, findUserRoles } from './auth.repo';

export function getInfo(deps: Pick<AppDeps, 'db'>, login: LoginUser): GetInfoReply {
  const user = findUserById(deps.db, login.userId);
  if (!user) throw new AppError(401, '登录状态已过期');
  const dept = findDept(deps.db, user.deptId);
  const roles = findUserRoles(deps.db, user.userId);
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
