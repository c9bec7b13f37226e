/**
 * Two app instances (two database connections) over one SQLite file in a temp dir (issue 4
 * "take a lease row in the database per fire time"): each fire time runs exactly once, whichever
 * instance ticks first, on schedule and after a shared downtime.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysJobLease, sysJobLog } from '../../server/db/schema';
import { insertJob, type JobValues } from '../../server/modules/monitor/job/job.repo';
import { claimFires } from '../../server/modules/monitor/job/scheduler.repo';
import { joinWriteTurn, pendingWriteTurn } from '../../server/db/write-turn';
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
const logs = (jobName: string) => a.app.deps.db.select().from(sysJobLog).where(eq(sysJobLog.jobName, jobName)).all();

describe('lease per fire time', () => {
  it('lets only the first insert of a (job, fire time) win, across connections', async () => {
    const jobId = 4242;
    expect(await claimFires(a.app.deps.store, jobId, [at(1), at(2)], 'A', at(2), at(2), 0)).toEqual([at(1), at(2)]);
    expect(await claimFires(b.app.deps.store, jobId, [at(2), at(3)], 'B', at(3), at(3), 0)).toEqual([at(3)]);
    const rows = b.app.deps.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, jobId)).all();
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
    expect(logs(jobName)).toHaveLength(fires.length);
    const leases = a.app.deps.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, jobId)).all();
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
    expect(logs(jobName)).toHaveLength(6);
    await a.app.scheduler.tick(at(3, 10));
    await b.app.scheduler.tick(at(3, 10));
    expect(logs(jobName)).toHaveLength(7);
  });

  it('commits an open write turn of requests before claiming, so the claim never rides on it', async () => {
    const db = a.app.deps.db;
    const jobName = 'lease-beside-a-turn';
    const jobId = await addJob(a, { jobName, invokeTarget: 'ryTask.ryNoParams', cronExpression: '0/10 * * * * ?', misfirePolicy: '3', concurrent: '1', status: '0' }, at(4, 0));
    await a.app.scheduler.jobsChanged();
    const turn = joinWriteTurn(db)!; // as a request's mutation opens it (server/db/write-turn.ts)
    expect(turn).toBeInstanceOf(Promise);
    const ticked = a.app.scheduler.tick(at(4, 10)); // commits the open turn at the call; the claim follows in its own transaction
    expect(pendingWriteTurn(db)).toBeUndefined();
    await turn;
    // Another connection sees the lease before the run ends: it was committed on its own, not left in a turn.
    await expect.poll(() => b.app.deps.db.select().from(sysJobLease).where(eq(sysJobLease.jobId, jobId)).all().map((l) => l.fireTime)).toEqual([at(4, 10)]);
    await ticked;
    expect(logs(jobName)).toHaveLength(1);
  });
});
