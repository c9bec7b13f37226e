/**
 * Job log procedures `monitor.jobLog.*` (platform spec §2 "Scheduled job log", §6, §7; RuoYi
 * SysJobLogController): list `monitor:job:list`, detail `monitor:job:query`, delete and clean
 * `monitor:job:remove`, export `monitor:job:export`. Writes are logged as 调度日志.
 */
import { jobLogExportInput, jobLogIdInput, jobLogIdsInput, jobLogListInput } from '../../../../shared/schemas/job';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { jobLogClean, jobLogExport, jobLogGet, jobLogList, jobLogRemove } from './job-log.service';
import { idList } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '调度日志', businessType } });

export const jobLogRouter = router({
  /** Filters + `params[beginTime]`/`params[endTime]` (whole days) + paging → `{rows, total}`, newest first. */
  list: permProcedure('monitor:job:list').input(jobLogListInput)
    .meta({ rest: { method: 'GET', path: '/monitor/jobLog/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => jobLogList(ctx.deps, input)),
  /** `{jobLogId}` → the log row, or null. */
  get: permProcedure('monitor:job:query').input(jobLogIdInput)
    .meta({ rest: { method: 'GET', path: '/monitor/jobLog/:jobLogId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => jobLogGet(ctx.deps, input.jobLogId)),
  /** `{ids}`: deletes those rows. */
  remove: permProcedure('monitor:job:remove').meta(log(3)).input(jobLogIdsInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/jobLog/delete/:jobLogIds', input: ['params'], mapInput: (raw) => ({ ids: idList(raw.jobLogIds) }), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/jobLog/:jobLogIds' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await jobLogRemove(ctx.deps, input.ids); }),
  /** Empties the job log. */
  clean: permProcedure('monitor:job:remove').meta(log(9))
    .meta({
      rest: {
        method: 'POST', path: '/monitor/jobLog/clean', envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/jobLog/clean' }],
      },
    })
    .mutation(async ({ ctx }) => { await jobLogClean(ctx.deps); }),
  /** List filters (no paging) → xlsx FileReply. */
  export: permProcedure('monitor:job:export').meta(log(5)).input(jobLogExportInput)
    .meta({ rest: { method: 'POST', path: '/monitor/jobLog/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => jobLogExport(ctx.deps, input)),
});
