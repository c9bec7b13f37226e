/**
 * Parity cases of the job and job-log rows (the REST metas of `monitor.job|jobLog.*`). Writes use inputs that
 * both calls can make with the same outcome (same edit twice, missing ids, a paused demo job run
 * once). The two exports answer a file over REST, which the parity runner cannot read as JSON,
 * so their case is the same AppError on both surfaces; the files are checked in jobs-rest.test.ts.
 */
import { settle, table, type ParityCase } from '../../helpers/parity';

/** The envelope as the procedure's outcome: data (or null) on success, `{error}` otherwise. */
const outcome = (e: Record<string, any>) => (e.code === 200 ? e.data ?? null : { error: e.msg });

const jobForm = {
  jobName: '系统默认（有参）', jobGroup: 'DEFAULT', invokeTarget: "ryTask.ryParams('ry')", cronExpression: '0/15 * * * * ?',
  misfirePolicy: '3', concurrent: '1', status: '1', remark: '',
};

export const jobsCases: Record<string, ParityCase> = {
  'GET /monitor/job/list': {
    url: '/monitor/job/list?pageNum=1&pageSize=2&jobGroup=DEFAULT',
    trpc: (c) => c.monitor.job.list({ pageNum: 1, pageSize: 2, jobGroup: 'DEFAULT' }), pick: table,
  },
  'GET /monitor/job/:jobId': { url: '/monitor/job/1', trpc: (c) => c.monitor.job.get({ jobId: 1 }), pick: outcome },
  'POST /monitor/job': {
    url: '/monitor/job', body: { ...jobForm, jobName: 'parity-add' }, volatile: ['jobId'],
    trpc: (c) => settle(c.monitor.job.add({ ...jobForm, jobName: 'parity-add' })), pick: outcome,
  },
  'POST /monitor/job/update': {
    url: '/monitor/job/update', body: { ...jobForm, jobId: 2 },
    trpc: (c) => settle(c.monitor.job.update({ ...jobForm, jobId: 2 })), pick: outcome,
  },
  'POST /monitor/job/delete/:jobIds': {
    url: '/monitor/job/delete/9998,9999', trpc: (c) => settle(c.monitor.job.remove({ ids: [9998, 9999] })), pick: outcome,
  },
  'POST /monitor/job/changeStatus': {
    url: '/monitor/job/changeStatus', body: { jobId: 1, status: '1' },
    trpc: (c) => settle(c.monitor.job.changeStatus({ jobId: 1, status: '1' })), pick: outcome,
  },
  'POST /monitor/job/run': {
    url: '/monitor/job/run', body: { jobId: 1, jobGroup: 'DEFAULT' },
    trpc: (c) => settle(c.monitor.job.run({ jobId: 1, jobGroup: 'DEFAULT' })), pick: outcome,
    // The run answers before it ends: each run (and its log row) is over before the next call, so
    // the second is not skipped as concurrent and the job-log cases read a log no run still writes.
    settled: (app) => app.scheduler.idle(),
  },
  'POST /monitor/job/export': {
    url: '/monitor/job/export', body: { orderByColumn: 'nope' },
    trpc: (c) => settle(c.monitor.job.export({ orderByColumn: 'nope' })), pick: outcome,
  },
  'GET /monitor/jobLog/list': {
    url: '/monitor/jobLog/list?pageNum=1&pageSize=5&jobGroup=DEFAULT',
    trpc: (c) => c.monitor.jobLog.list({ pageNum: 1, pageSize: 5, jobGroup: 'DEFAULT' }), pick: table,
  },
  'GET /monitor/jobLog/:jobLogId': { url: '/monitor/jobLog/1', trpc: (c) => c.monitor.jobLog.get({ jobLogId: 1 }), pick: outcome },
  'POST /monitor/jobLog/delete/:jobLogIds': {
    url: '/monitor/jobLog/delete/9999', trpc: (c) => settle(c.monitor.jobLog.remove({ ids: [9999] })), pick: outcome,
  },
  'POST /monitor/jobLog/clean': { url: '/monitor/jobLog/clean', trpc: (c) => settle(c.monitor.jobLog.clean()), pick: outcome },
  'POST /monitor/jobLog/export': {
    url: '/monitor/jobLog/export', body: { orderByColumn: 'nope' },
    trpc: (c) => settle(c.monitor.jobLog.export({ orderByColumn: 'nope' })), pick: outcome,
  },
};
