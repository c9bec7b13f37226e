/**
 * System rows for users, roles and profile (platform spec §7 Users, Roles; api-contract "Verbs":
 * the spec's `POST /x`, `POST /x/update`, `POST /x/delete/{ids}` forms, with RuoYi's `PUT` /
 * `DELETE` forms as aliases of the same rows).
 */
import { idList, type RestRoute } from '../table';

/** A comma-joined id list from a path or query, or an array from a JSON body. */
const ids = (v: unknown) => (Array.isArray(v) ? v : idList(v));
const withIds = (key: string) => (raw: Record<string, unknown>) => ({ ...raw, [key]: ids(raw[key]) });

const U = '/system/user';
const R = '/system/role';

export const systemPeopleRoutes: RestRoute[] = [
  // Users
  { method: 'GET', path: `${U}/list`, procedure: 'system.user.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: `${U}/deptTree`, procedure: 'system.user.deptTree', envelope: 'data' },
  { method: 'GET', path: `${U}/authRole/:userId`, procedure: 'system.user.authRole', input: ['params'], envelope: 'ajax' },
  {
    method: 'POST', path: `${U}/authRole`, procedure: 'system.user.saveAuthRole', input: ['query', 'body'], mapInput: withIds('roleIds'),
    envelope: 'data', aliases: [{ method: 'PUT', path: `${U}/authRole` }],
  },
  {
    method: 'GET', path: `${U}/:userId`, procedure: 'system.user.get', input: ['params'], envelope: 'ajax',
    aliases: [{ method: 'GET', path: `${U}/` }],
  },
  { method: 'POST', path: U, procedure: 'system.user.add', input: ['body'], envelope: 'data' },
  { method: 'POST', path: `${U}/update`, procedure: 'system.user.update', input: ['body'], envelope: 'data', aliases: [{ method: 'PUT', path: U }] },
  {
    method: 'POST', path: `${U}/delete/:userIds`, procedure: 'system.user.remove', input: ['params'], mapInput: withIds('userIds'),
    envelope: 'data', aliases: [{ method: 'DELETE', path: `${U}/:userIds` }],
  },
  { method: 'POST', path: `${U}/resetPwd`, procedure: 'system.user.resetPwd', input: ['body'], envelope: 'data', aliases: [{ method: 'PUT', path: `${U}/resetPwd` }] },
  {
    method: 'POST', path: `${U}/changeStatus`, procedure: 'system.user.changeStatus', input: ['body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: `${U}/changeStatus` }],
  },
  { method: 'POST', path: `${U}/export`, procedure: 'system.user.export', input: ['query', 'body'], envelope: 'file' },
  { method: 'POST', path: `${U}/importData`, procedure: 'system.user.importData', input: ['query', 'multipart'], envelope: 'ajax' },
  { method: 'POST', path: `${U}/importTemplate`, procedure: 'system.user.importTemplate', envelope: 'file' },

  // Profile
  { method: 'GET', path: `${U}/profile`, procedure: 'system.profile.get', envelope: 'ajax' },
  {
    method: 'POST', path: `${U}/profile/update`, procedure: 'system.profile.update', input: ['body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: `${U}/profile` }],
  },
  {
    method: 'POST', path: `${U}/profile/updatePwd`, procedure: 'system.profile.updatePwd', input: ['query', 'body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: `${U}/profile/updatePwd` }],
  },
  { method: 'POST', path: `${U}/profile/avatar`, procedure: 'system.profile.avatar', input: ['multipart'], envelope: 'ajax' },

  // Roles
  { method: 'GET', path: `${R}/list`, procedure: 'system.role.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: `${R}/optionselect`, procedure: 'system.role.optionselect', envelope: 'data' },
  { method: 'GET', path: `${R}/authUser/allocatedList`, procedure: 'system.role.allocatedList', input: ['query'], envelope: 'table' },
  { method: 'GET', path: `${R}/authUser/unallocatedList`, procedure: 'system.role.unallocatedList', input: ['query'], envelope: 'table' },
  {
    method: 'POST', path: `${R}/authUser/cancel`, procedure: 'system.role.cancelAuthUser', input: ['query', 'body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: `${R}/authUser/cancel` }],
  },
  {
    method: 'POST', path: `${R}/authUser/cancelAll`, procedure: 'system.role.cancelAuthUserAll', input: ['query', 'body'],
    mapInput: withIds('userIds'), envelope: 'data', aliases: [{ method: 'PUT', path: `${R}/authUser/cancelAll` }],
  },
  {
    method: 'POST', path: `${R}/authUser/selectAll`, procedure: 'system.role.selectAuthUserAll', input: ['query', 'body'],
    mapInput: withIds('userIds'), envelope: 'data', aliases: [{ method: 'PUT', path: `${R}/authUser/selectAll` }],
  },
  { method: 'GET', path: `${R}/deptTree/:roleId`, procedure: 'system.role.deptTree', input: ['params'], envelope: 'ajax' },
  { method: 'GET', path: `${R}/parkTree/:roleId`, procedure: 'system.role.parkTree', input: ['params'], envelope: 'ajax' },
  { method: 'GET', path: `${R}/:roleId`, procedure: 'system.role.get', input: ['params'], envelope: 'data' },
  { method: 'POST', path: R, procedure: 'system.role.add', input: ['body'], envelope: 'data' },
  { method: 'POST', path: `${R}/update`, procedure: 'system.role.update', input: ['body'], envelope: 'data', aliases: [{ method: 'PUT', path: R }] },
  {
    method: 'POST', path: `${R}/dataScope`, procedure: 'system.role.dataScope', input: ['body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: `${R}/dataScope` }],
  },
  {
    method: 'POST', path: `${R}/changeStatus`, procedure: 'system.role.changeStatus', input: ['body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: `${R}/changeStatus` }],
  },
  {
    method: 'POST', path: `${R}/delete/:roleIds`, procedure: 'system.role.remove', input: ['params'], mapInput: withIds('roleIds'),
    envelope: 'data', aliases: [{ method: 'DELETE', path: `${R}/:roleIds` }],
  },
  { method: 'POST', path: `${R}/export`, procedure: 'system.role.export', input: ['query', 'body'], envelope: 'file' },
];
