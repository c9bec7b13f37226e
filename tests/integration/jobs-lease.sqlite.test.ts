/**
 * Two app instances (two database connections) over one SQLite file in a temp dir (issue 4
 * "take a lease row in the database per fire time"): each fire time runs exactly once, whichever
 * instance ticks first, on schedule and after a shared downtime.
 */
import { AsyncResource } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysJobLease, sysJobLog, sysLogininfor } from '../../server/db/schema';
import { findJob, insertJob, updateJob, type JobValues } from '../../server/modules/monitor/job/job.repo';
import { claimFires } from '../../server/modules/monitor/job/scheduler.repo';
import { makeTestApp, type TestApp } from '../helpers/app';

let dir: string;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-lease-'));
  const DATABASE_URL = path.join(dir, 'shared.db');
  a = await makeTestApp({ DATABASE_URL });
  b = await makeTestApp({ DATABASE_URL });
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A job added through the store (one transaction), as the job services do. */
const addJob = (t: TestApp, values: JobValues, now: number) => t.app.deps.store.transaction(() => insertJob(t.app.deps.store, values, now));
const at = (m: number, s = 0) => new Date(2026, 10, 22, 9, m, s).getTime();
const logs = async (jobName: string) => await a.app.deps.store.db.select().from(sysJobLog).where(eq(sysJobLog.jobName, jobName));

describe('lease per fire time', () => {
  it('lets only the first insert of a (job, fire time) win, across connections', async () => {
    const jobId = await addJob(a, { jobName: 'lease-claims', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?', misfirePolicy: '3', concurrent: '1', status: '1' }, 0);
    const job = (await findJob(a.app.deps.store, jobId))!;
    expect(await claimFires(a.app.deps.store, job, [at(1), at(2)], 'A', at(2), at(2), 0)).toBeNull(); // paused: no claim
    await a.app.deps.store.transaction(() => updateJob(a.app.deps.store, jobId, { status: '0' }, 0));
    expect(await claimFires(a.app.deps.store, { ...job, status: '0' }, [at(1), at(2)], 'A', at(2), at(2), 0)).toEqual([at(1), at(2)]);
    expect(await claimFires(b.app.deps.store, { ...job, status: '0' }, [at(2), at(3)], 'B', at(3), at(3), 0)).toEqual([at(3)]);
    const rows = await b.app.deps.store.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, jobId));
    expect(rows.map((r) => [r.fireTime, r.owner])).toEqual([[at(1), 'A'], [at(2), 'A'], [at(3), 'B']]);
  });

  it('runs each fire once when both instances tick, in either order', async () => {
    a.clock.set(at(0, 5));
    const jobName = 'lease-every-10s';
    const jobId = await addJob(a, { jobName, invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?', misfirePolicy: '3', concurrent: '1', status: '0' }, a.clock.now());
    await Promise.all([a.app.scheduler.start({ timers: false }), b.app.scheduler.start({ timers: false })]);
    const fires = [at(0, 10), at(0, 20), at(0, 30), at(0, 40), at(0, 50), at(1, 0)];
    // One after the other: both connections live in this one thread, and better-sqlite3 blocks it on
    // BEGIN IMMEDIATE while the other's store transaction is open (busy_timeout), which separate
    // processes do not (issue 44: the claims are async store transactions now).
    for (const [i, t] of fires.entries()) {
      const [first, second] = i % 2 ? [b, a] : [a, b];
      await first.app.scheduler.tick(t);
      await second.app.scheduler.tick(t + (i % 3) * 400);
    }
    expect(await logs(jobName)).toHaveLength(fires.length);
    const leases = await a.app.deps.store.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, jobId));
    expect(leases.map((l) => l.fireTime)).toEqual(fires);
    expect(new Set(leases.map((l) => l.owner))).toEqual(new Set([a.app.scheduler.owner, b.app.scheduler.owner]));
  });

  it('applies a misfire policy once after both instances restart', async () => {
    await a.app.scheduler.stop();
    await b.app.scheduler.stop();
    const jobName = 'lease-catch-up';
    a.clock.set(at(2, 0));
    await addJob(a, { jobName, invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?', misfirePolicy: '1', concurrent: '1', status: '0' }, at(2, 0));
    a.clock.set(at(3, 0)); // both were down: 02:10-02:50 missed (policy 1 runs them all) and 03:00 is due
    b.clock.set(at(3, 0));
    // One after the other, for the reason given in the test above.
    await b.app.scheduler.start({ timers: false });
    await a.app.scheduler.start({ timers: false });
    expect(await logs(jobName)).toHaveLength(6);
    await a.app.scheduler.tick(at(3, 10));
    await b.app.scheduler.tick(at(3, 10));
    expect(await logs(jobName)).toHaveLength(7);
  });

  it('commits a claim as its own savepoint: a request\'s write in the same group that rolls back leaves the claim', async () => {
    // Issue 15's scheduler committed an open write turn of requests before claiming, so a claim
    // never rode on requests' writes. The claims are store transactions now (issue 44): a request's
    // transaction may share the claim's group, each in its own savepoint. (A failed COMMIT of such a
    // group rejects every transaction of it, the claim's too: server/db/store/sqlite.test.ts.)
    const { store } = a.app.deps;
    const jobName = 'lease-beside-a-request';
    const jobId = await addJob(a, { jobName, invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?', misfirePolicy: '3', concurrent: '1', status: '0' }, at(4, 0));
    await a.app.scheduler.jobsChanged();
    // A request's write, refused after its insert ran. Started (outside any transaction's async
    // context) the moment the claim's savepoint is released, so it runs next in the claim's group.
    const refusedRequest = AsyncResource.bind(() => store.transaction(async () => {
      await store.db.insert(sysLogininfor).values({ userName: 'beside-the-claim', loginTime: '2026-11-22 09:04:10' });
      throw new Error('request refused');
    }));
    let request: Promise<unknown> | undefined;
    const groups: { statements: string[]; lease?: boolean }[] = [];
    const client = a.app.deps.db!.$client;
    const exec = client.exec;
    const leaseRow = client.prepare('SELECT 1 FROM sys_job_lease WHERE job_id = ? AND fire_time = ?');
    const leased = () => leaseRow.get(jobId, at(4, 10)) !== undefined;
    client.exec = function (this: typeof client, sql: string) {
      if (sql === 'BEGIN IMMEDIATE') groups.push({ statements: [] });
      const g = groups[groups.length - 1];
      g?.statements.push(sql);
      const result = exec.call(this, sql);
      if (!request && sql.startsWith('RELEASE') && leased()) {
        request = refusedRequest();
        request.catch(() => undefined);
      }
      if (sql === 'COMMIT' && g) g.lease = leased();
      return result;
    } as typeof client.exec;
    let ticked: Promise<void>;
    try {
      ticked = a.app.scheduler.tick(at(4, 10));
      // Another connection sees the lease before the run ends: it was committed, not rolled back with the request.
      await expect.poll(async () => (await b.app.deps.store.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, jobId))).map((l) => l.fireTime)).toEqual([at(4, 10)]);
      await ticked;
    } finally {
      client.exec = exec;
    }
    expect(request).toBeDefined();
    await expect(request).rejects.toThrow('request refused');
    const claimed = groups.find((g) => g.lease)!;
    const savepoints = claimed.statements.filter((q) => q.startsWith('SAVEPOINT'));
    expect(savepoints.length).toBeGreaterThanOrEqual(2);
    // The request's savepoint, the last of the group, rolled back; the group committed with the lease.
    expect(claimed.statements.slice(-4)).toEqual([savepoints[savepoints.length - 1], `ROLLBACK TO ${savepoints[savepoints.length - 1].slice('SAVEPOINT '.length)}`, `RELEASE ${savepoints[savepoints.length - 1].slice('SAVEPOINT '.length)}`, 'COMMIT']);
    expect(await logs(jobName)).toHaveLength(1);
    expect(await a.app.deps.store.db.select().from(sysLogininfor).where(eq(sysLogininfor.userName, 'beside-the-claim'))).toEqual([]);
    expect(client.inTransaction).toBe(false);
  });
});
