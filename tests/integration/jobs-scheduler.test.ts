/**
 * The job scheduler driven by an injected clock (issue 4; reference §5): misfire policies after a
 * simulated downtime, paused jobs, changes applied at once, the concurrency skip, run logs, and
 * the real timers (node-cron and the own timer) for a couple of seconds.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysJobLog, sysJobState } from '../../server/db/schema';
import { systemClock, type Clock } from '../../server/core/clock';
import { JobScheduler } from '../../server/modules/monitor/job/scheduler';
import { insertJob, type JobValues } from '../../server/modules/monitor/job/job.repo';
import { makeRegistry, type TaskHandler } from '../../server/modules/monitor/job/registry';
import { jobChangeStatus, jobRun } from '../../server/modules/monitor/job/job.service';
import { makeTestApp, type TestApp } from '../helpers/app';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
const schedulers: JobScheduler[] = [];
beforeAll(async () => { t = await makeTestApp(); });
afterEach(async () => { for (const s of schedulers.splice(0)) await s.stop(); });
afterAll(async () => { await t.app.close(); });

const calls: string[] = [];
let gate: Promise<void> = Promise.resolve();
/** Called when testTask.slow starts (a test waits for its runs to be under way). */
let slowStarted: () => void = () => undefined;
/** How many runs of testTask.slow have started. */
let slowStarts = 0;
const handlers: Record<string, TaskHandler> = {
  ping: { params: ['String'], description: '', run: (ctx, [tag]) => { calls.push(`${tag}@${ctx.fireTime}`); } },
  slow: { params: [], description: '', run: () => { slowStarts++; slowStarted(); return gate; } },
  fail: { params: [], description: '', run: () => { throw new Error(`坏了${'x'.repeat(3000)}`); } },
  takes: { params: ['Integer'], description: '', run: (ctx, [ms]) => { t.clock.advance(ms as number); } },
};
const registry = makeRegistry({ testTask: handlers });

/** Holds the runs of testTask.slow until `release()`; `started` resolves when the first one starts. */
function holdSlowRuns(): { release: () => void; started: Promise<void> } {
  let release!: () => void;
  gate = new Promise<void>((r) => { release = r; });
  slowStarts = 0;
  const started = new Promise<void>((r) => { slowStarted = r; });
  return { release, started };
}

const newScheduler = (clock: Clock = t.clock) => {
  const s = new JobScheduler({ store: t.app.deps.store, clock }, { registry });
  schedulers.push(s);
  return s;
};
let seq = 0;
const addJob = async (o: Partial<JobValues> & { invokeTarget: string; cronExpression: string }) => {
  const jobName = o.jobName ?? `job-${++seq}`;
  const { store } = t.app.deps;
  const jobId = await store.transaction(() => insertJob(store, { jobGroup: 'DEFAULT', misfirePolicy: '3', concurrent: '1', status: '0', ...o, jobName }, t.clock.now()));
  return { jobId, jobName };
};
const logsOf = async (jobName: string) => await t.app.deps.store.db.select().from(sysJobLog).where(eq(sysJobLog.jobName, jobName));
const stateOf = async (jobId: number) => firstRow(await t.app.deps.store.db.select().from(sysJobState).where(eq(sysJobState.jobId, jobId)).limit(1))?.lastFireTime;
const at = (h: number, m: number, s = 0) => new Date(2026, 10, 22, h, m, s).getTime();

describe('misfire after a restart', () => {
  it.each([
    ['1', 4, '立即触发执行: every missed fire'],
    ['2', 1, '触发一次执行: once'],
    ['0', 1, '默认 (smart = fire once now)'],
    ['3', 0, '不触发立即执行: nothing'],
  ])('policy %s runs %i missed fire(s) (%s)', async (policy, missedRuns) => {
    t.clock.set(at(10, 0, 30));
    const tag = `p${policy}`;
    const job = await addJob({ invokeTarget: `testTask.ping('${tag}')`, cronExpression: '0 * * * * ?', misfirePolicy: policy });
    const before = newScheduler();
    await before.start({ timers: false });
    await before.tick(at(10, 1, 0));
    expect(await logsOf(job.jobName)).toHaveLength(1);
    await before.stop(); // the process goes down after the 10:01 fire

    t.clock.set(at(10, 5, 30)); // 10:02, 10:03, 10:04 and 10:05 were missed
    const after = newScheduler();
    await after.start({ timers: false });
    expect(await logsOf(job.jobName)).toHaveLength(1 + missedRuns);
    const missed = [at(10, 2), at(10, 3), at(10, 4), at(10, 5)].map((ms) => `${tag}@${ms}`);
    const ran = calls.filter((c) => c.startsWith(`${tag}@`)).slice(1);
    expect(ran).toEqual(policy === '1' ? missed : policy === '3' ? [] : [missed[3]]);
    expect(await stateOf(job.jobId)).toBe(at(10, 5));

    await after.tick(at(10, 6, 0)); // back on schedule
    expect(await logsOf(job.jobName)).toHaveLength(2 + missedRuns);
    await after.stop();
    const third = newScheduler(); // a second restart does not see the same misfire again
    await third.start({ timers: false });
    expect(await logsOf(job.jobName)).toHaveLength(2 + missedRuns);
  });

  it('counts a fire up to 5 s late as on time, not as a misfire', async () => {
    t.clock.set(at(11, 0, 30));
    const job = await addJob({ invokeTarget: "testTask.ping('late')", cronExpression: '0 * * * * ?', misfirePolicy: '3' });
    const s = newScheduler();
    await s.start({ timers: false });
    await s.tick(at(11, 1, 4));
    expect(await logsOf(job.jobName)).toHaveLength(1);
    await s.tick(at(11, 2, 6));
    expect(await logsOf(job.jobName)).toHaveLength(1);
  });
});

describe('paused jobs and changes', () => {
  it('never fires a paused job; resuming starts its schedule at the change, without catch-up', async () => {
    t.clock.set(at(12, 0, 0));
    const job = await addJob({ invokeTarget: "testTask.ping('paused')", cronExpression: '0/10 * * * * ?', misfirePolicy: '1', status: '1' });
    const s = newScheduler();
    await s.start({ timers: false });
    for (let i = 1; i <= 6; i++) await s.tick(at(12, 0, i * 10));
    expect(await logsOf(job.jobName)).toHaveLength(0);

    t.clock.set(at(12, 5, 5));
    await jobChangeStatus(t.app.deps, { userName: 'admin' } as never, job.jobId, '0');
    await s.tick(at(12, 5, 10));
    expect(await logsOf(job.jobName)).toHaveLength(1);

    await jobChangeStatus(t.app.deps, { userName: 'admin' } as never, job.jobId, '1');
    await s.tick(at(12, 5, 40));
    expect(await logsOf(job.jobName)).toHaveLength(1);
  });

  it('a pause holds from its commit: the fires one pass won and has not started yet are dropped, the run under way finishes', async () => {
    t.clock.set(at(12, 30, 0));
    const job = await addJob({ invokeTarget: 'testTask.slow()', cronExpression: '0/10 * * * * ?', misfirePolicy: '1', concurrent: '0' });
    const s = newScheduler();
    await s.start({ timers: false });
    const { release, started } = holdSlowRuns();
    const ticking = s.tick(at(12, 30, 35)); // a late pass: 12:30:10, :20 and :30 are due (policy 1 runs every one)
    await started;
    await jobChangeStatus(t.app.deps, { userName: 'admin' } as never, job.jobId, '1');
    release();
    await ticking;
    await s.idle();
    expect(slowStarts).toBe(1);
    expect((await logsOf(job.jobName)).map((r) => r.status)).toEqual(['0']);
  });

  it('runs a paused job once on demand', async () => {
    const job = await addJob({ invokeTarget: "testTask.ping('manual')", cronExpression: '0/10 * * * * ?', status: '1' });
    newScheduler();
    await jobRun(t.app.deps, job.jobId, 'DEFAULT');
    await schedulers[0].idle();
    expect(await logsOf(job.jobName)).toMatchObject([{ status: '0', jobGroup: 'DEFAULT', invokeTarget: "testTask.ping('manual')" }]);
    await expect(jobRun(t.app.deps, job.jobId, 'SYSTEM')).rejects.toThrow('任务不存在或已过期！');
    await expect(jobRun(t.app.deps, 99999)).rejects.toThrow('任务不存在或已过期！');
  });
});

describe('runs and their log', () => {
  it('writes <jobName> 总共耗时：<ms>毫秒 with status 0', async () => {
    t.clock.set(at(13, 0, 0));
    const job = await addJob({ jobName: '计时任务', invokeTarget: 'testTask.takes(1234)', cronExpression: '0/10 * * * * ?' });
    const s = newScheduler();
    await s.start({ timers: false });
    await s.tick(at(13, 0, 10));
    expect(await logsOf(job.jobName)).toMatchObject([{ status: '0', jobMessage: '计时任务 总共耗时：1234毫秒', exceptionInfo: '' }]);
  });

  it('writes status 1 with the first 2000 characters of the error', async () => {
    t.clock.set(at(13, 10, 0));
    const job = await addJob({ invokeTarget: 'testTask.fail()', cronExpression: '0/10 * * * * ?' });
    const s = newScheduler();
    await s.start({ timers: false });
    await s.tick(at(13, 10, 10));
    const [row] = await logsOf(job.jobName);
    expect(row.status).toBe('1');
    expect(row.exceptionInfo).toMatch(/^Error: 坏了x+/);
    expect(row.exceptionInfo).toHaveLength(2000);
  });

  it('fails the run of a stored target that is not in the registry, without evaluating it', async () => {
    t.clock.set(at(13, 20, 0));
    const job = await addJob({ invokeTarget: 'process.exit(1)', cronExpression: '0/10 * * * * ?' });
    const s = newScheduler();
    await s.start({ timers: false });
    await s.tick(at(13, 20, 10));
    expect(await logsOf(job.jobName)).toMatchObject([{ status: '1', exceptionInfo: expect.stringContaining('目标字符串不在白名单内') }]);
  });
});

describe('concurrent flag', () => {
  it.each([['1', ['0', '1']], ['0', ['0', '0']]])('concurrent=%s: an overlapping run is skipped (1) or runs (0)', async (concurrent, statuses) => {
    t.clock.set(at(14, 0, 0));
    const job = await addJob({ invokeTarget: 'testTask.slow()', cronExpression: '0/10 * * * * ?', concurrent });
    const s = newScheduler();
    await s.start({ timers: false });
    const { release, started } = holdSlowRuns();
    const first = s.tick(at(14, 0, 10));
    await started; // the first run is under way (however long its claim took on a busy machine)
    const second = s.tick(at(14, 0, 20));
    // The second fire has been decided while the first still runs: skipped (a log row) or started.
    await expect.poll(async () => (concurrent === '1' ? (await logsOf(job.jobName)).length : slowStarts), { timeout: 10_000 }).toBe(concurrent === '1' ? 1 : 2);
    release();
    await Promise.all([first, second]);
    const rows = await logsOf(job.jobName);
    expect(rows.map((r) => r.status).sort()).toEqual(statuses);
    if (concurrent === '1') expect(rows.find((r) => r.status === '1')?.jobMessage).toContain('已跳过：上一次执行尚未结束');
  });
});

describe('passes (issue 44: the tick awaits the store)', () => {
  const pause = () => new Promise((r) => setTimeout(r, 10));

  it('never overlap: a tick asked for while one runs is chained, and timer ticks join the one waiting', async () => {
    const s = newScheduler();
    await s.start({ timers: false });
    let active = 0;
    let most = 0;
    let calls = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    s.addTickHandler({ tick: async () => { calls++; active++; most = Math.max(most, active); await held; active--; } });
    const first = s.tick(t.clock.now());
    const timerTicks = [s.tick(), s.tick(), s.tick()];
    const explicit = s.tick(t.clock.now());
    await vi.waitFor(() => expect(calls).toBe(1)); // the pass reads the store before its handlers
    await pause();
    expect([active, calls]).toEqual([1, 1]);
    release();
    await Promise.all([first, ...timerTicks, explicit]);
    expect(most).toBe(1);
    expect(calls).toBe(3); // the first, one pass for the three timer ticks, the explicit one
  });

  it('stop() waits for the running pass before it resolves (the app closes the store after it)', async () => {
    const s = newScheduler();
    await s.start({ timers: false });
    let release!: () => void;
    let ended = false;
    s.addTickHandler({ tick: () => new Promise<void>((r) => { release = async () => { ended = true; r(); }; }) });
    const ticking = s.tick(t.clock.now());
    await vi.waitFor(() => expect(release).toBeTypeOf('function')); // the pass has reached its handler
    let stopped = false;
    const stopping = s.stop().then(async () => { stopped = true; });
    await pause();
    expect(stopped).toBe(false);
    release();
    await stopping;
    await ticking;
    expect(ended).toBe(true);
    expect(s.isStarted).toBe(false);
  });
});

describe('real timers', () => {
  it('fires an every-second job through node-cron, and a year-limited one through its own timer', async () => {
    const viaCron = await addJob({ invokeTarget: "testTask.ping('cron')", cronExpression: '* * * * * ?' });
    const viaTimer = await addJob({ invokeTarget: "testTask.ping('timer')", cronExpression: '* * * * * ? 2025-2099' });
    const s = newScheduler(systemClock);
    await s.start();
    expect(s.drivers().get(viaCron.jobId)).toBe('node-cron');
    expect(s.drivers().get(viaTimer.jobId)).toBe('timer');
    // Effects, not a wall-clock bound (issue 42): both fire twice by themselves, however busy the machine.
    await expect.poll(async () => Math.min((await logsOf(viaCron.jobName)).length, (await logsOf(viaTimer.jobName)).length), { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    await s.stop();
    const n = (await logsOf(viaCron.jobName)).length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(await logsOf(viaCron.jobName)).toHaveLength(n); // stopped: nothing fires any more
  });
});
