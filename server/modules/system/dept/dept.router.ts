/**
 * Dept procedures `system.dept.*` (reference §2 Depts; api-contract "System"). Permissions
 * `system:dept:list|query|add|edit|remove`; writes are logged as 部门管理. The services are async
 * (the store port, issue 43): resolvers return or await their promises.
 */
import { deptAddInput, deptIdInput, deptListInput, deptUpdateInput } from '../../../../shared/schemas/system/dept';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { deptAdd, deptGet, deptList, deptListExcluding, deptRemove, deptTree, deptUpdate } from './dept.service';

const log = (businessType: number) => ({ log: { title: '部门管理', businessType } });

export const deptRouter = router({
  /** `{deptName?, status?}` → dept rows (data scope), ordered by parent and order number. */
  list: permProcedure('system:dept:list').input(deptListInput)
    .meta({ rest: { method: 'GET', path: '/system/dept/list', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => deptList(ctx.deps, ctx.login, input)),
  /** `{deptId}` → the scoped list without that dept and its subtree (parent picker of the edit form). */
  listExclude: permProcedure('system:dept:list').input(deptIdInput)
    .meta({ rest: { method: 'GET', path: '/system/dept/list/exclude/:deptId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => deptListExcluding(ctx.deps, ctx.login, input.deptId)),
  /** `{deptName?, status?}` → `[{id, label, disabled, children?}]` of the scoped depts. */
  treeselect: permProcedure('system:dept:list').input(deptListInput)
    .meta({ rest: { method: 'GET', path: '/system/dept/treeselect', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => deptTree(ctx.deps, ctx.login, input)),
  /** `{deptId}` → dept with parentName, or null. Errors: 没有权限访问部门数据！. */
  get: permProcedure('system:dept:query').input(deptIdInput)
    .meta({ rest: { method: 'GET', path: '/system/dept/:deptId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => deptGet(ctx.deps, ctx.login, input.deptId)),
  /** Add form → `{deptId}`. Errors: name taken, parent disabled or missing, parent out of scope. */
  add: permProcedure('system:dept:add').meta(log(1)).input(deptAddInput)
    .meta({ rest: { method: 'POST', path: '/system/dept', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ deptId: await deptAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. Errors: see deptUpdate. */
  update: permProcedure('system:dept:edit').meta(log(2)).input(deptUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/dept/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/dept' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await deptUpdate(ctx.deps, ctx.login, input); }),
  /** `{deptId}`: soft delete. Errors: 601 存在下级部门,不允许删除 / 部门存在用户,不允许删除. */
  remove: permProcedure('system:dept:remove').meta(log(3)).input(deptIdInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/dept/delete/:deptId', input: ['params'], envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/dept/:deptId' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await deptRemove(ctx.deps, ctx.login, input.deptId); }),
});
