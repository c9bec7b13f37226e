/**
 * Role procedures (platform spec §7 Roles; reference §2 `/system/role`, §4 data scope; issue 3
 * "Parks"). Thin: input schema, permission (RuoYi's `system:role:*`), one service call. Writes
 * carry the operation-log meta (title 角色管理). Errors are AppErrors with the reference's texts:
 * notFound, invalid, conflict or refused (REST code 500; e.g. 没有权限访问角色数据！ outside the data
 * scope is refused), forbidden (403) without the permission, and invalid (500) naming the field for bad input.
 * The services are async (the store port, issue 43), the authUser lists and links
 * (role-auth.service.ts) included.
 */
import {
  authUserCancelAllInput, authUserCancelInput, authUserListInput, authUserSelectAllInput, roleAddInput, roleChangeStatusInput,
  roleDataScopeInput, roleIdInput, roleIdsInput, roleListInput, roleUpdateInput,
} from '../../../../shared/schemas/system/role';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { ajaxOutput } from '../../../trpc/output';
import {
  addRole, changeRoleStatus, exportRoles, getRole, removeRoles, roleList, roleOptions, ROLE_PERMS, saveDataScope, updateRoleInfo,
} from './role.service';
import { authUserList, cancelAuthUsers, roleDeptTree, roleParkTree, selectAuthUsers } from './role-auth.service';
import { withIds } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '角色管理', businessType } });

export const roleRouter = router({
  /** Paged `{rows, total}` by sort order; filters roleName, roleKey, status, date range; data-scoped. */
  list: permProcedure(ROLE_PERMS.list).input(roleListInput)
    .meta({ rest: { method: 'GET', path: '/system/role/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => roleList(ctx.deps, ctx.login, input)),

  /** `{roleId}` → the role, or undefined. Errors: 没有权限访问角色数据！ */
  get: permProcedure(ROLE_PERMS.query).input(roleIdInput)
    .meta({ rest: { method: 'GET', path: '/system/role/:roleId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => getRole(ctx.deps, ctx.login, input.roleId)),

  /** New role with menus. Errors: 新增角色'x'失败，角色名称已存在 / 角色权限已存在. */
  add: permProcedure(ROLE_PERMS.add).meta(log(1)).input(roleAddInput)
    .meta({ rest: { method: 'POST', path: '/system/role', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await addRole(ctx.deps, ctx.login, input); }),

  /** Edit (not role 1: 不允许操作超级管理员角色); 修改角色'x'失败…; menus replaced when given. */
  update: permProcedure(ROLE_PERMS.edit).meta(log(2)).input(roleUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/role/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/role' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await updateRoleInfo(ctx.deps, ctx.login, input); }),

  /** `{roleId, dataScope 1-5, deptIds (scope 2), parkIds?, deptCheckStrictly?}`. */
  dataScope: permProcedure(ROLE_PERMS.edit).meta(log(2)).input(roleDataScopeInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/role/dataScope', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/role/dataScope' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await saveDataScope(ctx.deps, ctx.login, input); }),

  /** `{roleId, status}`. */
  changeStatus: permProcedure(ROLE_PERMS.edit).meta(log(2)).input(roleChangeStatusInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/role/changeStatus', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/role/changeStatus' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await changeRoleStatus(ctx.deps, ctx.login, input.roleId, input.status); }),

  /** `{roleIds}` soft delete. Errors: `<name>已分配,不能删除`; 不允许操作超级管理员角色. */
  remove: permProcedure(ROLE_PERMS.remove).meta(log(3)).input(roleIdsInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/role/delete/:roleIds', input: ['params'], mapInput: withIds('roleIds'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/role/:roleIds' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await removeRoles(ctx.deps, ctx.login, input.roleIds); }),

  /** The list's filters → FileReply xlsx. */
  export: permProcedure(ROLE_PERMS.export).meta(log(5)).input(roleListInput)
    .meta({ rest: { method: 'POST', path: '/system/role/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => exportRoles(ctx.deps, ctx.login, input)),

  /** Every role in the caller's scope. */
  optionselect: permProcedure(ROLE_PERMS.query)
    .meta({ rest: { method: 'GET', path: '/system/role/optionselect', envelope: 'data' } })
    .query(({ ctx }) => roleOptions(ctx.deps, ctx.login)),

  /** `{roleId, userName?, phonenumber?, paging}` → `{rows, total}` of users holding the role. */
  allocatedList: permProcedure(ROLE_PERMS.list).input(authUserListInput)
    .meta({ rest: { method: 'GET', path: '/system/role/authUser/allocatedList', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => authUserList(ctx.deps, ctx.login, input, true)),

  /** Same filters → users not holding the role. */
  unallocatedList: permProcedure(ROLE_PERMS.list).input(authUserListInput)
    .meta({ rest: { method: 'GET', path: '/system/role/authUser/unallocatedList', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => authUserList(ctx.deps, ctx.login, input, false)),

  /** `{userId, roleId}` removes one link. */
  cancelAuthUser: permProcedure(ROLE_PERMS.edit).meta(log(4)).input(authUserCancelInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/role/authUser/cancel', input: ['query', 'body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/role/authUser/cancel' }],
      },
    })
    .mutation(({ ctx, input }) => cancelAuthUsers(ctx.deps, ctx.login, input.roleId, [input.userId])),

  /** `{roleId, userIds}` removes the links. */
  cancelAuthUserAll: permProcedure(ROLE_PERMS.edit).meta(log(4)).input(authUserCancelAllInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/role/authUser/cancelAll', input: ['query', 'body'], mapInput: withIds('userIds'), envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/role/authUser/cancelAll' }],
      },
    })
    .mutation(({ ctx, input }) => cancelAuthUsers(ctx.deps, ctx.login, input.roleId, input.userIds)),

  /** `{roleId, userIds}` adds the links. Errors: 请选择要分配的用户 when empty. */
  selectAuthUserAll: permProcedure(ROLE_PERMS.edit).meta(log(4)).input(authUserSelectAllInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/role/authUser/selectAll', input: ['query', 'body'], mapInput: withIds('userIds'), envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/role/authUser/selectAll' }],
      },
    })
    .mutation(({ ctx, input }) => selectAuthUsers(ctx.deps, ctx.login, input.roleId, input.userIds)),

  /** `{roleId}` → `{checkedKeys, halfCheckedKeys, depts}` (issue 38 §8, grant-keys.ts). */
  deptTree: permProcedure(ROLE_PERMS.query).input(roleIdInput)
    .meta({ rest: { method: 'GET', path: '/system/role/deptTree/:roleId', input: ['params'], envelope: 'ajax' } })
    .output(ajaxOutput<Awaited<ReturnType<typeof roleDeptTree>>>())
    .query(({ ctx, input }) => roleDeptTree(ctx.deps, ctx.login, input.roleId)),

  /** `{roleId}` → `{checkedKeys, halfCheckedKeys, parks}` (issue 38 §8, grant-keys.ts). */
  parkTree: permProcedure(ROLE_PERMS.query).input(roleIdInput)
    .meta({ rest: { method: 'GET', path: '/system/role/parkTree/:roleId', input: ['params'], envelope: 'ajax' } })
    .output(ajaxOutput<Awaited<ReturnType<typeof roleParkTree>>>())
    .query(({ ctx, input }) => roleParkTree(ctx.deps, ctx.login, input.roleId)),
});
