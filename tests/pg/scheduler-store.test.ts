/**
 * The scheduler's, the cache monitor's and the upload ledger's statements on both adapters (issue
 * 44): lease claims (first insert wins, also when two claims race on PostgreSQL's pool; none for a
 * job paused or changed since it was read, also when the pause is in flight), the schedule state
 * raised and never lowered, run log rows, the maintenance deletes, the clear log,
 * the upload sums and the database figures of 服务监控.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { seedDatabase } from '../../server/db/seed';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import { sysJobLease, sysJobState } from '../../server/db/schema';
import { claimFires, insertJobLog, readStates, stillScheduled } from '../../server/modules/monitor/job/scheduler.repo';
import { findJob, insertJob, updateJob, type JobRecord } from '../../server/modules/monitor/job/job.repo';
import { deleteExpiredSessions, deleteLogsBefore } from '../../server/modules/monitor/job/maintenance.repo';
import { appendClearEvent, readClearLog } from '../../server/modules/monitor/cache/cache.repo';
import { insertUpload, totalUploadBytes, userUploadBytes } from '../../server/modules/common/upload-quota.repo';
import { databaseFigures } from '../../server/modules/monitor/server/server.repo';
import { freshDatabase } from './fresh-db';

let pgStore: Store<Db>;
let lite: Store<Db>;
let url: string;

beforeAll(async () => {
  url = await freshDatabase('sched');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  for (const store of [pgStore, lite]) await seedDatabase(store, '2026-01-05 09:00:00', { listeners: [] });
});
afterAll(async () => {
  await pgStore?.close();
  await lite?.close();
});

const both = () => [['postgres', pgStore], ['sqlite', lite]] as const;
const T = 1_800_000_000_000;
let jobs = 0;

/** A normal job added to `s` (its schedule state at 0), read back as a scheduler arms it. */
async function armedJob(s: Store<Db>): Promise<JobRecord> {
  const jobId = await s.transaction(() => insertJob(s, { jobName: `claim-${++jobs}`, jobGroup: 'DEFAULT', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?', misfirePolicy: '3', concurrent: '1', status: '0', updateTime: '2026-01-05 09:00:00' }, 0));
  return (await findJob(s, jobId))!;
}

describe.each([['postgres'], ['sqlite']])('on %s', (kind) => {
  const store = () => Object.fromEntries(both())[kind] as Store<Db>;

  it('claims leases: the first insert of a (job, fire time) wins; the state is raised, never lowered; old leases pruned', async () => {
    const s = store();
    const job = await armedJob(s);
    const { jobId } = job;
    expect(await claimFires(s, job, [T + 1000, T + 2000], 'A', T + 2000, T + 2000, 0)).toEqual([T + 1000, T + 2000]);
    expect(await claimFires(s, job, [T + 2000, T + 3000], 'B', T + 3000, T + 3000, 0)).toEqual([T + 3000]);
    expect((await readStates(s)).get(jobId)).toBe(T + 3000);
    expect(await claimFires(s, job, [], 'A', T + 3000, T + 1500, T + 1500)).toEqual([]); // a lower handledUpTo keeps the state
    expect((await readStates(s)).get(jobId)).toBe(T + 3000);
    const leases = await s.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, jobId)).orderBy(sysJobLease.fireTime);
    expect(leases.map((l) => [Number(l.fireTime), l.owner])).toEqual([[T + 2000, 'A'], [T + 3000, 'B']]);
    const [state] = await s.db.select().from(sysJobState).where(eq(sysJobState.jobId, jobId));
    expect(Number(state.lastFireTime)).toBe(T + 3000);
  });

  it('claims nothing, and writes nothing, for a job paused or changed since the scheduler read it', async () => {
    const s = store();
    const job = await armedJob(s);
    expect(await stillScheduled(s, job)).toBe(true);
    const change = (values: Parameters<typeof updateJob>[2]) => s.transaction(() => updateJob(s, job.jobId, values, 5));
    await change({ status: '1' }); // paused (its update time kept: the status alone refuses)
    expect(await stillScheduled(s, job)).toBe(false);
    expect(await claimFires(s, job, [T + 1000], 'A', T + 1000, T + 1000, 0)).toBeNull();
    expect(await s.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, job.jobId))).toEqual([]);
    expect((await readStates(s)).get(job.jobId)).toBe(5); // the pause's reset, not the claim's
    await change({ status: '0', cronExpression: '0/20 * * * * ?', updateTime: '2026-01-05 09:00:01' }); // resumed with a new schedule
    expect(await claimFires(s, job, [T + 1000], 'A', T + 1000, T + 1000, 0)).toBeNull();
    const edited = (await findJob(s, job.jobId))!;
    expect(await claimFires(s, edited, [T + 1000], 'A', T + 1000, T + 1000, 0)).toEqual([T + 1000]); // re-armed: claims
    await s.transaction(async () => { await s.run('DELETE FROM sys_job WHERE job_id = ?', [job.jobId]); });
    expect(await claimFires(s, edited, [T + 2000], 'A', T + 2000, T + 2000, 0)).toBeNull(); // deleted
  });

  it('writes run log rows and deletes old logs and expired sessions', async () => {
    const s = store();
    const id = await insertJobLog(s, { jobName: 'n', jobGroup: 'DEFAULT', invokeTarget: 'ryTask.ryNoParams', jobMessage: 'm', status: '0', exceptionInfo: '', createTime: '2020-01-01 00:00:00' });
    expect(id).toBeGreaterThan(0);
    expect((await deleteLogsBefore(s, '2021-01-01 00:00:00')).jobLogs).toBe(1);
    expect(await deleteExpiredSessions(s, 0)).toBe(0);
  });

  it('appends to the clear log and sums the upload ledger', async () => {
    const s = store();
    expect((await readClearLog(s)).seq).toBe(0);
    await appendClearEvent(s, 'sys_dict:', null);
    expect(await appendClearEvent(s, null, null)).toEqual({ seq: 2, events: [{ seq: 1, name: 'sys_dict:', key: null }, { seq: 2, name: null, key: null }] });
    expect(await readClearLog(s)).toMatchObject({ seq: 2 });
    await s.transaction(async () => {
      await insertUpload(s, { userId: 1, fileName: '', size: 300, createTime: '2026-01-05 09:00:00' });
      await insertUpload(s, { userId: 2, fileName: '', size: 200, createTime: '2026-01-05 09:00:00' });
    });
    expect([await userUploadBytes(s, 1), await userUploadBytes(s, 3), await totalUploadBytes(s)]).toEqual([300, 0, 500]);
  });

  it('reads the database figures', async () => {
    const f = await databaseFigures(store());
    expect(f.pageSize).toBeGreaterThan(0);
    expect(f.pageCount).toBeGreaterThan(0);
    expect(f.sqliteVersion).toMatch(/^\d+\.\d+/);
  });
});

describe('claims racing on PostgreSQL', () => {
  it('gives each fire time to exactly one of two claims made at once', async () => {
    const fires = [T + 10_000, T + 20_000, T + 30_000];
    const job = await armedJob(pgStore);
    const [a, b] = await Promise.all([claimFires(pgStore, job, fires, 'A', T, T + 30_000, 0), claimFires(pgStore, job, fires, 'B', T, T + 30_000, 0)]);
    expect([...a!, ...b!].sort()).toEqual(fires);
  });

  it('a claim made while a pause is in flight on another connection waits for it and claims nothing', async () => {
    const job = await armedJob(pgStore);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`UPDATE sys_job SET status = '1' WHERE job_id = $1`, [job.jobId]);
      let settled = false;
      const claim = claimFires(pgStore, job, [T + 1000], 'A', T + 1000, T + 1000, 0).finally(() => { settled = true; });
      // The claim's FOR SHARE read waits for the pause's row lock (on its transaction id): seen in pg_locks, not by a wait.
      await expect.poll(async () => (await other.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND locktype = 'transactionid' AND pid <> pg_backend_pid()`)).rows[0].n, { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(settled).toBe(false);
      await other.query('COMMIT');
      expect(await claim).toBeNull();
    } finally {
      await other.end();
    }
    expect(await pgStore.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, job.jobId))).toEqual([]);
  });
});
