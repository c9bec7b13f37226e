/**
 * sys_job reads and writes of the administration (reference §3 sys_job; issue 4), and the reset of
 * a job's schedule state when it is added, edited or resumed:
 * - sys_job_state: per job, the last fire time handled (epoch ms), the basis of misfire rules
 *   after a restart; reset to the change time when a job is added, edited or resumed;
 * - sys_job_lease: one row per (job, fire time); the process whose insert succeeds runs that fire.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries; writes run inside the caller's `store.transaction`. The scheduler's own statements
 * (armed jobs, states, lease claims, run log rows) are in ./scheduler.repo.ts.
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { sysJob, sysJobLease, sysJobState } from '../../../db/schema';
import { AppError } from '../../../core/errors';
import { contains } from '../../../core/like';
import { isDescending, type Page, type PageInput } from '../../../core/pagination';
import { pageOfAsync } from '../../common/query.repo';

type JobStore = Pick<Store<Db>, 'db'>;

export type JobRecord = typeof sysJob.$inferSelect;
export type JobValues = Omit<typeof sysJob.$inferInsert, 'jobId'>;

export interface JobFilter extends Partial<PageInput> {
  jobName?: string;
  jobGroup?: string;
  status?: string;
  invokeTarget?: string;
}

export const jobColumns: Record<string, SQLiteColumn> = {
  jobId: sysJob.jobId, jobName: sysJob.jobName, jobGroup: sysJob.jobGroup, invokeTarget: sysJob.invokeTarget,
  cronExpression: sysJob.cronExpression, misfirePolicy: sysJob.misfirePolicy, concurrent: sysJob.concurrent,
  status: sysJob.status, createTime: sysJob.createTime, updateTime: sysJob.updateTime,
};

/**
 * The ORDER BY of a list: `orderByColumn` must be a key of `columns`, else
 * AppError('invalid', 参数不符合规范，不能进行查询) (reference §1); absent → `fallback`.
 */
export function orderBy(columns: Record<string, SQLiteColumn>, f: Partial<PageInput>, fallback: SQL[]): SQL[] {
  if (!f.orderByColumn) return fallback;
  const col = columns[f.orderByColumn];
  if (!col) throw new AppError('invalid', '参数不符合规范，不能进行查询');
  return [isDescending(f.isAsc) ? desc(col) : asc(col)];
}

/** Jobs matching `f`, one page `{rows, total}` (every row when `f` has no pageNum/pageSize). */
export async function listJobs({ db }: JobStore, f: JobFilter): Promise<Page<JobRecord>> {
  const where = and(
    contains(sysJob.jobName, f.jobName, db),
    f.jobGroup ? eq(sysJob.jobGroup, f.jobGroup) : undefined,
    f.status ? eq(sysJob.status, f.status) : undefined,
    contains(sysJob.invokeTarget, f.invokeTarget, db),
  );
  const order = orderBy(jobColumns, f, [asc(sysJob.jobId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysJob).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysJob).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** One job by id, or undefined. */
export async function findJob({ db }: JobStore, jobId: number): Promise<JobRecord | undefined> {
  return firstRow(await db.select().from(sysJob).where(eq(sysJob.jobId, jobId)).limit(1));
}

/** Upsert of the state row to exactly `t` (a job added, edited or resumed at `t`). */
async function resetState({ db }: JobStore, jobId: number, t: number): Promise<void> {
  await db.insert(sysJobState).values({ jobId, lastFireTime: t })
    .onConflictDoUpdate({ target: sysJobState.jobId, set: { lastFireTime: t } });
}

/** Inserts a job and starts its schedule at `now`; returns the new id. Run inside a store transaction. */
export async function insertJob(store: JobStore, values: JobValues, now: number): Promise<number> {
  const [row] = await store.db.insert(sysJob).values(values).returning({ jobId: sysJob.jobId });
  await resetState(store, row.jobId, now);
  return row.jobId;
}

/** Updates a job and restarts its schedule at `now`; false when the job does not exist. Run inside a store transaction. */
export async function updateJob(store: JobStore, jobId: number, values: Partial<JobValues>, now: number): Promise<boolean> {
  const changed = changesOf(await store.db.update(sysJob).set(values).where(eq(sysJob.jobId, jobId))) > 0;
  if (changed) await resetState(store, jobId, now);
  return changed;
}

/**
 * Deletes jobs with their state and leases (their log rows stay); returns how many jobs. Run
 * inside a store transaction. The job rows go first: a scheduler's claim locks the job row before
 * the state row (scheduler.repo.ts claimFires), so every writer takes them in that order (no deadlock).
 */
export async function deleteJobs({ db }: JobStore, ids: number[]): Promise<number> {
  const n = changesOf(await db.delete(sysJob).where(inArray(sysJob.jobId, ids)));
  await db.delete(sysJobState).where(inArray(sysJobState.jobId, ids));
  await db.delete(sysJobLease).where(inArray(sysJobLease.jobId, ids));
  return n;
}
