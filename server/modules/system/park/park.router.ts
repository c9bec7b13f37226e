/**
 * Park procedures `system.park.*` (issue 3 "Parks"; api-contract "System"). Permissions
 * `system:park:list|query|add|edit|remove` (the seeded menus hold none: admin passes by `*:*:*`);
 * writes are logged as 园区管理.
 */
import { parkAddInput, parkIdInput, parkListInput, parkUpdateInput } from '../../../../shared/schemas/system/park';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { parkAdd, parkGet, parkList, parkRemove, parkTree, parkUpdate } from './park.service';

const log = (businessType: number) => ({ log: { title: '园区管理', businessType } });

export const parkRouter = router({
  /** `{parkName?, status?}` → park rows ordered by parent and order number. */
  list: permProcedure('system:park:list').input(parkListInput)
    .meta({ rest: { method: 'GET', path: '/system/park/list', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => parkList(ctx.deps, input)),
  /** `{parkName?, status?}` → `[{id, label, disabled, children?}]`. */
  treeselect: permProcedure('system:park:list').input(parkListInput)
    .meta({ rest: { method: 'GET', path: '/system/park/treeselect', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => parkTree(ctx.deps, input)),
  /** `{parkId}` → park with parentName, or null. */
  get: permProcedure('system:park:query').input(parkIdInput)
    .meta({ rest: { method: 'GET', path: '/system/park/:parkId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => parkGet(ctx.deps, input.parkId)),
  /** Add form → `{parkId}`. Errors: name taken under the parent, parent disabled or missing. */
  add: permProcedure('system:park:add').meta(log(1)).input(parkAddInput)
    .meta({ rest: { method: 'POST', path: '/system/park', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ parkId: await parkAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. Errors: see parkUpdate. */
  update: permProcedure('system:park:edit').meta(log(2)).input(parkUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/park/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/park' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await parkUpdate(ctx.deps, ctx.login, input); }),
  /** `{parkId}`: soft delete. Errors: 601 存在下级园区,不允许删除. */
  remove: permProcedure('system:park:remove').meta(log(3)).input(parkIdInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/park/delete/:parkId', input: ['params'], envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/park/:parkId' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await parkRemove(ctx.deps, ctx.login, input.parkId); }),
});
