/**
 * Timers and scheduled jobs fire once across nodes (issue 44): two apps built over ONE PostgreSQL
 * database behave as two nodes (each its own engine, pool and scheduler owner id).
 * - Engine timers (server/engine/commands/timer-commands.ts): 200 due timers fired by both nodes at
 *   once, in batches, each fired exactly once and both nodes doing work; a batch claim skips rows
 *   another transaction holds locked instead of waiting (`FOR UPDATE SKIP LOCKED`); a node that
 *   claims and stalls ("dies") keeps the other node off those timers until the claim expires, then
 *   the other fires them once and the stalled node, waking, fires none; a firing takes the
 *   instance's lock before the timer row's (the user commands' order); a scheduler that stops
 *   hands its claims back so the other node fires them at once.
 * - Scheduled jobs (server/modules/monitor/job/scheduler.ts, sys_job_lease): both schedulers
 *   ticking at every fire time of a cron job run it exactly once per fire time.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMER_LOCK_MS } from '../../server/engine';
import { makeTestApp, type TestApp } from '../helpers/app';
import { catchTimerXml } from '../workflow/event-models';
import { freshDatabase } from './fresh-db';

const MIN = 60_000;
let url: string;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  url = await freshDatabase('node_timers');
  a = await makeTestApp({ DATABASE_URL: url });
  b = await makeTestApp({ DATABASE_URL: url });
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
});

/** Both nodes' clocks `ms` later; the new time. */
function advance(ms: number): number {
  a.clock.advance(ms);
  b.clock.set(a.clock.now());
  return a.clock.now();
}

const count = async (sql: string, params: Array<string | number>) => Number((await a.app.deps.store.get<{ n: number | string }>(sql, params))!.n);
/** Tasks 之后 (created when an instance's timer fired) of a definition's instances. */
const afterTasks = (definitionId: string) =>
  count("SELECT count(*) AS n FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE i.definition_id = ? AND t.name = '之后'", [definitionId]);
/** History rows of the task 之后 (one per firing that reached it). */
const afterHistory = (definitionId: string) =>
  count("SELECT count(*) AS n FROM wf_hi_actinst h JOIN wf_instance i ON i.id = h.instance_id WHERE i.definition_id = ? AND h.activity_id = 'after'", [definitionId]);
const timersOf = (definitionId: string) => count('SELECT count(*) AS n FROM wf_timer WHERE definition_id = ?', [definitionId]);

/** Deploys the catch-timer model (PT10M) and starts `n` instances on node a; the definition id. */
async function waitingInstances(n: number): Promise<string> {
  const { definitionId } = await a.app.deps.engine.deploy({ xml: catchTimerXml('PT10M') });
  for (let i = 0; i < n; i++) await a.app.deps.engine.start({ definitionId, userId: '1' });
  return definitionId;
}

function latch() {
  let open!: () => void;
  const opened = new Promise<void>((r) => { open = r; });
  return { open, opened };
}

describe('engine timers over two nodes', () => {
  it('the two schedulers have distinct owner ids', () => {
    expect(a.app.scheduler.owner).not.toBe(b.app.scheduler.owner);
  });

  it('200 due timers fired by both nodes at once, in batches: each fires exactly once, both nodes work', async () => {
    const definitionId = await waitingInstances(200);
    const now = advance(10 * MIN);
    const drain = async (node: TestApp) => {
      let fired = 0;
      for (;;) {
        const r = await node.app.deps.engine.fireDueTimers({ now, owner: node.app.scheduler.owner, limit: 20 });
        expect(r.failed).toBe(0);
        if (r.fired === 0) return fired;
        fired += r.fired;
      }
    };
    const [fa, fb] = await Promise.all([drain(a), drain(b)]);
    expect(fa + fb).toBe(200);
    expect(fa).toBeGreaterThan(0);
    expect(fb).toBeGreaterThan(0);
    expect(await afterTasks(definitionId)).toBe(200);
    expect(await afterHistory(definitionId)).toBe(200);
    expect(await timersOf(definitionId)).toBe(0);
  }, 120_000);

  it('a batch claim skips timer rows another transaction holds locked instead of waiting for them', async () => {
    const definitionId = await waitingInstances(6);
    const now = advance(10 * MIN);
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM wf_timer WHERE definition_id = $1 ORDER BY id LIMIT 2 FOR UPDATE', [definitionId]);
      const firing = a.app.deps.engine.fireDueTimers({ now, owner: 'a-skip' });
      // Until it settles, no backend may be waiting for the blocker's locks (the claim would be; the
      // nodes' own background work may wait on each other, which is not what this test is about).
      let settled = false;
      void firing.finally(() => { settled = true; });
      while (!settled) {
        const waiting = await blocker.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))');
        expect(waiting.rows[0].n).toBe(0);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await firing).toEqual({ fired: 4, failed: 0 });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect(await a.app.deps.engine.fireDueTimers({ now, owner: 'a-skip' })).toEqual({ fired: 2, failed: 0 });
    expect(await afterTasks(definitionId)).toBe(6);
  }, 60_000);

  it('a firing locks the instance before its timer row, as the user commands do: one that holds the instance and removes the timer meets no lock, and the firing then fires nothing', async () => {
    const definitionId = await waitingInstances(1);
    const now = advance(10 * MIN);
    const timer = await a.app.deps.store.get<{ id: string; instanceId: string }>('SELECT id, instance_id AS "instanceId" FROM wf_timer WHERE definition_id = ?', [definitionId]);
    const user = new pg.Client({ connectionString: url });
    await user.connect();
    let firing: Promise<{ fired: number; failed: number }> | undefined;
    try {
      // A user command's order: the instance row first (a complete's locked load)…
      await user.query('BEGIN');
      await user.query('SELECT id FROM wf_instance WHERE id = $1 FOR UPDATE', [timer!.instanceId]);
      firing = a.app.deps.engine.fireDueTimers({ now, owner: 'a-order' });
      // …the firing claims the batch, then waits for that instance…
      for (;;) {
        const waiting = await user.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))');
        if (waiting.rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      // …without holding the timer row: the user command takes it at once (a firing that claimed
      // it first would hold it: 55P03 here, and a deadlock for a command that waited instead).
      expect((await user.query('SELECT id FROM wf_timer WHERE id = $1 FOR UPDATE NOWAIT', [timer!.id])).rowCount).toBe(1);
      await user.query('DELETE FROM wf_timer WHERE id = $1', [timer!.id]);
      await user.query('COMMIT');
    } finally {
      await user.query('ROLLBACK').catch(() => undefined);
      await user.end();
    }
    expect(await firing).toEqual({ fired: 0, failed: 0 });
    expect(await afterTasks(definitionId)).toBe(0);
    expect(await timersOf(definitionId)).toBe(0);
  }, 60_000);

  it('a node that claims and stalls keeps the other off until the claim expires; then the other fires them once and the stalled node none', async () => {
    const definitionId = await waitingInstances(10);
    const now = advance(10 * MIN);
    const stalled = latch();
    const resume = latch();
    let calls = 0;
    // Node a fires the first timer of its batch of 10, then stalls holding the other 9.
    const dying = a.app.deps.engine.fireDueTimers({
      now, owner: a.app.scheduler.owner,
      beforeClaim: async () => { if (++calls === 2) { stalled.open(); await resume.opened; } },
    });
    await stalled.opened;
    const eb = b.app.deps.engine;
    expect(await eb.fireDueTimers({ now, owner: b.app.scheduler.owner })).toEqual({ fired: 0, failed: 0 });
    expect(await eb.nextTimerDue(now)).toBe(now + TIMER_LOCK_MS);
    expect(await eb.fireDueTimers({ now: now + TIMER_LOCK_MS - 1, owner: b.app.scheduler.owner })).toEqual({ fired: 0, failed: 0 });
    // After the expiry b takes the 9; a wakes up between b's claim and b's firing: it fires none.
    let woke: { fired: number; failed: number } | undefined;
    const late = await eb.fireDueTimers({
      now: now + TIMER_LOCK_MS + 1, owner: b.app.scheduler.owner,
      beforeClaim: async () => { if (!woke) { resume.open(); woke = await dying; } },
    });
    expect(woke).toEqual({ fired: 1, failed: 0 });
    expect(late).toEqual({ fired: 9, failed: 0 });
    expect(await afterTasks(definitionId)).toBe(10);
    expect(await afterHistory(definitionId)).toBe(10);
    expect(await timersOf(definitionId)).toBe(0);
  }, 60_000);
});

describe('scheduled jobs over two nodes', () => {
  it('both schedulers ticking at every fire time of a cron job run it exactly once per fire time', async () => {
    const jobName = 'node-timers-cron';
    const row = await a.app.deps.store.get<{ jobId: number }>(
      `INSERT INTO sys_job (job_name, job_group, invoke_target, cron_expression, misfire_policy, concurrent, status)
       VALUES (?, 'DEFAULT', 'ryTask.ryNoParams', '0/10 * * * * ?', '3', '1', '0') RETURNING job_id AS "jobId"`, [jobName]);
    // Both clocks on a fire time (a whole minute), then both schedulers armed at it.
    const t0 = advance(MIN - (a.clock.now() % MIN));
    await Promise.all([a.app.scheduler.start({ timers: false }), b.app.scheduler.start({ timers: false })]);
    for (let i = 1; i <= 3; i++) {
      const t = t0 + i * 10_000;
      await Promise.all([a.app.scheduler.tick(t), b.app.scheduler.tick(t)]);
    }
    expect(await count('SELECT count(*) AS n FROM sys_job_log WHERE job_name = ?', [jobName])).toBe(3);
    const leases = await a.app.deps.store.all<{ fireTime: number | string; owner: string }>(
      'SELECT fire_time AS "fireTime", owner FROM sys_job_lease WHERE job_id = ? ORDER BY fire_time', [row!.jobId]);
    expect(leases.map((l) => Number(l.fireTime))).toEqual([t0 + 10_000, t0 + 20_000, t0 + 30_000]);
    for (const l of leases) expect([a.app.scheduler.owner, b.app.scheduler.owner]).toContain(l.owner);
    await a.app.deps.store.run("UPDATE sys_job SET status = '1' WHERE job_id = ?", [row!.jobId]);
  }, 60_000);
});

describe('hand back on stop', () => {
  it('a scheduler that stops releases its node\'s timer claims: the other node fires them at once', async () => {
    const definitionId = await waitingInstances(5);
    if (!a.app.scheduler.isStarted) await a.app.scheduler.start({ timers: false });
    const now = advance(10 * MIN);
    const stalled = latch();
    const resume = latch();
    // Node a's owner claims the 5 (as its tick would) and stalls before firing any.
    const stuck = a.app.deps.engine.fireDueTimers({ now, owner: a.app.scheduler.owner, beforeClaim: async () => { stalled.open(); await resume.opened; } });
    await stalled.opened;
    expect(await b.app.deps.engine.fireDueTimers({ now, owner: b.app.scheduler.owner })).toEqual({ fired: 0, failed: 0 });
    await a.app.scheduler.stop();
    expect(await b.app.deps.engine.fireDueTimers({ now, owner: b.app.scheduler.owner })).toEqual({ fired: 5, failed: 0 });
    resume.open();
    expect(await stuck).toEqual({ fired: 0, failed: 0 });
    expect(await afterTasks(definitionId)).toBe(5);
    expect(await timersOf(definitionId)).toBe(0);
  }, 60_000);
});
