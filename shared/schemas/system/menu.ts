/**
 * Menu shapes (reference §2 Menus, §3 sys_menu): types M directory, C menu, F button; isFrame 0 an
 * external link / 1 not; isCache 0 cached / 1 not; visible 0 shown / 1 hidden.
 */
import { z } from 'zod';
import { filterText, idValue, optionalCode, optionalText, requiredCode, requiredInt, requiredText, statusField } from './dept';

/** `GET /system/menu/list` and `treeselect` filters. */
export const menuListInput = z.object({
  menuName: filterText,
  visible: optionalCode(['0', '1']),
  status: optionalCode(['0', '1']),
});
export type MenuListInput = z.input<typeof menuListInput>;

/** 0 or 1 given as number or text; absent → `fallback` (undefined: keep the stored value). */
const zeroOne = <F extends 0 | 1 | undefined>(fallback: F) =>
  z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal(''), z.null()]).optional()
    .transform((v) => (v === undefined || v === null || v === '' ? fallback : (Number(v) as 0 | 1)));

/** Add form (`POST /system/menu`). */
export const menuAddInput = z.object({
  parentId: requiredInt('上级菜单').pipe(z.number().min(0)),
  menuName: requiredText('菜单名称', 50),
  orderNum: requiredInt('显示顺序'),
  menuType: requiredCode('菜单类型', ['M', 'C', 'F']),
  path: optionalText('路由地址', 200),
  component: optionalText('组件路径', 255),
  query: optionalText('路由参数', 255),
  routeName: optionalText('路由名称', 50),
  isFrame: zeroOne(1),
  isCache: zeroOne(0),
  visible: statusField,
  status: statusField,
  perms: optionalText('权限标识', 100),
  icon: optionalText('菜单图标', 100),
  remark: optionalText('备注', 500, 'multiline'),
});
export type MenuAddInput = z.input<typeof menuAddInput>;

/** Edit form (`POST /system/menu/update`). */
export const menuUpdateInput = menuAddInput.extend({
  menuId: idValue,
  isFrame: zeroOne(undefined),
  isCache: zeroOne(undefined),
  visible: optionalCode(['0', '1']),
  status: optionalCode(['0', '1']),
});
export type MenuUpdateInput = z.input<typeof menuUpdateInput>;

export const menuIdInput = z.object({ menuId: idValue });
export const roleIdInput = z.object({ roleId: idValue });
