/**
 * Notice procedures `system.notice.*` (通知公告, issue 41 §5; RuoYi SysNoticeController). Permissions
 * `system:notice:list|query|add|edit|remove`; writes are logged as 通知公告 (RuoYi's @Log title).
 * No export: none upstream.
 */
import { idsInput } from '../../../../shared/schemas/system/dept';
import { noticeAddInput, noticeIdInput, noticeListInput, noticeUpdateInput } from '../../../../shared/schemas/system/notice';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { noticeAdd, noticeGet, noticeList, noticeRemove, noticeUpdate } from './notice.service';
import { withIdList } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '通知公告', businessType } });

export const noticeRouter = router({
  /** Paged `{rows, total}`; filters noticeTitle, createBy (LIKE), noticeType, status. */
  list: permProcedure('system:notice:list').input(noticeListInput)
    .meta({ rest: { method: 'GET', path: '/system/notice/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => noticeList(ctx.deps, input)),
  /** `{noticeId}` → notice or null. */
  get: permProcedure('system:notice:query').input(noticeIdInput)
    .meta({ rest: { method: 'GET', path: '/system/notice/:noticeId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => noticeGet(ctx.deps, input.noticeId)),
  /** Add form → `{noticeId}`. Errors: 公告标题不能为空, 公告标题不能超过50个字符, 公告内容不能超过64KB. */
  add: permProcedure('system:notice:add').meta(log(1)).input(noticeAddInput)
    .meta({ rest: { method: 'POST', path: '/system/notice', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ noticeId: await noticeAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. Errors: as add; 操作失败 (no such notice). */
  update: permProcedure('system:notice:edit').meta(log(2)).input(noticeUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/notice/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/notice' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await noticeUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}`. Errors: 操作失败 (none exists). */
  remove: permProcedure('system:notice:remove').meta(log(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/notice/delete/:ids', input: ['params'], mapInput: withIdList('ids'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/notice/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await noticeRemove(ctx.deps, input.ids); }),
});
