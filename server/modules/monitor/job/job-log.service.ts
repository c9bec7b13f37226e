/**
 * Job log services (platform spec §2 "Scheduled job log", §7; reference §2 Monitor, RuoYi
 * SysJobLogController): list with the day range, detail, delete, clean, export. On the async
 * store (issue 43): each delete is one `store.transaction`.
 */
import type { AppDeps } from '../../../deps';
import { exportXlsx, type ExcelColumn } from '../../../core/excel';
import type { Page } from '../../../core/pagination';
import type { FileReply } from '../../../core/files';
import { JOB_LOG_STATUS_LABELS, type JobLogRow } from '../../../../shared/schemas/job';
import { cleanJobLogs, deleteJobLogs, findJobLog, listJobLogs, type JobLogRecord } from './job-log.repo';
import type { JobFilter } from './job.repo';
import { loggable } from './job.service';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** `GET /monitor/jobLog/list` → `{rows, total}`, newest first. Errors: unknown order column. */
export const jobLogList = (deps: Deps, f: JobFilter): Promise<Page<JobLogRow>> => listJobLogs(deps.store, f);

/** `GET /monitor/jobLog/{jobLogId}` → the row, or null. */
export const jobLogGet = async (deps: Deps, jobLogId: number): Promise<JobLogRow | null> => (await findJobLog(deps.store, jobLogId)) ?? null;

/** Deletes the given rows (missing ids are ignored); returns how many went. */
export const jobLogRemove = (deps: Deps, ids: number[]): Promise<number> => deps.store.transaction(() => deleteJobLogs(deps.store, ids));

/** Empties the job log; returns how many rows went. */
export const jobLogClean = (deps: Deps): Promise<number> => deps.store.transaction(() => cleanJobLogs(deps.store));

const LOG_COLUMNS: ExcelColumn<JobLogRecord>[] = [
  { header: '日志序号', value: 'jobLogId' },
  { header: '任务名称', value: 'jobName', width: 24 },
  { header: '任务组名', value: 'jobGroup' },
  { header: '调用目标字符串', value: 'invokeTarget', width: 48 },
  { header: '日志信息', value: 'jobMessage', width: 36 },
  { header: '执行状态', value: 'status', labels: JOB_LOG_STATUS_LABELS },
  { header: '异常信息', value: 'exceptionInfo', width: 48 },
  { header: '执行时间', value: 'createTime', width: 20 },
];

/** `POST /monitor/jobLog/export` → `data_<ms>.xlsx` of every log row matching the filters. */
export async function jobLogExport(deps: Deps, f: JobFilter): Promise<FileReply> {
  const { rows } = await listJobLogs(deps.store, { ...f, pageNum: undefined, pageSize: undefined });
  return loggable(await exportXlsx('调度日志', LOG_COLUMNS, rows, deps.clock.now()));
}
