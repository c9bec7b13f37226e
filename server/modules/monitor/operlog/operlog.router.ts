/**
 * Operation log procedures `monitor.operlog.*` (reference §2 Monitor). Permissions
 * `monitor:operlog:list|remove|export`; writes are logged as 操作日志.
 */
import { idsInput } from '../../../../shared/schemas/system/dept';
import { operlogExportInput, operlogListInput } from '../../../../shared/schemas/monitor/operlog';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { operlogClean, operlogExport, operlogList, operlogRemove } from './operlog.service';
import { withIdList } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '操作日志', businessType } });

export const operlogRouter = router({
  /** Paged `{rows, total}`; filters title, operName, operIp (LIKE), businessType, status, days. */
  list: permProcedure('monitor:operlog:list').input(operlogListInput)
    .meta({ rest: { method: 'GET', path: '/monitor/operlog/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => operlogList(ctx.deps, input)),
  /** `{ids}` (operIds). */
  remove: permProcedure('monitor:operlog:remove').meta(log(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/operlog/delete/:ids', input: ['params'], mapInput: withIdList('ids'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/operlog/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await operlogRemove(ctx.deps, input.ids); }),
  /** Deletes every operation log row. */
  clean: permProcedure('monitor:operlog:remove').meta(log(9))
    .meta({
      rest: {
        method: 'POST', path: '/monitor/operlog/clean', envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/operlog/clean' }],
      },
    })
    .mutation(async ({ ctx }) => { await operlogClean(ctx.deps); }),
  /** Filters → xlsx FileReply. */
  export: permProcedure('monitor:operlog:export').meta(log(5)).input(operlogExportInput)
    .meta({ rest: { method: 'POST', path: '/monitor/operlog/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => operlogExport(ctx.deps, input)),
});
