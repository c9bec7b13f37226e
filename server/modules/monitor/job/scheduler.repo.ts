/**
 * The scheduler's statements (issue 4; scheduler.ts, job-runner.ts): the armed jobs, the schedule
 * state sys_job_state, the fire-time leases sys_job_lease and the log row of a run. Synchronous on
 * purpose (issue 43): the scheduler claims fire times in a synchronous IMMEDIATE transaction and
 * re-reads the jobs synchronously when a service tells it of a change (`jobsChanged`); issue 44
 * moves it onto the async store. The administration's reads and writes are ./job.repo.ts and
 * ./job-log.repo.ts (on the store).
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysJob, sysJobLease, sysJobLog, sysJobState } from '../../../db/schema';
import type { JobRecord } from './job.repo';
import type { JobLogValues } from './job-log.repo';

/** Jobs with status '0' (normal), by id. */
export const activeJobs = (db: Db): JobRecord[] =>
  db.select().from(sysJob).where(eq(sysJob.status, '0')).orderBy(asc(sysJob.jobId)).all();

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

/** Writes the log row of a run (job-runner.ts); returns its id. */
export const insertJobLog = (db: Db, values: JobLogValues): number =>
  db.insert(sysJobLog).values(values).returning({ id: sysJobLog.jobLogId }).get().id;
