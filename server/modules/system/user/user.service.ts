/**
 * User services (platform spec §7 Users; reference §2 `/system/user`, §4 data scope). Rules of
 * RuoYi's SysUserController / SysUserServiceImpl: unique account, phone and e-mail among live
 * users; user 1 is never changed; you cannot delete yourself; deletes are soft (del_flag '2')
 * and remove the role and post links; passwords are bcrypt hashes and never leave the server.
 * Point checks use the endpoint's permission for the data scope. On the async store (issue 43):
 * every write is one `store.transaction` holding its checks, so it stays all-or-nothing; hashing
 * happens before it (the transaction awaits nothing but the store's statements).
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import { nowText } from '../../../core/clock';
import { hashPassword } from '../../auth/password.service';
import type { UserFormReply } from '../../../../shared/schemas/system/user';
import type { Page } from '../../../core/pagination';
import { checkRoleDataScope } from '../role/role-scope';
import { missingRoleIds } from '../role/role.repo';
import { scopedRoleOptions } from '../role/role.service';
import { allPosts, findUserDetail, findUserIdBy, missingPostIds, userPostIds, userRoleIds } from './user.repo';
import { listUsers, userListColumns, type UserListFilter, type UserListRow } from './user-list.repo';
import { insertUser, replaceUserPosts, replaceUserRoles, softDeleteUsers, updateUser, type UserSet } from './user-write.repo';
import { checkDeptDataScope, checkUserAllowed, checkUserDataScope } from './user-scope';
import { userScope } from './user-scope.repo';
import { missingDeptIds } from '../dept/dept.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;
type UserStore = AppDeps['store'];

export const USER_PERMS = {
  list: 'system:user:list', query: 'system:user:query', add: 'system:user:add', edit: 'system:user:edit',
  remove: 'system:user:remove', export: 'system:user:export', import: 'system:user:import', resetPwd: 'system:user:resetPwd',
} as const;

/** Paged users `{rows, total}`; error 参数不符合规范，不能进行查询 for an unknown order column. */
export async function userList(deps: Pick<AppDeps, 'store'>, login: LoginUser, filter: UserListFilter, perm: string = USER_PERMS.list): Promise<Page<UserListRow>> {
  if (filter.orderByColumn && !(filter.orderByColumn in userListColumns)) throw new AppError('invalid', '参数不符合规范，不能进行查询');
  return listUsers(deps.store, filter, userScope(deps.store.db, login, perm));
}

/** Errors: 500 naming the field when a referenced dept, role or post does not exist. */
export async function checkUserRefs(store: UserStore, refs: { deptId?: number | null; roleIds?: number[] | null; postIds?: number[] | null }): Promise<void> {
  if (refs.deptId != null && (await missingDeptIds(store, [refs.deptId])).length) throw new AppError('invalid', `参数 deptId 无效：部门 ${refs.deptId} 不存在`);
  const roles = await missingRoleIds(store, refs.roleIds ?? []);
  if (roles.length) throw new AppError('invalid', `参数 roleIds 无效：角色 ${roles.join(',')} 不存在`);
  const posts = await missingPostIds(store, refs.postIds ?? []);
  if (posts.length) throw new AppError('invalid', `参数 postIds 无效：岗位 ${posts.join(',')} 不存在`);
}

/**
 * Uniqueness among live users (reference §2): `<action>用户'<name>'失败，登录账号已存在 |
 * 手机号码已存在 | 邮箱账号已存在`; blank phone and e-mail are not checked; `selfId` is skipped.
 */
export async function checkUserUnique(
  store: UserStore, action: '新增' | '修改', name: string,
  v: { userName?: string; phonenumber?: string | null; email?: string | null }, selfId?: number,
): Promise<void> {
  const taken = async (field: 'userName' | 'phonenumber' | 'email', value: string) => {
    const id = await findUserIdBy(store, field, value);
    return id !== undefined && id !== selfId;
  };
  const m = userUniqueMessages(action, name);
  if (v.userName !== undefined && await taken('userName', v.userName)) throw new AppError('conflict', m.sys_user_name_uq);
  if (v.phonenumber && await taken('phonenumber', v.phonenumber)) throw new AppError('conflict', m.sys_user_phone_uq);
  if (v.email && await taken('email', v.email)) throw new AppError('conflict', m.sys_user_email_uq);
}

/**
 * The messages of checkUserUnique keyed by the unique index that guarantees each rule
 * (server/db/schema sys_user `*_uq`), for onUniqueViolation (issue 44: a write that races past the
 * check is answered the same).
 */
export function userUniqueMessages(action: '新增' | '修改', name: string) {
  const prefix = `${action}用户'${name}'失败，`;
  return { sys_user_name_uq: `${prefix}登录账号已存在`, sys_user_phone_uq: `${prefix}手机号码已存在`, sys_user_email_uq: `${prefix}邮箱账号已存在` };
}

/**
 * `GET /system/user/` and `/{userId}` → `{data?, roles, posts, roleIds?, postIds?}`: the form's
 * options (roles in the caller's scope, role 1 only when editing user 1; all posts) and, with an
 * id, the user. Errors: 没有权限访问用户数据！ outside the scope.
 */
export async function getUserForm(deps: Deps, login: LoginUser, userId?: number): Promise<UserFormReply> {
  const { store } = deps;
  if (userId !== undefined) await checkUserDataScope(store, login, userId, USER_PERMS.query);
  const roles = (await scopedRoleOptions(store, login, USER_PERMS.query)).filter((r) => userId === 1 || !r.admin);
  const reply: UserFormReply = { roles, posts: await allPosts(store) };
  if (userId === undefined) return reply;
  const data = await findUserDetail(store, userId);
  if (!data) return reply;
  return { data, ...reply, postIds: await userPostIds(store, userId), roleIds: await userRoleIds(store, userId) };
}

export interface UserAdd {
  userName: string; password: string; nickName: string; deptId?: number | null; email?: string | null; phonenumber?: string | null;
  sex?: string | null; status?: string | null; remark?: string | null; roleIds?: number[] | null; postIds?: number[] | null;
}

/**
 * `POST /system/user`: checks dept and roles in scope, unique account/phone/e-mail, then inserts
 * the user with a bcrypt hash and links roles and posts.
 */
export async function addUser(deps: Deps, login: LoginUser, input: UserAdd): Promise<void> {
  const hash = await hashPassword(input.password);
  const when = nowText(deps.clock);
  const { store } = deps;
  await onUniqueViolation(() => store.transaction(async () => {
    await checkUserRefs(store, input);
    await checkDeptDataScope(store, login, input.deptId, USER_PERMS.add);
    await checkRoleDataScope(store, login, input.roleIds ?? [], USER_PERMS.add);
    await checkUserUnique(store, '新增', input.userName, input);
    const userId = await insertUser(store, {
      userName: input.userName, nickName: input.nickName, deptId: input.deptId ?? null, email: input.email ?? '',
      phonenumber: input.phonenumber ?? '', sex: input.sex ?? '0', status: input.status ?? '0', remark: input.remark ?? null,
      password: hash, createBy: login.userName, createTime: when,
    });
    await replaceUserRoles(store, userId, input.roleIds ?? []);
    await replaceUserPosts(store, userId, input.postIds ?? []);
  }), userUniqueMessages('新增', input.userName));
}

export type UserUpdate = Omit<UserAdd, 'password' | 'userName'> & { userId: number; userName?: string };

/**
 * `POST /system/user/update`: not user 1 (不允许操作超级管理员用户), user, dept and roles in
 * scope, uniqueness (修改用户'x'失败，…); given fields are set, given role/post lists replace
 * the links. Errors: 用户不存在 for an unknown id.
 */
export async function updateUserInfo(deps: Deps, login: LoginUser, input: UserUpdate): Promise<void> {
  checkUserAllowed(input.userId);
  const when = nowText(deps.clock);
  const { store } = deps;
  const messages = userUniqueMessages('修改', input.userName ?? '');
  await onUniqueViolation(() => store.transaction(async () => {
    await checkUserDataScope(store, login, input.userId, USER_PERMS.edit);
    const current = await findUserDetail(store, input.userId);
    if (!current) throw new AppError('notFound', '用户不存在');
    Object.assign(messages, userUniqueMessages('修改', input.userName ?? current.userName));
    await checkUserRefs(store, input);
    await checkDeptDataScope(store, login, input.deptId, USER_PERMS.edit);
    await checkRoleDataScope(store, login, input.roleIds ?? [], USER_PERMS.edit);
    await checkUserUnique(store, '修改', input.userName ?? current.userName, input, input.userId);
    const set: UserSet = { nickName: input.nickName, updateBy: login.userName, updateTime: when };
    for (const k of ['userName', 'deptId', 'email', 'phonenumber', 'sex', 'status', 'remark'] as const) {
      if (input[k] != null) (set as Record<string, unknown>)[k] = input[k];
    }
    await updateUser(store, input.userId, set);
    if (input.roleIds != null) await replaceUserRoles(store, input.userId, input.roleIds);
    if (input.postIds != null) await replaceUserPosts(store, input.userId, input.postIds);
  }), messages);
}

/**
 * `POST /system/user/delete/{userIds}`: never yourself (当前用户不能删除), never user 1, only
 * users in scope; soft delete and link removal. Errors: 操作失败 when nothing was deleted.
 */
export async function removeUsers(deps: Deps, login: LoginUser, userIds: number[]): Promise<void> {
  if (userIds.includes(login.userId)) throw new AppError('refused', '当前用户不能删除');
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    for (const id of userIds) {
      checkUserAllowed(id);
      await checkUserDataScope(store, login, id, USER_PERMS.remove);
    }
    if (await softDeleteUsers(store, userIds, login.userName, when) === 0) throw new AppError('notFound', '操作失败');
  });
}

/** Not user 1, in scope for `perm`, and live. Errors: as the checks; 用户不存在. */
async function guardTarget(store: UserStore, login: LoginUser, userId: number, perm: string): Promise<void> {
  checkUserAllowed(userId);
  await checkUserDataScope(store, login, userId, perm);
  if (!await findUserDetail(store, userId)) throw new AppError('notFound', '用户不存在');
}

/** `POST /system/user/resetPwd` `{userId, password}`: a new bcrypt hash. */
export async function resetUserPassword(deps: Deps, login: LoginUser, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    await guardTarget(store, login, userId, USER_PERMS.resetPwd);
    await updateUser(store, userId, { password: hash, updateBy: login.userName, updateTime: when });
  });
}

/** `POST /system/user/changeStatus` `{userId, status}`. A disabled user's sessions answer 401. */
export async function changeUserStatus(deps: Deps, login: LoginUser, userId: number, status: string): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    await guardTarget(store, login, userId, USER_PERMS.edit);
    await updateUser(store, userId, { status, updateBy: login.userName, updateTime: when });
  });
}

/**
 * `GET /system/user/authRole/{userId}` → `{user, roles}`: roles in the caller's scope with
 * `flag` true on the user's own (role 1 listed only for user 1).
 */
export async function getAuthRole(deps: Deps, login: LoginUser, userId: number) {
  await checkUserDataScope(deps.store, login, userId, USER_PERMS.query);
  const user = await findUserDetail(deps.store, userId);
  if (!user) throw new AppError('notFound', '用户不存在');
  const own = new Set(await userRoleIds(deps.store, userId));
  const roles = (await scopedRoleOptions(deps.store, login, USER_PERMS.query))
    .filter((r) => userId === 1 || !r.admin)
    .map((r) => ({ ...r, flag: own.has(r.roleId) }));
  return { user, roles };
}

/** `POST /system/user/authRole` (userId, roleIds): replaces the user's roles (not user 1). */
export async function saveAuthRole(deps: Deps, login: LoginUser, userId: number, roleIds: number[]): Promise<void> {
  const { store } = deps;
  await store.transaction(async () => {
    await guardTarget(store, login, userId, USER_PERMS.edit);
    await checkUserRefs(store, { roleIds });
    await checkRoleDataScope(store, login, roleIds, USER_PERMS.edit);
    await replaceUserRoles(store, userId, roleIds);
  });
}
