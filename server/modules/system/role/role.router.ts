/**
 * Role procedures (platform spec §7 Roles; reference §2 `/system/role`, §4 data scope; issue 3
 * "Parks"). Thin: input schema, permission (RuoYi's `system:role:*`), one service call. Writes
 * carry the operation-log meta (title 角色管理). Errors are AppError 500 with the reference's
 * texts, 403 without the permission, and 500 naming the field for bad input.
 */
import {
  authUserCancelAllInput, authUserCancelInput, authUserListInput, authUserSelectAllInput, roleAddInput, roleChangeStatusInput,
  roleDataScopeInput, roleIdInput, roleIdsInput, roleListInput, roleUpdateInput,
} from '../../../../shared/schemas/system/role';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import {
  addRole, changeRoleStatus, exportRoles, getRole, removeRoles, roleList, roleOptions, ROLE_PERMS, saveDataScope, updateRoleInfo,
} from './role.service';
import { authUserList, cancelAuthUsers, roleDeptTree, roleParkTree, selectAuthUsers } from './role-auth.service';

const log = (businessType: number) => ({ log: { title: '角色管理', businessType } });

export const roleRouter = router({
  /** Paged `{rows, total}` by sort order; filters roleName, roleKey, status, date range; data-scoped. */
  list: permProcedure(ROLE_PERMS.list).input(roleListInput).query(({ ctx, input }) => roleList(ctx.deps, ctx.login, input)),

  /** `{roleId}` → the role, or undefined. Errors: 没有权限访问角色数据！ */
  get: permProcedure(ROLE_PERMS.query).input(roleIdInput).query(({ ctx, input }) => getRole(ctx.deps, ctx.login, input.roleId)),

  /** New role with menus. Errors: 新增角色'x'失败，角色名称已存在 / 角色权限已存在. */
  add: permProcedure(ROLE_PERMS.add).meta(log(1)).input(roleAddInput).mutation(({ ctx, input }) => addRole(ctx.deps, ctx.login, input)),

  /** Edit (not role 1: 不允许操作超级管理员角色); 修改角色'x'失败…; menus replaced when given. */
  update: permProcedure(ROLE_PERMS.edit).meta(log(2)).input(roleUpdateInput)
    .mutation(({ ctx, input }) => updateRoleInfo(ctx.deps, ctx.login, input)),

  /** `{roleId, dataScope 1-5, deptIds (scope 2), parkIds?, deptCheckStrictly?}`. */
  dataScope: permProcedure(ROLE_PERMS.edit).meta(log(2)).input(roleDataScopeInput)
    .mutation(({ ctx, input }) => saveDataScope(ctx.deps, ctx.login, input)),

  /** `{roleId, status}`. */
  changeStatus: permProcedure(ROLE_PERMS.edit).meta(log(2)).input(roleChangeStatusInput)
    .mutation(({ ctx, input }) => changeRoleStatus(ctx.deps, ctx.login, input.roleId, input.status)),

  /** `{roleIds}` soft delete. Errors: `<name>已分配,不能删除`; 不允许操作超级管理员角色. */
  remove: permProcedure(ROLE_PERMS.remove).meta(log(3)).input(roleIdsInput)
    .mutation(({ ctx, input }) => removeRoles(ctx.deps, ctx.login, input.roleIds)),

  /** The list's filters → FileReply xlsx. */
  export: permProcedure(ROLE_PERMS.export).meta(log(5)).input(roleListInput)
    .mutation(({ ctx, input }) => exportRoles(ctx.deps, ctx.login, input)),

  /** Every role in the caller's scope. */
  optionselect: permProcedure(ROLE_PERMS.query).query(({ ctx }) => roleOptions(ctx.deps, ctx.login)),

  /** `{roleId, userName?, phonenumber?, paging}` → `{rows, total}` of users holding the role. */
  allocatedList: permProcedure(ROLE_PERMS.list).input(authUserListInput)
    .query(({ ctx, input }) => authUserList(ctx.deps, ctx.login, input, true)),

  /** Same filters → users not holding the role. */
  unallocatedList: permProcedure(ROLE_PERMS.list).input(authUserListInput)
    .query(({ ctx, input }) => authUserList(ctx.deps, ctx.login, input, false)),

  /** `{userId, roleId}` removes one link. */
  cancelAuthUser: permProcedure(ROLE_PERMS.edit).meta(log(4)).input(authUserCancelInput)
    .mutation(({ ctx, input }) => cancelAuthUsers(ctx.deps, ctx.login, input.roleId, [input.userId])),

  /** `{roleId, userIds}` removes the links. */
  cancelAuthUserAll: permProcedure(ROLE_PERMS.edit).meta(log(4)).input(authUserCancelAllInput)
    .mutation(({ ctx, input }) => cancelAuthUsers(ctx.deps, ctx.login, input.roleId, input.userIds)),

  /** `{roleId, userIds}` adds the links. Errors: 请选择要分配的用户 when empty. */
  selectAuthUserAll: permProcedure(ROLE_PERMS.edit).meta(log(4)).input(authUserSelectAllInput)
    .mutation(({ ctx, input }) => selectAuthUsers(ctx.deps, ctx.login, input.roleId, input.userIds)),

  /** `{roleId}` → `{checkedKeys, halfCheckedKeys, depts}` (issue 38 §8, grant-keys.ts). */
  deptTree: permProcedure(ROLE_PERMS.query).input(roleIdInput).query(({ ctx, input }) => roleDeptTree(ctx.deps, ctx.login, input.roleId)),

  /** `{roleId}` → `{checkedKeys, halfCheckedKeys, parks}` (issue 38 §8, grant-keys.ts). */
  parkTree: permProcedure(ROLE_PERMS.query).input(roleIdInput).query(({ ctx, input }) => roleParkTree(ctx.deps, ctx.login, input.roleId)),
});
