/**
 * Role ↔ users screen and the role's trees (platform spec §2 "Role authorization screens", §7
 * Roles; reference §2 `/system/role/authUser/*`, `deptTree/{roleId}`; issue 3 "Parks"):
 * allocated / unallocated user lists in the caller's data scope, cancel, cancelAll, selectAll,
 * and `{checkedKeys, depts}` / `{checkedKeys, parks}`.
 *
 * On the async store (issue 43): the user lists and the links read and write sys_user /
 * sys_user_role through the user module's repositories (role-users.repo.ts authUserPage,
 * user-write.repo.ts addRoleUsers / removeRoleUsers, user-scope checkUserDataScope); each
 * command is one `store.transaction` holding its checks.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import type { Page } from '../../../core/pagination';
import type { AuthUserRow } from '../../../../shared/schemas/system/role';
import type { TreeNode } from '../../../../shared/schemas/system/user';
import { addRoleUsers, removeRoleUsers } from '../user/user-write.repo';
import { buildTree, checkUserDataScope, deptTree, SUPER_USER_ID } from '../user/user-scope';
import { liveUserInScope, userScope } from '../user/user-scope.repo';
import { authUserColumns, authUserPage } from '../user/role-users.repo';
import { checkRoleDataScope, SUPER_ROLE_ID } from './role-scope';
import { allParks, findRole, roleDeptIds, roleParkIds } from './role.repo';
import { grantKeys, type GrantKeys } from './grant-keys';
import { ROLE_PERMS } from './role.service';

type Deps = Pick<AppDeps, 'store'>;

export interface AuthUserFilter {
  roleId: number; userName?: string; phonenumber?: string;
  pageNum: number; pageSize: number; orderByColumn?: string; isAsc?: string;
}

/**
 * Users holding (`allocated`) or not holding the role, live, in the caller's scope for
 * system:role:list, filtered by account and phone (LIKE) → `{rows, total}`.
 */
export async function authUserList(deps: Deps, login: LoginUser, f: AuthUserFilter, allocated: boolean): Promise<Page<AuthUserRow>> {
  if (f.orderByColumn && !(f.orderByColumn in authUserColumns)) throw new AppError('invalid', '参数不符合规范，不能进行查询');
  return authUserPage(deps.store, f, allocated, userScope(deps.store.db, login, ROLE_PERMS.list));
}

/** Role 1 is never taken from user 1. Errors: 不允许操作超级管理员用户. */
function guardCancel(roleId: number, userIds: number[]) {
  if (roleId === SUPER_ROLE_ID && userIds.includes(SUPER_USER_ID)) throw new AppError('refused', '不允许操作超级管理员用户');
}

/**
 * `POST /system/role/authUser/cancel` `{userId, roleId}` and `cancelAll` (roleId, userIds):
 * removes the links. Errors: 没有权限访问角色数据！; 操作失败 when no link existed.
 */
export async function cancelAuthUsers(deps: Deps, login: LoginUser, roleId: number, userIds: number[]): Promise<void> {
  guardCancel(roleId, userIds);
  const { store } = deps;
  await store.transaction(async () => {
    await checkRoleDataScope(store, login, [roleId], ROLE_PERMS.edit);
    if (await removeRoleUsers(store, roleId, userIds) === 0) throw new AppError('notFound', '操作失败');
  });
}

/**
 * `POST /system/role/authUser/selectAll` (roleId, userIds): links the users to the role (links
 * already there are kept). Errors: 角色不存在; 没有权限访问角色数据！ / 没有权限访问用户数据！;
 * 参数 userIds 无效 for unknown users.
 */
export async function selectAuthUsers(deps: Deps, login: LoginUser, roleId: number, userIds: number[]): Promise<void> {
  const { store } = deps;
  await store.transaction(async () => {
    await checkRoleDataScope(store, login, [roleId], ROLE_PERMS.edit);
    if (!await findRole(store, roleId)) throw new AppError('notFound', '角色不存在');
    for (const userId of userIds) {
      if (!await liveUserInScope(store, userId, undefined)) throw new AppError('invalid', `参数 userIds 无效：用户 ${userId} 不存在`);
      await checkUserDataScope(store, login, userId, ROLE_PERMS.edit);
    }
    await addRoleUsers(store, roleId, userIds);
  });
}

async function roleForTree(deps: Deps, login: LoginUser, roleId: number) {
  await checkRoleDataScope(deps.store, login, [roleId], ROLE_PERMS.query);
  const role = await findRole(deps.store, roleId);
  if (!role) throw new AppError('notFound', '角色不存在');
  return role;
}

/**
 * `GET /system/role/deptTree/{roleId}` → `{checkedKeys, halfCheckedKeys, depts}` (depts in the
 * caller's scope; keys split by `grantKeys` with the role's deptCheckStrictly, issue 38 §8).
 */
export async function roleDeptTree(deps: Deps, login: LoginUser, roleId: number): Promise<GrantKeys & { depts: TreeNode[] }> {
  const role = await roleForTree(deps, login, roleId);
  const depts = await deptTree(deps.store, login, ROLE_PERMS.query);
  return { ...grantKeys(depts, await roleDeptIds(deps.store, roleId, false), role.deptCheckStrictly), depts };
}

/**
 * `GET /system/role/parkTree/{roleId}` → `{checkedKeys, halfCheckedKeys, parks}`: every live park as
 * a tree; the role's parks split by `grantKeys` with the data-scope dialog's deptCheckStrictly
 * (issue 38 §8).
 */
export async function roleParkTree(deps: Deps, login: LoginUser, roleId: number): Promise<GrantKeys & { parks: TreeNode[] }> {
  const role = await roleForTree(deps, login, roleId);
  const parks = buildTree(await allParks(deps.store), {
    id: (p) => p.parkId, parent: (p) => p.parentId, label: (p) => p.parkName, disabled: (p) => p.status === '1',
  });
  return { ...grantKeys(parks, await roleParkIds(deps.store, roleId, false), role.deptCheckStrictly), parks };
}
