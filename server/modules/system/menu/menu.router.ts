/**
 * Menu procedures `system.menu.*` (reference §2 Menus; platform spec §7 Menus). Permissions
 * `system:menu:list|query|add|edit|remove`; `treeselect` and `roleMenuTreeselect` need only a
 * session, as in RuoYi, because the role screens use them. Writes are logged as 菜单管理.
 */
import { menuAddInput, menuIdInput, menuListInput, menuUpdateInput, roleIdInput } from '../../../../shared/schemas/system/menu';
import { router } from '../../../trpc/init';
import { authedProcedure, permProcedure } from '../../../trpc/procedures';
import { ajaxOutput } from '../../../trpc/output';
import { menuAdd, menuGet, menuList, menuRemove, menuTree, menuUpdate, roleMenuTree } from './menu.service';

const log = (businessType: number) => ({ log: { title: '菜单管理', businessType } });

export const menuRouter = router({
  /** `{menuName?, visible?, status?}` → flat menu rows (admin: all; others: their roles' menus). */
  list: permProcedure('system:menu:list').input(menuListInput)
    .meta({ rest: { method: 'GET', path: '/system/menu/list', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => menuList(ctx.deps, ctx.login, input)),
  /** `[{id, label, disabled, children?}]` of the caller's menus. */
  treeselect: authedProcedure.input(menuListInput)
    .meta({ rest: { method: 'GET', path: '/system/menu/treeselect', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => menuTree(ctx.deps, ctx.login, input)),
  /** `{roleId}` → `{checkedKeys, halfCheckedKeys, menus}` (issue 38 §8, role/grant-keys.ts). */
  roleMenuTreeselect: authedProcedure.input(roleIdInput)
    .meta({ rest: { method: 'GET', path: '/system/menu/roleMenuTreeselect/:roleId', input: ['params'], envelope: 'ajax' } })
    .output(ajaxOutput<Awaited<ReturnType<typeof roleMenuTree>>>())
    .query(({ ctx, input }) => roleMenuTree(ctx.deps, ctx.login, input.roleId)),
  /** `{menuId}` → menu or null. */
  get: permProcedure('system:menu:query').input(menuIdInput)
    .meta({ rest: { method: 'GET', path: '/system/menu/:menuId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => menuGet(ctx.deps, input.menuId)),
  /** Add form → `{menuId}`. Errors: name taken under the parent, external link without http(s)://. */
  add: permProcedure('system:menu:add').meta(log(1)).input(menuAddInput)
    .meta({ rest: { method: 'POST', path: '/system/menu', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ menuId: await menuAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. Errors: as add, and not its own parent. */
  update: permProcedure('system:menu:edit').meta(log(2)).input(menuUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/menu/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/menu' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await menuUpdate(ctx.deps, ctx.login, input); }),
  /** `{menuId}`. Errors: 601 存在子菜单,不允许删除 / 菜单已分配,不允许删除. */
  remove: permProcedure('system:menu:remove').meta(log(3)).input(menuIdInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/menu/delete/:menuId', input: ['params'], envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/menu/:menuId' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await menuRemove(ctx.deps, input.menuId); }),
});
