/**
 * Menu services (reference §2 Menus; RuoYi SysMenuController / SysMenuServiceImpl): lists and
 * trees of the caller's menus (admin: all), the role menu tree with checked keys, and the add /
 * edit / delete rules. On the async store (issue 43): each write is one `store.transaction` holding
 * its checks, so it stays all-or-nothing.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import type { TreeSelectNode } from '../../../../shared/schemas/system/dept';
import { treeSelect } from '../dept/tree';
import { grantKeys, type GrantKeys } from '../role/grant-keys';
import {
  countMenuChildren, countMenuRoles, deleteMenu, findMenuById, findRole, insertMenu, listMenus, menuDescendantIds,
  menuNameTaken, roleMenuIds, updateMenu, type MenuFilter, type MenuRow, type MenuValues,
} from './menu.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;
type MenuStore = Deps['store'];

export interface MenuForm {
  parentId: number;
  menuName: string;
  orderNum: number;
  menuType: 'M' | 'C' | 'F';
  path?: string;
  component?: string;
  query?: string;
  routeName?: string;
  isFrame: 0 | 1;
  isCache: 0 | 1;
  visible: '0' | '1';
  status: '0' | '1';
  perms?: string;
  icon?: string;
  remark?: string;
}

/** The edit form: absent optional fields (undefined) keep their stored value. */
export type MenuEdit = Omit<MenuForm, 'isFrame' | 'isCache' | 'visible' | 'status'>
  & Partial<Pick<MenuForm, 'isFrame' | 'isCache' | 'visible' | 'status'>> & { menuId: number };

/** `GET /system/menu/list` → flat rows of the caller's menus (admin: all), filtered. */
export function menuList(deps: Deps, login: LoginUser, f: MenuFilter): Promise<MenuRow[]> {
  return listMenus(deps.store, f, login.admin ? undefined : login.roles.map((r) => r.roleId));
}

/** `[{id, label, disabled: false, children?}]` of the caller's menus (RuoYi buildMenuTreeSelect). */
export async function menuTree(deps: Deps, login: LoginUser, f: MenuFilter = {}): Promise<TreeSelectNode[]> {
  return treeSelect(await menuList(deps, login, f), (m) => m.menuId, (m) => m.parentId, (m) => m.menuName);
}

/**
 * `GET /system/menu/roleMenuTreeselect/{roleId}` → `{checkedKeys, halfCheckedKeys, menus}`: the
 * caller's menu tree and the role's menu ids split as `grantKeys` does (issue 38 §8: with the
 * role's menuCheckStrictly (父子联动) on, a menu held while some menu below it is not is
 * half-checked, never checked, so its children are not ticked; checked + half-checked = the
 * role's menus). An unknown role has no keys.
 */
export async function roleMenuTree(deps: Deps, login: LoginUser, roleId: number): Promise<GrantKeys & { menus: TreeSelectNode[] }> {
  const role = await findRole(deps.store, roleId);
  const menus = await menuTree(deps, login);
  return { ...grantKeys(menus, role ? await roleMenuIds(deps.store, roleId, false) : [], role?.menuCheckStrictly ?? false), menus };
}

/** `GET /system/menu/{menuId}` → the menu or null. */
export const menuGet = async (deps: Deps, menuId: number) => (await findMenuById(deps.store, menuId)) ?? null;

const isHttp = (p: string | undefined) => /^https?:\/\//i.test(p ?? '');

/** The name rule's message keyed by its unique index sys_menu_parent_name_uq (onUniqueViolation, issue 44). */
const nameMessages = (verb: '新增' | '修改', menuName: string) => ({ sys_menu_parent_name_uq: `${verb}菜单'${menuName}'失败，菜单名称已存在` });

async function checkForm(store: MenuStore, verb: '新增' | '修改', f: Pick<MenuForm, 'parentId' | 'menuName' | 'isFrame' | 'path'>, menuId?: number): Promise<void> {
  if (await menuNameTaken(store, f.parentId, f.menuName, menuId)) throw new AppError('conflict', nameMessages(verb, f.menuName).sys_menu_parent_name_uq);
  if (f.isFrame === 0 && !isHttp(f.path)) throw new AppError('invalid', `${verb}菜单'${f.menuName}'失败，地址必须以http(s)://开头`);
  if (f.parentId !== 0 && !await findMenuById(store, f.parentId)) throw new AppError('notFound', `${verb}菜单'${f.menuName}'失败，上级菜单不存在`);
}

const values = (f: MenuForm): MenuValues => ({
  parentId: f.parentId, menuName: f.menuName, orderNum: f.orderNum, menuType: f.menuType, path: f.path ?? '',
  component: f.component || null, query: f.query || null, routeName: f.routeName ?? '', isFrame: f.isFrame, isCache: f.isCache,
  visible: f.visible, status: f.status, perms: f.perms ?? '', icon: f.icon || '#', remark: f.remark ?? null,
});

/**
 * `POST /system/menu` → new menuId. Errors (500): 新增菜单'x'失败，菜单名称已存在 (same parent);
 * …地址必须以http(s)://开头 (isFrame 0); …上级菜单不存在.
 */
export function menuAdd(deps: Deps, login: LoginUser, f: MenuForm): Promise<number> {
  const when = nowText(deps.clock);
  const { store } = deps;
  return onUniqueViolation(() => store.transaction(async () => {
    await checkForm(store, '新增', f);
    return insertMenu(store, values(f), login.userName, when);
  }), nameMessages('新增', f.menuName));
}

/**
 * `POST /system/menu/update`. Errors (500): as add with 修改; …上级菜单不能选择自己;
 * …上级菜单不能选择自己的子菜单 (cycle guard); 操作失败 (no such menu).
 */
export async function menuUpdate(deps: Deps, login: LoginUser, f: MenuEdit): Promise<void> {
  const when = nowText(deps.clock);
  const { store } = deps;
  await onUniqueViolation(() => store.transaction(async () => {
    const old = await findMenuById(store, f.menuId);
    if (!old) throw new AppError('notFound', '操作失败');
    await checkForm(store, '修改', { ...f, isFrame: f.isFrame ?? (old.isFrame as 0 | 1), path: f.path ?? old.path }, f.menuId);
    if (f.parentId === f.menuId) throw new AppError('invalid', `修改菜单'${f.menuName}'失败，上级菜单不能选择自己`);
    if ((await menuDescendantIds(store, f.menuId)).has(f.parentId)) throw new AppError('invalid', `修改菜单'${f.menuName}'失败，上级菜单不能选择自己的子菜单`);
    await updateMenu(store, f.menuId, {
      parentId: f.parentId, menuName: f.menuName, orderNum: f.orderNum, menuType: f.menuType, path: f.path, component: f.component,
      query: f.query, routeName: f.routeName, isFrame: f.isFrame, isCache: f.isCache, visible: f.visible, status: f.status,
      perms: f.perms, icon: f.icon, remark: f.remark,
    }, login.userName, when);
  }), nameMessages('修改', f.menuName));
}

/** `POST /system/menu/delete/{menuId}`. Errors: 601 存在子菜单,不允许删除 / 菜单已分配,不允许删除; 500 操作失败. */
export async function menuRemove(deps: Pick<Deps, 'store'>, menuId: number): Promise<void> {
  const { store } = deps;
  await store.transaction(async () => {
    if (await countMenuChildren(store, menuId) > 0) throw new AppError('warn', '存在子菜单,不允许删除');
    if (await countMenuRoles(store, menuId) > 0) throw new AppError('warn', '菜单已分配,不允许删除');
    if (await deleteMenu(store, menuId) === 0) throw new AppError('notFound', '操作失败');
  });
}
