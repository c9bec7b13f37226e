/**
 * Role services (platform spec §7 Roles; reference §2 `/system/role`, §4 data scope). Rules of
 * RuoYi's SysRoleController / SysRoleServiceImpl: unique name and key among live roles; role 1
 * is never changed; a role still assigned to users cannot be deleted (`<name>已分配,不能删除`);
 * deletes are soft and drop the menu, dept and park links. Point checks use the endpoint's
 * permission. On the async store (issue 43): every write is one `store.transaction` holding its
 * checks, so it stays all-or-nothing.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import { nowText } from '../../../core/clock';
import { exportXlsx, type ExcelColumn } from '../../../core/excel';
import type { RoleOption } from '../../../../shared/schemas/system/user';
import { missingDeptIds } from '../dept/dept.repo';
import { checkRoleAllowed, checkRoleDataScope } from './role-scope';
import { roleScopeCondition } from './role-scope.repo';
import {
  countRoleUsers, findRole, findRoleIdBy, insertRole, listAllRoles, listRoles, missingMenuIds, missingParkIds, replaceRoleDepts,
  replaceRoleMenus, replaceRoleParks, roleColumns, softDeleteRoles, toRoleOption, updateRole, type RoleListFilter, type RoleRow,
} from './role.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;
type RoleStore = AppDeps['store'];

export const ROLE_PERMS = {
  list: 'system:role:list', query: 'system:role:query', add: 'system:role:add', edit: 'system:role:edit',
  remove: 'system:role:remove', export: 'system:role:export',
} as const;

/** Every live role in the caller's scope for `perm` (RuoYi selectRoleAll), as options. */
export async function scopedRoleOptions(store: RoleStore, login: LoginUser, perm: string): Promise<RoleOption[]> {
  return (await listAllRoles(store, {}, roleScopeCondition(store.db, login, perm))).map((r) => toRoleOption(r));
}

function checkOrder(filter: { orderByColumn?: string }) {
  if (filter.orderByColumn && !(filter.orderByColumn in roleColumns)) throw new AppError('invalid', '参数不符合规范，不能进行查询');
}

/** `GET /system/role/list` → `{rows, total}` in the caller's scope, by sort order. */
export async function roleList(deps: Pick<AppDeps, 'store'>, login: LoginUser, filter: RoleListFilter) {
  checkOrder(filter);
  return listRoles(deps.store, filter, roleScopeCondition(deps.store.db, login, ROLE_PERMS.list));
}

/** `GET /system/role/optionselect` → every role in scope. */
export function roleOptions(deps: Pick<AppDeps, 'store'>, login: LoginUser): Promise<RoleOption[]> {
  return scopedRoleOptions(deps.store, login, ROLE_PERMS.query);
}

/** `GET /system/role/{roleId}` → the role (undefined when unknown). Errors: 没有权限访问角色数据！ */
export async function getRole(deps: Pick<AppDeps, 'store'>, login: LoginUser, roleId: number): Promise<RoleOption | undefined> {
  await checkRoleDataScope(deps.store, login, [roleId], ROLE_PERMS.query);
  const role = await findRole(deps.store, roleId);
  return role ? toRoleOption(role) : undefined;
}

/** `POST /system/role/export` → xlsx of the filtered roles (RuoYi SysRole @Excel columns). */
export async function exportRoles(deps: Pick<AppDeps, 'store' | 'clock'>, login: LoginUser, filter: Omit<RoleListFilter, 'pageNum' | 'pageSize'>) {
  checkOrder(filter);
  const rows = await listAllRoles(deps.store, filter, roleScopeCondition(deps.store.db, login, ROLE_PERMS.export));
  const columns: ExcelColumn<RoleRow>[] = [
    { header: '角色序号', value: 'roleId' },
    { header: '角色名称', value: 'roleName' },
    { header: '角色权限', value: 'roleKey' },
    { header: '角色排序', value: 'roleSort' },
    { header: '数据范围', value: 'dataScope', width: 24, labels: { 1: '所有数据权限', 2: '自定义数据权限', 3: '本部门数据权限', 4: '本部门及以下数据权限', 5: '仅本人数据权限' } },
    { header: '角色状态', value: 'status', labels: { 0: '正常', 1: '停用' } },
  ];
  return exportXlsx('角色数据', columns, rows, deps.clock.now());
}

/** `<action>角色'<name>'失败，角色名称已存在 | 角色权限已存在` among live roles other than `selfId`. */
async function checkRoleUnique(store: RoleStore, action: '新增' | '修改', v: { roleName: string; roleKey: string }, selfId?: number): Promise<void> {
  const taken = async (field: 'roleName' | 'roleKey', value: string) => {
    const id = await findRoleIdBy(store, field, value);
    return id !== undefined && id !== selfId;
  };
  const m = roleUniqueMessages(action, v.roleName);
  if (await taken('roleName', v.roleName)) throw new AppError('conflict', m.sys_role_name_uq);
  if (await taken('roleKey', v.roleKey)) throw new AppError('conflict', m.sys_role_key_uq);
}

/** checkRoleUnique's messages keyed by the unique index of each rule (onUniqueViolation, issue 44). */
const roleUniqueMessages = (action: '新增' | '修改', roleName: string) => ({
  sys_role_name_uq: `${action}角色'${roleName}'失败，角色名称已存在`,
  sys_role_key_uq: `${action}角色'${roleName}'失败，角色权限已存在`,
});

async function checkMenus(store: RoleStore, menuIds: number[] | null | undefined): Promise<void> {
  const missing = await missingMenuIds(store, menuIds ?? []);
  if (missing.length) throw new AppError('invalid', `参数 menuIds 无效：菜单 ${missing.join(',')} 不存在`);
}

export interface RoleForm {
  roleName: string; roleKey: string; roleSort: number; status?: string | null; menuIds?: number[] | null;
  menuCheckStrictly?: boolean | null; deptCheckStrictly?: boolean | null; remark?: string | null; dataScope?: string | null;
}

/** `POST /system/role`: unique name and key, then the role and its menus. */
export async function addRole(deps: Deps, login: LoginUser, input: RoleForm): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await onUniqueViolation(() => store.transaction(async () => {
    await checkMenus(store, input.menuIds);
    await checkRoleUnique(store, '新增', input);
    const roleId = await insertRole(store, {
      roleName: input.roleName, roleKey: input.roleKey, roleSort: input.roleSort, status: input.status ?? '0',
      dataScope: input.dataScope ?? '1', menuCheckStrictly: input.menuCheckStrictly ?? true,
      deptCheckStrictly: input.deptCheckStrictly ?? true, remark: input.remark ?? null, createBy: login.userName, createTime: when,
    });
    await replaceRoleMenus(store, roleId, input.menuIds ?? []);
  }), roleUniqueMessages('新增', input.roleName));
}

/** Not role 1, in scope for `perm`, and live. Errors: as the checks; 角色不存在. */
async function guardRole(store: RoleStore, login: LoginUser, roleId: number, perm: string): Promise<RoleRow> {
  checkRoleAllowed(roleId);
  await checkRoleDataScope(store, login, [roleId], perm);
  const role = await findRole(store, roleId);
  if (!role) throw new AppError('notFound', '角色不存在');
  return role;
}

/** `POST /system/role/update`: not role 1, in scope, unique; given menus replace the links. */
export async function updateRoleInfo(deps: Deps, login: LoginUser, input: RoleForm & { roleId: number }): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await onUniqueViolation(() => store.transaction(async () => {
    await guardRole(store, login, input.roleId, ROLE_PERMS.edit);
    await checkMenus(store, input.menuIds);
    await checkRoleUnique(store, '修改', input, input.roleId);
    const set: Parameters<typeof updateRole>[2] = {
      roleName: input.roleName, roleKey: input.roleKey, roleSort: input.roleSort, updateBy: login.userName, updateTime: when,
    };
    for (const k of ['status', 'menuCheckStrictly', 'deptCheckStrictly', 'remark'] as const) {
      if (input[k] != null) (set as Record<string, unknown>)[k] = input[k];
    }
    await updateRole(store, input.roleId, set);
    if (input.menuIds != null) await replaceRoleMenus(store, input.roleId, input.menuIds);
  }), roleUniqueMessages('修改', input.roleName));
}

/**
 * `POST /system/role/dataScope`: sets the scope (1-5); the custom depts are kept for scope 2 and
 * cleared otherwise; given `parkIds` replace the role's parks (sys_role_park).
 */
export async function saveDataScope(
  deps: Deps, login: LoginUser,
  input: { roleId: number; dataScope: string; deptIds: number[]; parkIds?: number[] | null; deptCheckStrictly?: boolean | null },
): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    await guardRole(store, login, input.roleId, ROLE_PERMS.edit);
    const deptIds = input.dataScope === '2' ? input.deptIds : [];
    const missingDepts = await missingDeptIds(store, deptIds);
    if (missingDepts.length) throw new AppError('invalid', `参数 deptIds 无效：部门 ${missingDepts.join(',')} 不存在`);
    const missingParks = await missingParkIds(store, input.parkIds ?? []);
    if (missingParks.length) throw new AppError('invalid', `参数 parkIds 无效：园区 ${missingParks.join(',')} 不存在`);
    await updateRole(store, input.roleId, {
      dataScope: input.dataScope, updateBy: login.userName, updateTime: when,
      ...(input.deptCheckStrictly != null ? { deptCheckStrictly: input.deptCheckStrictly } : {}),
    });
    await replaceRoleDepts(store, input.roleId, deptIds);
    if (input.parkIds != null) await replaceRoleParks(store, input.roleId, input.parkIds);
  });
}

/** `POST /system/role/changeStatus` `{roleId, status}` (not role 1, in scope). */
export async function changeRoleStatus(deps: Deps, login: LoginUser, roleId: number, status: string): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    await guardRole(store, login, roleId, ROLE_PERMS.edit);
    await updateRole(store, roleId, { status, updateBy: login.userName, updateTime: when });
  });
}

/**
 * `POST /system/role/delete/{roleIds}`: each role not role 1, in scope, and held by no user
 * (`<name>已分配,不能删除`); all or nothing. Errors: 操作失败 when nothing was deleted.
 */
export async function removeRoles(deps: Deps, login: LoginUser, roleIds: number[]): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await store.transaction(async () => {
    for (const roleId of roleIds) {
      checkRoleAllowed(roleId);
      await checkRoleDataScope(store, login, [roleId], ROLE_PERMS.remove);
      const role = await findRole(store, roleId);
      if (role && await countRoleUsers(store, roleId) > 0) throw new AppError('refused', `${role.roleName}已分配,不能删除`);
    }
    if (await softDeleteRoles(store, roleIds, login.userName, when) === 0) throw new AppError('notFound', '操作失败');
  });
}
