/**
 * The scheduler's statements (issue 4; scheduler.ts, job-runner.ts): the armed jobs, the schedule
 * state sys_job_state, the fire-time leases sys_job_lease and the log row of a run. On the async
 * store (issue 43): reads await `store.db`; each claim and each log row is ONE `store.transaction`.
 *
 * Leases: one sys_job_lease row per (job, fire time), with its `owner` (the scheduler's id) and
 * `acquiredAt`; the process whose insert succeeds runs that fire (the primary key refuses the
 * others), and leases older than the keep time the caller passes are pruned (their expiry). The
 * statements are portable (no SQLite `max(a, b)`, no PostgreSQL `greatest`).
 * A claim first reads the job's row again (`FOR SHARE` on PostgreSQL, so a pause or an edit on
 * another node waits for the claim's commit, or the claim sees it): a job paused or changed since
 * the pass read it claims nothing (Quartz fires no trigger paused after its acquisition).
 * The administration's reads and writes are ./job.repo.ts and ./job-log.repo.ts.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf } from '../../../db/store/results';
import { sysJob, sysJobLease, sysJobLog, sysJobState } from '../../../db/schema';
import type { JobRecord } from './job.repo';
import type { JobLogValues } from './job-log.repo';

type SchedulerStore = Pick<Store<Db>, 'db' | 'transaction' | 'get' | 'kind'>;

/** Jobs with status '0' (normal), by id. */
export const activeJobs = async ({ db }: Pick<SchedulerStore, 'db'>): Promise<JobRecord[]> =>
  db.select().from(sysJob).where(eq(sysJob.status, '0')).orderBy(asc(sysJob.jobId));

/** jobId → last fire time handled (epoch ms). */
export async function readStates({ db }: Pick<SchedulerStore, 'db'>): Promise<Map<number, number>> {
  const rows = await db.select().from(sysJobState);
  return new Map(rows.filter((r) => r.lastFireTime !== null).map((r) => [r.jobId, Number(r.lastFireTime)]));
}

/** Raises the state of `jobId` to `t` (never lowers it); inside the caller's transaction. */
export async function advanceState({ db }: Pick<SchedulerStore, 'db'>, jobId: number, t: number): Promise<void> {
  const col = sysJobState.lastFireTime;
  await db.insert(sysJobState).values({ jobId, lastFireTime: t }).onConflictDoUpdate({
    target: sysJobState.jobId,
    set: { lastFireTime: sql`case when coalesce(${col}, 0) > excluded.last_fire_time then ${col} else excluded.last_fire_time end` },
  });
}

/** The columns of a job its fires depend on (jobFingerprint's), as JobRecord's keys. */
type FireFields = Pick<JobRecord, 'cronExpression' | 'invokeTarget' | 'misfirePolicy' | 'concurrent' | 'jobName' | 'jobGroup' | 'updateTime'>;

/**
 * What a job's fires depend on, as one string: the scheduler re-arms a job whose fingerprint
 * changed (scheduler.ts sync), and a claim refuses one whose row no longer has the armed one's.
 */
export const jobFingerprint = (j: FireFields): string =>
  JSON.stringify([j.cronExpression, j.invokeTarget, j.misfirePolicy, j.concurrent, j.jobName, j.jobGroup, j.updateTime ?? null]);

const FIRE_COLUMNS = `SELECT status, cron_expression AS "cronExpression", invoke_target AS "invokeTarget", misfire_policy AS "misfirePolicy",
  concurrent, job_name AS "jobName", job_group AS "jobGroup", update_time AS "updateTime" FROM sys_job WHERE job_id = ?`;

/**
 * True when `job` (the row a scheduler armed) is still normal (status '0') in sys_job with the
 * same jobFingerprint. `lock`: inside a claim's transaction, the row is read `FOR SHARE` on
 * PostgreSQL (a concurrent pause or edit waits for the claim's commit). One read by primary key.
 */
export async function stillScheduled(store: Pick<Store<Db>, 'get' | 'kind'>, job: JobRecord, lock = false): Promise<boolean> {
  const row = await store.get<FireFields & { status: string }>(lock && store.kind === 'postgres' ? `${FIRE_COLUMNS} FOR SHARE` : FIRE_COLUMNS, [job.jobId]);
  return !!row && row.status === '0' && jobFingerprint(row) === jobFingerprint(job);
}

/**
 * Takes the leases of `fireTimes` of `job` (the armed row) for `owner` in one transaction and
 * raises the state to `handledUpTo`; resolves to the fire times whose lease this call inserted
 * (another process that inserted first keeps the rest), or null, with nothing written, when the
 * job was paused or changed since it was read (stillScheduled). Leases of the job older than
 * `pruneBefore` are dropped on the way.
 */
export async function claimFires(store: SchedulerStore, job: JobRecord, fireTimes: number[], owner: string, now: number, handledUpTo: number, pruneBefore: number): Promise<number[] | null> {
  const { db } = store;
  const { jobId } = job;
  return store.transaction(async () => {
    if (!(await stillScheduled(store, job, true))) return null;
    const won: number[] = [];
    for (const fireTime of fireTimes) {
      const r = await db.insert(sysJobLease).values({ jobId, fireTime, owner, acquiredAt: now }).onConflictDoNothing();
      if (changesOf(r) === 1) won.push(fireTime);
    }
    await advanceState(store, jobId, handledUpTo);
    await db.delete(sysJobLease).where(and(eq(sysJobLease.jobId, jobId), lt(sysJobLease.fireTime, pruneBefore)));
    return won;
  });
}

/** Writes the log row of a run (job-runner.ts) in one transaction; resolves to its id. */
export async function insertJobLog(store: SchedulerStore, values: JobLogValues): Promise<number> {
  const { db } = store;
  return store.transaction(async () => {
    const [row] = await db.insert(sysJobLog).values(values).returning({ id: sysJobLog.jobLogId });
    return row.id;
  });
}
