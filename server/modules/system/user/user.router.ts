/**
 * User procedures (platform spec §7 Users; reference §2 `/system/user`, §4 data scope). Each is
 * thin: input schema, permission (RuoYi's `system:user:*`), one service call. Writes carry the
 * operation-log meta (title 用户管理; business types 1 insert, 2 update, 3 delete, 4 grant,
 * 5 export, 6 import). Errors are AppErrors with the reference's texts: notFound, invalid, conflict or
 * refused (REST code 500; e.g. 没有权限访问用户数据！ outside the data scope is refused), forbidden (403)
 * without the permission, and invalid (500) naming the field for bad input.
 */
import {
  userAddInput, userAuthRoleInput, userChangeStatusInput, userGetInput, userIdInput, userIdsInput, userImportInput,
  userListInput, userResetPwdInput, userUpdateInput,
} from '../../../../shared/schemas/system/user';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { ajaxOutput, msgOutput } from '../../../trpc/output';
import {
  addUser, changeUserStatus, getAuthRole, getUserForm, removeUsers, resetUserPassword, saveAuthRole, updateUserInfo, userList, USER_PERMS,
} from './user.service';
import { exportUsers, importUsers, userImportTemplate } from './user-excel.service';
import { deptTree } from './user-scope';
import { withIds } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '用户管理', businessType } });

export const userRouter = router({
  /** Paged `{rows, total}` of users (no passwords), data-scoped; filters as `userListInput`. */
  list: permProcedure(USER_PERMS.list).input(userListInput)
    .meta({ rest: { method: 'GET', path: '/system/user/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => userList(ctx.deps, ctx.login, input)),

  /** `{userId?}` → `{data?, roles, posts, roleIds?, postIds?}`. Errors: 没有权限访问用户数据！ */
  get: permProcedure(USER_PERMS.query).input(userGetInput)
    .meta({
      rest: {
        method: 'GET', path: '/system/user/:userId', input: ['params'], envelope: 'ajax',
        aliases: [{ method: 'GET', path: '/system/user/' }],
      },
    })
    .output(ajaxOutput<Awaited<ReturnType<typeof getUserForm>>>())
    .query(({ ctx, input }) => getUserForm(ctx.deps, ctx.login, input?.userId)),

  /** New user (bcrypt password, roles, posts). Errors: 新增用户'x'失败，登录账号已存在 / 手机号码已存在 / 邮箱账号已存在. */
  add: permProcedure(USER_PERMS.add).meta(log(1)).input(userAddInput)
    .meta({ rest: { method: 'POST', path: '/system/user', input: ['body'], envelope: 'data' } })
    .mutation(({ ctx, input }) => addUser(ctx.deps, ctx.login, input)),

  /** Edit (not user 1: 不允许操作超级管理员用户); uniqueness as add with 修改用户'x'失败…; links replaced when given. */
  update: permProcedure(USER_PERMS.edit).meta(log(2)).input(userUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/user/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/user' }],
      },
    })
    .mutation(({ ctx, input }) => updateUserInfo(ctx.deps, ctx.login, input)),

  /** `{userIds}` soft delete. Errors: 当前用户不能删除; 不允许操作超级管理员用户; 没有权限访问用户数据！ */
  remove: permProcedure(USER_PERMS.remove).meta(log(3)).input(userIdsInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/user/delete/:userIds', input: ['params'], mapInput: withIds('userIds'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/user/:userIds' }],
      },
    })
    .mutation(({ ctx, input }) => removeUsers(ctx.deps, ctx.login, input.userIds)),

  /** `{userId, password}` (5-20 characters) → new bcrypt hash. */
  resetPwd: permProcedure(USER_PERMS.resetPwd).meta(log(2)).input(userResetPwdInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/user/resetPwd', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/user/resetPwd' }],
      },
    })
    .mutation(({ ctx, input }) => resetUserPassword(ctx.deps, ctx.login, input.userId, input.password)),

  /** `{userId, status}` ('0' normal, '1' disabled). */
  changeStatus: permProcedure(USER_PERMS.edit).meta(log(2)).input(userChangeStatusInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/user/changeStatus', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/user/changeStatus' }],
      },
    })
    .mutation(({ ctx, input }) => changeUserStatus(ctx.deps, ctx.login, input.userId, input.status)),

  /** The list's filters → FileReply xlsx (RuoYi's export columns), data-scoped. */
  export: permProcedure(USER_PERMS.export).meta(log(5)).input(userListInput)
    .meta({ rest: { method: 'POST', path: '/system/user/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => exportUsers(ctx.deps, ctx.login, input)),

  /** `{file (xlsx), updateSupport}` → `{msg}` summary (恭喜您，数据已全部导入成功！…); failures: 500 很抱歉，导入失败！… */
  importData: permProcedure(USER_PERMS.import).meta(log(6)).input(userImportInput)
    .meta({ rest: { method: 'POST', path: '/system/user/importData', input: ['query', 'multipart'], envelope: 'ajax' } })
    .output(msgOutput)
    .mutation(async ({ ctx, input }) => ({ msg: await importUsers(ctx.deps, ctx.login, input.file, input.updateSupport) })),

  /** FileReply xlsx with the import headers. */
  importTemplate: permProcedure(USER_PERMS.import)
    .meta({ rest: { method: 'POST', path: '/system/user/importTemplate', envelope: 'file' } })
    .mutation(({ ctx }) => userImportTemplate(ctx.deps)),

  /** `{userId}` → `{user, roles}` with `flag` on the user's roles. */
  authRole: permProcedure(USER_PERMS.query).input(userIdInput)
    .meta({ rest: { method: 'GET', path: '/system/user/authRole/:userId', input: ['params'], envelope: 'ajax' } })
    .output(ajaxOutput<Awaited<ReturnType<typeof getAuthRole>>>())
    .query(({ ctx, input }) => getAuthRole(ctx.deps, ctx.login, input.userId)),

  /** `{userId, roleIds}` replaces the user's roles (not user 1). */
  saveAuthRole: permProcedure(USER_PERMS.edit).meta(log(4)).input(userAuthRoleInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/user/authRole', input: ['query', 'body'], mapInput: withIds('roleIds'), envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/user/authRole' }],
      },
    })
    .mutation(({ ctx, input }) => saveAuthRole(ctx.deps, ctx.login, input.userId, input.roleIds)),

  /** Dept tree `[{id, label, disabled, children?}]` in the caller's data scope. */
  deptTree: permProcedure(USER_PERMS.list)
    .meta({ rest: { method: 'GET', path: '/system/user/deptTree', envelope: 'data' } })
    .query(({ ctx }) => deptTree(ctx.deps.store, ctx.login, USER_PERMS.list)),
});
