/**
 * Job services (platform spec §7 "Jobs and logs"; reference §5; RuoYi SysJobController /
 * SysJobServiceImpl). Writes check the rules of job-rules.ts first (nothing is written when one
 * fails), run in one transaction, reset the job's schedule state to now, and tell the scheduler
 * (`jobsChanged`), so a change applies at once; paused jobs are disarmed.
 *
 * On the async store (issue 43): reads await the store, each write is one `store.transaction`; the
 * scheduler is told after its commit, as before, and the write resolves once it has re-read
 * sys_job through the store (./scheduler.ts `jobsChanged`, issue 44). The scheduler is found by
 * the store it was made with (`schedulerOf(deps.store)`).
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

type Deps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

const registryOf = (deps: Pick<AppDeps, 'store'>) => schedulerOf(deps.store)?.registry ?? defaultRegistry;
const changed = async (deps: Pick<AppDeps, 'store'>) => { await schedulerOf(deps.store)?.jobsChanged(); };

/** A job row with `nextValidTime`: the next fire time after `now`, or null (none in the future). */
export function toJobRow(job: JobRecord, now: number): JobRow {
  const cron = cronOf(job.cronExpression);
  const next = cron ? nextFireAfter(cron, now) : null;
  return { ...job, nextValidTime: next === null ? null : formatDateTime(next) };
}

/** `GET /monitor/job/list` → `{rows, total}` ordered by id. Errors: unknown order column. */
export async function jobList(deps: Deps, f: JobFilter): Promise<Page<JobRow>> {
  const page = await listJobs(deps.store, f);
  const now = deps.clock.now();
  return { total: page.total, rows: page.rows.map((j) => toJobRow(j, now)) };
}

/** `GET /monitor/job/{jobId}` → the job with `nextValidTime`, or null. */
export async function jobGet(deps: Deps, jobId: number): Promise<JobRow | null> {
  const job = await findJob(deps.store, jobId);
  return job ? toJobRow(job, deps.clock.now()) : null;
}

/** Adds a job; returns its id. Errors: 新增任务'<name>'失败，<rule> (job-rules.ts). */
export async function jobAdd(deps: Deps, login: LoginUser, form: JobForm): Promise<number> {
  assertJobRules(form, '新增', registryOf(deps));
  const values = { ...form, createBy: login.userName, createTime: nowText(deps.clock) };
  const now = deps.clock.now();
  const jobId = await deps.store.transaction(() => insertJob(deps.store, values, now));
  await changed(deps);
  return jobId;
}

/** Edits a job (all fields). Errors: the rules; 修改任务'<name>'失败，任务不存在. */
export async function jobUpdate(deps: Deps, login: LoginUser, form: JobForm & { jobId: number }): Promise<void> {
  assertJobRules(form, '修改', registryOf(deps));
  const { jobId, ...rest } = form;
  const values = { ...rest, updateBy: login.userName, updateTime: nowText(deps.clock) };
  const now = deps.clock.now();
  await deps.store.transaction(async () => {
    if (!(await updateJob(deps.store, jobId, values, now))) throw new AppError('notFound', `修改任务'${form.jobName}'失败，任务不存在`);
  });
  await changed(deps);
}

/** Deletes jobs (their schedule state and leases too; log rows stay). Missing ids are ignored. */
export async function jobRemove(deps: Deps, ids: number[]): Promise<void> {
  await deps.store.transaction(() => deleteJobs(deps.store, ids));
  await changed(deps);
}

/** `{jobId, status}`: '0' resumes (schedule restarts now), '1' pauses. Errors: 任务不存在. */
export async function jobChangeStatus(deps: Deps, login: LoginUser, jobId: number, status: '0' | '1'): Promise<void> {
  const values = { status, updateBy: login.userName, updateTime: nowText(deps.clock) };
  const now = deps.clock.now();
  await deps.store.transaction(async () => {
    if (!(await updateJob(deps.store, jobId, values, now))) throw new AppError('notFound', '任务不存在');
  });
  await changed(deps);
}

/**
 * `{jobId, jobGroup?}`: runs the job once now, even when paused, without waiting for it (its
 * log row tells the outcome). Errors: 任务不存在或已过期！ (unknown id, or another group).
 */
export async function jobRun(deps: Deps, jobId: number, jobGroup?: string): Promise<void> {
  const job = await findJob(deps.store, jobId);
  const scheduler = schedulerOf(deps.store);
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
  const { rows } = await listJobs(deps.store, { ...f, pageNum: undefined, pageSize: undefined });
  return loggable(await exportXlsx('定时任务', JOB_COLUMNS, rows, deps.clock.now()));
}
