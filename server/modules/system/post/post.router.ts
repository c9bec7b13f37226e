/**
 * Post procedures `system.post.*` (reference §2 Posts; api-contract "System"). Permissions
 * `system:post:list|query|add|edit|remove|export`; writes and exports are logged as 岗位管理.
 */
import { idsInput } from '../../../../shared/schemas/system/dept';
import { postAddInput, postExportInput, postIdInput, postListInput, postUpdateInput } from '../../../../shared/schemas/system/post';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { postAdd, postExport, postGet, postList, postOptions, postRemove, postUpdate } from './post.service';
import { withIdList } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '岗位管理', businessType } });

export const postRouter = router({
  /** Paged `{rows, total}`; filters postCode, postName (LIKE), status. */
  list: permProcedure('system:post:list').input(postListInput)
    .meta({ rest: { method: 'GET', path: '/system/post/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => postList(ctx.deps, input)),
  /** Every post (the user form's post select); RuoYi leaves it open, we ask system:post:list. */
  optionselect: permProcedure('system:post:list')
    .meta({ rest: { method: 'GET', path: '/system/post/optionselect', envelope: 'data' } })
    .query(({ ctx }) => postOptions(ctx.deps)),
  /** `{postId}` → post or null. */
  get: permProcedure('system:post:query').input(postIdInput)
    .meta({ rest: { method: 'GET', path: '/system/post/:postId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => postGet(ctx.deps, input.postId)),
  /** Add form → `{postId}`. Errors: 新增岗位'x'失败，岗位名称已存在 / 岗位编码已存在. */
  add: permProcedure('system:post:add').meta(log(1)).input(postAddInput)
    .meta({ rest: { method: 'POST', path: '/system/post', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ postId: await postAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. Errors: 修改岗位'x'失败，…已存在. */
  update: permProcedure('system:post:edit').meta(log(2)).input(postUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/post/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/post' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await postUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}`. Errors: `<name>已分配,不能删除`. */
  remove: permProcedure('system:post:remove').meta(log(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/post/delete/:ids', input: ['params'], mapInput: withIdList('ids'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/post/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await postRemove(ctx.deps, input.ids); }),
  /** Filters → xlsx FileReply (REST envelope `file`). */
  export: permProcedure('system:post:export').meta(log(5)).input(postExportInput)
    .meta({ rest: { method: 'POST', path: '/system/post/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => postExport(ctx.deps, input)),
});
