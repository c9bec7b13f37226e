/**
 * Job services (platform spec §7 "Jobs and logs"; reference §5; RuoYi SysJobController /
 * SysJobServiceImpl). Writes check the rules of job-rules.ts first (nothing is written when one
 * fails), run in one transaction, reset the job's schedule state to now, and tell the scheduler
 * (`jobsChanged`), so a change applies at once; paused jobs are disarmed.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import { exportXlsx, type ExcelColumn } from '../../../core/excel';
import type { Page } from '../../../core/pagination';
import type { FileReply } from '../../../core/files';
import { formatDateTime } from '../../../../shared/utils/date';
import { CONCURRENT_LABELS, JOB_STATUS_LABELS, MISFIRE_LABELS, type JobForm, type JobRow } from '../../../../shared/schemas/job';
import { nextFireAfter } from './cron';
import { assertJobRules, cronOf } from './job-rules';
import { deleteJobs, findJob, insertJob, listJobs, updateJob, type JobFilter, type JobRecord } from './job.repo';
import { defaultRegistry } from './handlers';
import { schedulerOf } from './scheduler';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const registryOf = (deps: Deps) => schedulerOf(deps.db)?.registry ?? defaultRegistry;
const changed = (deps: Deps) => schedulerOf(deps.db)?.jobsChanged();

/** A job row with `nextValidTime`: the next fire time after `now`, or null (none in the future). */
export function toJobRow(job: JobRecord, now: number): JobRow {
  const cron = cronOf(job.cronExpression);
  const next = cron ? nextFireAfter(cron, now) : null;
  return { ...job, nextValidTime: next === null ? null : formatDateTime(next) };
}

/** `GET /monitor/job/list` → `{rows, total}` ordered by id. Errors: unknown order column. */
export function jobList(deps: Deps, f: JobFilter): Page<JobRow> {
  const page = listJobs(deps.db, f);
  const now = deps.clock.now();
  return { total: page.total, rows: page.rows.map((j) => toJobRow(j, now)) };
}

/** `GET /monitor/job/{jobId}` → the job with `nextValidTime`, or null. */
export function jobGet(deps: Deps, jobId: number): JobRow | null {
  const job = findJob(deps.db, jobId);
  return job ? toJobRow(job, deps.clock.now()) : null;
}

/** Adds a job; returns its id. Errors: 新增任务'<name>'失败，<rule> (job-rules.ts). */
export function jobAdd(deps: Deps, login: LoginUser, form: JobForm): number {
  assertJobRules(form, '新增', registryOf(deps));
  const jobId = insertJob(deps.db, { ...form, createBy: login.userName, createTime: nowText(deps.clock) }, deps.clock.now());
  changed(deps);
  return jobId;
}

/** Edits a job (all fields). Errors: the rules; 修改任务'<name>'失败，任务不存在. */
export function jobUpdate(deps: Deps, login: LoginUser, form: JobForm & { jobId: number }): void {
  assertJobRules(form, '修改', registryOf(deps));
  const { jobId, ...values } = form;
  const ok = updateJob(deps.db, jobId, { ...values, updateBy: login.userName, updateTime: nowText(deps.clock) }, deps.clock.now());
  if (!ok) throw new AppError('notFound', `修改任务'${form.jobName}'失败，任务不存在`);
  changed(deps);
}

/** Deletes jobs (their schedule state and leases too; log rows stay). Missing ids are ignored. */
export function jobRemove(deps: Deps, ids: number[]): void {
  deleteJobs(deps.db, ids);
  changed(deps);
}

/** `{jobId, status}`: '0' resumes (schedule restarts now), '1' pauses. Errors: 任务不存在. */
export function jobChangeStatus(deps: Deps, login: LoginUser, jobId: number, status: '0' | '1'): void {
  const ok = updateJob(deps.db, jobId, { status, updateBy: login.userName, updateTime: nowText(deps.clock) }, deps.clock.now());
  if (!ok) throw new AppError('notFound', '任务不存在');
  changed(deps);
}

/**
 * `{jobId, jobGroup?}`: runs the job once now, even when paused, without waiting for it (its
 * log row tells the outcome). Errors: 任务不存在或已过期！ (unknown id, or another group).
 */
export function jobRun(deps: Deps, jobId: number, jobGroup?: string): void {
  const job = findJob(deps.db, jobId);
  const scheduler = schedulerOf(deps.db);
  if (!job || (jobGroup && jobGroup !== job.jobGroup) || !scheduler) throw new AppError('notFound', '任务不存在或已过期！');
  void scheduler.runOnce(job);
}

const JOB_COLUMNS: ExcelColumn<JobRecord>[] = [
  { header: '任务序号', value: 'jobId' },
  { header: '任务名称', value: 'jobName', width: 24 },
  { header: '任务组名', value: 'jobGroup' },
  { header: '调用目标字符串', value: 'invokeTarget', width: 48 },
  { header: '执行表达式', value: 'cronExpression', width: 20 },
  { header: '计划策略', value: 'misfirePolicy', labels: MISFIRE_LABELS },
  { header: '并发执行', value: 'concurrent', labels: CONCURRENT_LABELS },
  { header: '任务状态', value: 'status', labels: JOB_STATUS_LABELS },
];

/** An xlsx FileReply whose JSON (the operation log's result) is `{fileName}`. */
export function loggable(file: FileReply): FileReply {
  return Object.defineProperty({ ...file }, 'toJSON', { value: () => ({ fileName: file.fileName }), enumerable: false });
}

/** `POST /monitor/job/export` → `data_<ms>.xlsx` of every job matching the filters. */
export async function jobExport(deps: Deps, f: JobFilter): Promise<FileReply> {
  const { rows } = listJobs(deps.db, { ...f, pageNum: undefined, pageSize: undefined });
  return loggable(await exportXlsx('定时任务', JOB_COLUMNS, rows, deps.clock.now()));
}
