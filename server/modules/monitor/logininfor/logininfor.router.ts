/**
 * Login log procedures `monitor.logininfor.*` (reference §2 Monitor; api-contract "System,
 * monitor, common"). Permissions `monitor:logininfor:list|remove|unlock|export`; writes are logged
 * as 登录日志 (unlock as 账户解锁, RuoYi's titles).
 */
import { idsInput } from '../../../../shared/schemas/system/dept';
import { logininforExportInput, logininforListInput, unlockInput } from '../../../../shared/schemas/monitor/logininfor';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { logininforClean, logininforExport, logininforList, logininforRemove, logininforUnlock } from './logininfor.service';
import { withIdList } from '../../../core/rest-meta';

const log = (businessType: number, title = '登录日志') => ({ log: { title, businessType } });

export const logininforRouter = router({
  /** Paged `{rows, total}`; filters ipaddr, userName (LIKE), status, login days. */
  list: permProcedure('monitor:logininfor:list').input(logininforListInput)
    .meta({ rest: { method: 'GET', path: '/monitor/logininfor/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => logininforList(ctx.deps, input)),
  /** `{ids}` (infoIds). */
  remove: permProcedure('monitor:logininfor:remove').meta(log(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/logininfor/delete/:ids', input: ['params'], mapInput: withIdList('ids'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/logininfor/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await logininforRemove(ctx.deps, input.ids); }),
  /** Deletes every login log row. */
  clean: permProcedure('monitor:logininfor:remove').meta(log(9))
    .meta({
      rest: {
        method: 'POST', path: '/monitor/logininfor/clean', envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/logininfor/clean' }],
      },
    })
    .mutation(async ({ ctx }) => { await logininforClean(ctx.deps); }),
  /** `{userName}`: clears the wrong-password lockout. */
  unlock: permProcedure('monitor:logininfor:unlock').meta(log(0, '账户解锁')).input(unlockInput)
    .meta({
      rest: {
        method: 'GET', path: '/monitor/logininfor/unlock/:userName', input: ['params'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/monitor/logininfor/unlock/:userName' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await logininforUnlock(ctx.deps, input.userName); }),
  /** Filters → xlsx FileReply. */
  export: permProcedure('monitor:logininfor:export').meta(log(5)).input(logininforExportInput)
    .meta({ rest: { method: 'POST', path: '/monitor/logininfor/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => logininforExport(ctx.deps, input)),
});
