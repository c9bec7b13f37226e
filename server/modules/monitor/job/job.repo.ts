/**
 * sys_job reads and writes, and the scheduler's bookkeeping tables (reference §3 sys_job; issue 4):
 * - sys_job_state: per job, the last fire time handled (epoch ms), the basis of misfire rules
 *   after a restart; reset to the change time when a job is added, edited or resumed;
 * - sys_job_lease: one row per (job, fire time); the process whose insert succeeds runs that fire.
 */
import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { sysJob, sysJobLease, sysJobState } from '../../../db/schema';
import { AppError } from '../../../core/errors';
import { contains } from '../../../core/like';
import { isDescending, pageWindow, type Page, type PageInput } from '../../../core/pagination';

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
export function listJobs(db: Db, f: JobFilter): Page<JobRecord> {
  const where = and(
    contains(sysJob.jobName, f.jobName),
    f.jobGroup ? eq(sysJob.jobGroup, f.jobGroup) : undefined,
    f.status ? eq(sysJob.status, f.status) : undefined,
    contains(sysJob.invokeTarget, f.invokeTarget),
  );
  const order = orderBy(jobColumns, f, [asc(sysJob.jobId)]);
  const q = db.select().from(sysJob).where(where).orderBy(...order);
  if (f.pageNum === undefined || f.pageSize === undefined) {
    const rows = q.all();
    return { rows, total: rows.length };
  }
  const total = db.select({ n: count() }).from(sysJob).where(where).get()!.n;
  const { offset, limit } = pageWindow({ pageNum: f.pageNum, pageSize: f.pageSize }, total);
  return { rows: q.limit(limit).offset(offset).all(), total };
}

export const findJob = (db: Db, jobId: number): JobRecord | undefined =>
  db.select().from(sysJob).where(eq(sysJob.jobId, jobId)).get();

/** Jobs with status '0' (normal), by id. */
export const activeJobs = (db: Db): JobRecord[] =>
  db.select().from(sysJob).where(eq(sysJob.status, '0')).orderBy(asc(sysJob.jobId)).all();

/** Upsert of the state row to exactly `t` (a job added, edited or resumed at `t`). */
function resetState(db: Pick<Db, 'insert'>, jobId: number, t: number): void {
  db.insert(sysJobState).values({ jobId, lastFireTime: t })
    .onConflictDoUpdate({ target: sysJobState.jobId, set: { lastFireTime: t } }).run();
}

/** Inserts a job and starts its schedule at `now`; returns the new id. One transaction. */
export function insertJob(db: Db, values: JobValues, now: number): number {
  return db.transaction((tx) => {
    const { jobId } = tx.insert(sysJob).values(values).returning({ jobId: sysJob.jobId }).get();
    resetState(tx, jobId, now);
    return jobId;
  });
}

/** Updates a job and restarts its schedule at `now`; false when the job does not exist. */
export function updateJob(db: Db, jobId: number, values: Partial<JobValues>, now: number): boolean {
  return db.transaction((tx) => {
    const changed = tx.update(sysJob).set(values).where(eq(sysJob.jobId, jobId)).run().changes > 0;
    if (changed) resetState(tx, jobId, now);
    return changed;
  });
}

/** Deletes jobs with their state and leases (their log rows stay); returns how many jobs. */
export function deleteJobs(db: Db, ids: number[]): number {
  return db.transaction((tx) => {
    tx.delete(sysJobState).where(inArray(sysJobState.jobId, ids)).run();
    tx.delete(sysJobLease).where(inArray(sysJobLease.jobId, ids)).run();
    return tx.delete(sysJob).where(inArray(sysJob.jobId, ids)).run().changes;
  });
}

/** jobId → last fire time handled (epoch ms). */
export function readStates(db: Db): Map<number, number> {
  const rows = db.select().from(sysJobState).all();
  return new Map(rows.filter((r) => r.lastFireTime !== null).map((r) => [r.jobId, r.lastFireTime as number]));
}

/** Raises the state of `jobId` to `t` (never lowers it). */
export function advanceState(db: Pick<Db, 'insert'>, jobId: number, t: number): void {
  db.insert(sysJobState).values({ jobId, lastFireTime: t }).onConflictDoUpdate({
    target: sysJobState.jobId,
    set: { lastFireTime: sql`max(coalesce(${sysJobState.lastFireTime}, 0), excluded.last_fire_time)` },
  }).run();
}

/**
 * Takes the leases of `fireTimes` for `owner` in one IMMEDIATE transaction and raises the state
 * to `handledUpTo`; returns the fire times whose lease this call inserted (another process that
 * inserted first keeps the rest). Leases older than `pruneBefore` are dropped on the way.
 */
export function claimFires(db: Db, jobId: number, fireTimes: number[], owner: string, now: number, handledUpTo: number, pruneBefore: number): number[] {
  return db.transaction((tx) => {
    const won = fireTimes.filter((fireTime) =>
      tx.insert(sysJobLease).values({ jobId, fireTime, owner, acquiredAt: now }).onConflictDoNothing().run().changes === 1);
    advanceState(tx, jobId, handledUpTo);
    tx.delete(sysJobLease).where(and(eq(sysJobLease.jobId, jobId), lt(sysJobLease.fireTime, pruneBefore))).run();
    return won;
  }, { behavior: 'immediate' });
}
