/**
 * Job procedures `monitor.job.*` (platform spec §7 "Jobs and logs"; reference §2 Monitor, §5).
 * Permissions as RuoYi's SysJobController: list/export/query/add/edit/remove `monitor:job:*`;
 * `changeStatus` and `run` both need `monitor:job:changeStatus`. Writes are logged as 定时任务.
 */
import {
  jobAddInput, jobChangeStatusInput, jobExportInput, jobIdInput, jobIdsInput, jobListInput, jobRunInput, jobUpdateInput,
} from '../../../../shared/schemas/job';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { jobAdd, jobChangeStatus, jobExport, jobGet, jobList, jobRemove, jobRun, jobUpdate } from './job.service';
import { idList } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '定时任务', businessType } });

export const jobRouter = router({
  /** `{jobName?, jobGroup?, status?, invokeTarget?, pageNum, pageSize}` → `{rows, total}` with nextValidTime. */
  list: permProcedure('monitor:job:list').input(jobListInput)
    .meta({ rest: { method: 'GET', path: '/monitor/job/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => jobList(ctx.deps, input)),
  /** `{jobId}` → the job with `nextValidTime` (`yyyy-MM-dd HH:mm:ss` or null), or null. */
  get: permProcedure('monitor:job:query').input(jobIdInput)
    .meta({ rest: { method: 'GET', path: '/monitor/job/:jobId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => jobGet(ctx.deps, input.jobId)),
  /** Add form → `{jobId}`. Errors: 新增任务'<name>'失败，<Cron表达式不正确 | …不在白名单内 | …>. */
  add: permProcedure('monitor:job:add').meta(log(1)).input(jobAddInput)
    .meta({ rest: { method: 'POST', path: '/monitor/job', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ jobId: await jobAdd(ctx.deps, ctx.login, input) })),
  /** Edit form with jobId. Errors: 修改任务'<name>'失败，<rule | 任务不存在>. */
  update: permProcedure('monitor:job:edit').meta(log(2)).input(jobUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/job/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/monitor/job' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await jobUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}`: deletes the jobs (log rows stay). */
  remove: permProcedure('monitor:job:remove').meta(log(3)).input(jobIdsInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/job/delete/:jobIds', input: ['params'], mapInput: (raw) => ({ ids: idList(raw.jobIds) }), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/job/:jobIds' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await jobRemove(ctx.deps, input.ids); }),
  /** `{jobId, status}`: 0 resume, 1 pause. Errors: 任务不存在. */
  changeStatus: permProcedure('monitor:job:changeStatus').meta(log(2)).input(jobChangeStatusInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/job/changeStatus', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/monitor/job/changeStatus' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await jobChangeStatus(ctx.deps, ctx.login, input.jobId, input.status); }),
  /** `{jobId, jobGroup?}`: runs once now, even when paused. Errors: 任务不存在或已过期！. */
  run: permProcedure('monitor:job:changeStatus').meta(log(2)).input(jobRunInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/job/run', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/monitor/job/run' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await jobRun(ctx.deps, input.jobId, input.jobGroup); }),
  /** List filters (no paging) → xlsx FileReply (REST sends it as a file). */
  export: permProcedure('monitor:job:export').meta(log(5)).input(jobExportInput)
    .meta({ rest: { method: 'POST', path: '/monitor/job/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => jobExport(ctx.deps, input)),
});
