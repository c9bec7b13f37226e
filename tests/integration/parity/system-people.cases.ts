/**
 * Parity cases of the user, role and profile rows. The cases share one database and run in row
 * order, so writes are either idempotent (the same change twice) or refused the same way on
 * both surfaces (compared with `settle`). File rows answer binary on success, so their cases
 * compare a refusal (bad input, or no session).
 */
import { extras, settle, table, type ParityCase } from '../../helpers/parity';

/** The envelope of a `data` row as `settle` sees the procedure: its data, or `{error}`. */
const done = (e: Record<string, any>) => (e.code === 200 ? (e.data ?? null) : { error: e.msg });
/** The procedure's result the way `done` reads the envelope. */
const ok = (p: Promise<unknown>) => settle(p).then((v) => v ?? null);
/** An ajax row's extras, or `{error}`. */
const ajax = (e: Record<string, any>) => (e.code === 200 ? extras(e) : { error: e.msg });
/** A refusal; the REST 401 text carries the request path, tRPC's does not. */
const refusal = (e: Record<string, any>) => ({ error: String(e.msg).replace(/^请求访问：.*?，/, '') });

export const systemPeopleCases: Record<string, ParityCase> = {
  // Users
  'GET /system/user/list': {
    url: '/system/user/list?pageNum=1&pageSize=5&deptId=101',
    trpc: (c) => c.system.user.list({ pageNum: 1, pageSize: 5, deptId: 101 }), pick: table,
  },
  'GET /system/user/deptTree': { url: '/system/user/deptTree', trpc: (c) => c.system.user.deptTree(), pick: (e) => e.data },
  'GET /system/user/authRole/:userId': {
    url: '/system/user/authRole/2', trpc: (c) => c.system.user.authRole({ userId: 2 }), pick: extras,
  },
  'POST /system/user/authRole': {
    url: '/system/user/authRole?userId=2&roleIds=2', trpc: (c) => ok(c.system.user.saveAuthRole({ userId: 2, roleIds: [2] })), pick: done,
  },
  'GET /system/user/:userId': { url: '/system/user/2', trpc: (c) => c.system.user.get({ userId: 2 }), pick: extras },
  'POST /system/user': {
    url: '/system/user', body: { userName: 'admin', nickName: 'x', password: 'abcdef' },
    trpc: (c) => ok(c.system.user.add({ userName: 'admin', nickName: 'x', password: 'abcdef' })), pick: done,
  },
  'POST /system/user/update': {
    url: '/system/user/update', body: { userId: 2, nickName: '若依', phonenumber: '15666666666' },
    trpc: (c) => ok(c.system.user.update({ userId: 2, nickName: '若依', phonenumber: '15666666666' })), pick: done,
  },
  'POST /system/user/delete/:userIds': {
    url: '/system/user/delete/1', trpc: (c) => ok(c.system.user.remove({ userIds: [1] })), pick: done,
  },
  'POST /system/user/resetPwd': {
    url: '/system/user/resetPwd', body: { userId: 1, password: 'admin123' },
    trpc: (c) => ok(c.system.user.resetPwd({ userId: 1, password: 'admin123' })), pick: done,
  },
  'POST /system/user/changeStatus': {
    url: '/system/user/changeStatus', body: { userId: 2, status: '0' },
    trpc: (c) => ok(c.system.user.changeStatus({ userId: 2, status: '0' })), pick: done,
  },
  'POST /system/user/export': {
    url: '/system/user/export', body: { status: '9' }, trpc: (c) => settle(c.system.user.export({ status: '9' as '0' })), pick: refusal,
  },
  'POST /system/user/importData': {
    url: '/system/user/importData?updateSupport=true',
    trpc: (c) => settle(c.system.user.importData({ updateSupport: 'true' } as never)), pick: refusal,
  },
  'POST /system/user/importTemplate': {
    url: '/system/user/importTemplate', anonymous: true, trpc: (c) => settle(c.system.user.importTemplate()), pick: refusal,
  },

  // Profile
  'GET /system/user/profile': { url: '/system/user/profile', trpc: (c) => c.system.profile.get(), pick: extras },
  'POST /system/user/profile/update': {
    url: '/system/user/profile/update', body: { nickName: '若依', email: 'ry@163.com', phonenumber: '15888888888', sex: '1' },
    trpc: (c) => ok(c.system.profile.update({ nickName: '若依', email: 'ry@163.com', phonenumber: '15888888888', sex: '1' })), pick: done,
  },
  'POST /system/user/profile/updatePwd': {
    url: '/system/user/profile/updatePwd?oldPassword=wrong12&newPassword=abcdef12',
    trpc: (c) => ok(c.system.profile.updatePwd({ oldPassword: 'wrong12', newPassword: 'abcdef12' })), pick: done,
  },
  'POST /system/user/profile/avatar': {
    url: '/system/user/profile/avatar', trpc: (c) => settle(c.system.profile.avatar({} as never)), pick: refusal,
  },

  // Roles
  'GET /system/role/list': {
    url: '/system/role/list?pageNum=1&pageSize=10&status=0', trpc: (c) => c.system.role.list({ pageNum: 1, pageSize: 10, status: '0' }), pick: table,
  },
  'GET /system/role/optionselect': { url: '/system/role/optionselect', trpc: (c) => c.system.role.optionselect(), pick: (e) => e.data },
  'GET /system/role/authUser/allocatedList': {
    url: '/system/role/authUser/allocatedList?roleId=2&pageNum=1&pageSize=10',
    trpc: (c) => c.system.role.allocatedList({ roleId: 2, pageNum: 1, pageSize: 10 }), pick: table,
  },
  'GET /system/role/authUser/unallocatedList': {
    url: '/system/role/authUser/unallocatedList?roleId=2&userName=adm',
    trpc: (c) => c.system.role.unallocatedList({ roleId: 2, userName: 'adm' }), pick: table,
  },
  'POST /system/role/authUser/cancel': {
    url: '/system/role/authUser/cancel', body: { userId: 1, roleId: 1 },
    trpc: (c) => ok(c.system.role.cancelAuthUser({ userId: 1, roleId: 1 })), pick: done,
  },
  'POST /system/role/authUser/cancelAll': {
    url: '/system/role/authUser/cancelAll?roleId=2&userIds=', trpc: (c) => ok(c.system.role.cancelAuthUserAll({ roleId: 2, userIds: [] })), pick: done,
  },
  'POST /system/role/authUser/selectAll': {
    url: '/system/role/authUser/selectAll?roleId=2&userIds=2', trpc: (c) => ok(c.system.role.selectAuthUserAll({ roleId: 2, userIds: [2] })), pick: done,
  },
  'GET /system/role/deptTree/:roleId': { url: '/system/role/deptTree/2', trpc: (c) => c.system.role.deptTree({ roleId: 2 }), pick: ajax },
  'GET /system/role/parkTree/:roleId': { url: '/system/role/parkTree/2', trpc: (c) => c.system.role.parkTree({ roleId: 2 }), pick: ajax },
  'GET /system/role/:roleId': { url: '/system/role/2', trpc: (c) => ok(c.system.role.get({ roleId: 2 })), pick: done },
  'POST /system/role': {
    url: '/system/role', body: { roleName: '普通角色', roleKey: 'other', roleSort: 3 },
    trpc: (c) => ok(c.system.role.add({ roleName: '普通角色', roleKey: 'other', roleSort: 3 })), pick: done,
  },
  'POST /system/role/update': {
    url: '/system/role/update', body: { roleId: 1, roleName: '超级管理员', roleKey: 'admin', roleSort: 1 },
    trpc: (c) => ok(c.system.role.update({ roleId: 1, roleName: '超级管理员', roleKey: 'admin', roleSort: 1 })), pick: done,
  },
  'POST /system/role/dataScope': {
    url: '/system/role/dataScope', body: { roleId: 2, dataScope: '2', deptIds: [100, 101, 105] },
    trpc: (c) => ok(c.system.role.dataScope({ roleId: 2, dataScope: '2', deptIds: [100, 101, 105] })), pick: done,
  },
  'POST /system/role/changeStatus': {
    url: '/system/role/changeStatus', body: { roleId: 2, status: '0' },
    trpc: (c) => ok(c.system.role.changeStatus({ roleId: 2, status: '0' })), pick: done,
  },
  'POST /system/role/delete/:roleIds': {
    url: '/system/role/delete/2', trpc: (c) => ok(c.system.role.remove({ roleIds: [2] })), pick: done,
  },
  'POST /system/role/export': {
    url: '/system/role/export', body: { status: '9' }, trpc: (c) => settle(c.system.role.export({ status: '9' as '0' })), pick: refusal,
  },
};
