/**
 * Timer claims (issue 44; server/engine/commands/timer-commands.ts): an owner's batch claim holds
 * until its lock expiry, a call told to stop hands its unfired claims back at once,
 * `releaseTimers(owner)` releases that owner's live claims only, `nextTimerDue` waits for another
 * node's claim, and a timer start cycle's next timer is not left claimed. One engine plays several
 * nodes by firing under different owner ids; on SQLite and (workflow-pg) PostgreSQL. Nodes on one
 * PostgreSQL database at once: tests/pg/node-timers.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { TIMER_LOCK_MS } from '../../server/engine';
import { makeEngine } from './helpers';
import { catchTimerXml, timerStartXml } from './event-models';

const MIN = 60_000;

/** A promise and its resolve, for a node that stalls until told to go on. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((r) => { open = r; });
  return { open, opened };
}

const timerLocks = async (ctx: Awaited<ReturnType<typeof makeEngine>>) =>
  ctx.store.all<{ owner: string | null; expiry: number | string | null }>('SELECT lock_owner AS owner, lock_expiry AS expiry FROM wf_timer ORDER BY id');

describe('timer claims', () => {
  it('a call told to stop fires no more and releases the rest of its batch at once: another owner fires them', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: catchTimerXml('PT10M') });
    for (let i = 0; i < 4; i++) await ctx.engine.start({ definitionId: d.definitionId, userId: '1' });
    ctx.clock.advance(10 * MIN);
    let asked = 0;
    expect(await ctx.engine.fireDueTimers({ now: ctx.clock.now(), owner: 'a', shouldStop: () => ++asked > 1 })).toEqual({ fired: 1, failed: 0 });
    expect(await timerLocks(ctx)).toEqual([{ owner: null, expiry: null }, { owner: null, expiry: null }, { owner: null, expiry: null }]);
    expect(await ctx.engine.fireDueTimers({ now: ctx.clock.now(), owner: 'b' })).toEqual({ fired: 3, failed: 0 });
    expect(await ctx.store.get("SELECT count(*) AS n FROM wf_task WHERE name = '之后'")).toEqual({ n: 4 });
  });

  it('a stalled owner\'s claims wait for their expiry (nextTimerDue too); releaseTimers hands back that owner\'s only, then another fires them and the stalled one none', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const t0 = clock.now();
    const v1 = await engine.deploy({ xml: catchTimerXml('PT10M') });
    const v2 = await engine.deploy({ xml: catchTimerXml('PT60M') });
    for (let i = 0; i < 2; i++) await engine.start({ definitionId: v1.definitionId, userId: '1' });
    await engine.start({ definitionId: v2.definitionId, userId: '1' });
    clock.advance(10 * MIN);
    const now = clock.now();
    expect(await engine.nextTimerDue(now)).toBe(t0 + 10 * MIN);
    const stalled = latch();
    const resume = latch();
    const a = engine.fireDueTimers({ now, owner: 'a', beforeClaim: async () => { stalled.open(); await resume.opened; } });
    await stalled.opened;
    // a holds both due timers until now + TIMER_LOCK_MS (before the 60-minute one is due).
    expect(await engine.nextTimerDue(now)).toBe(now + TIMER_LOCK_MS);
    expect(await engine.fireDueTimers({ now, owner: 'b' })).toEqual({ fired: 0, failed: 0 });
    expect(await engine.releaseTimers('b')).toBe(0);
    expect(await engine.releaseTimers('a')).toBe(2);
    expect(await engine.nextTimerDue(now)).toBe(t0 + 10 * MIN);
    expect(await engine.fireDueTimers({ now, owner: 'b' })).toEqual({ fired: 2, failed: 0 });
    resume.open();
    expect(await a).toEqual({ fired: 0, failed: 0 });
    expect(await ctx.store.get("SELECT count(*) AS n FROM wf_task WHERE name = '之后'")).toEqual({ n: 2 });
    expect(await engine.nextTimerDue(now)).toBe(t0 + 60 * MIN);
  });

  it('a timer start cycle\'s next timer is not left claimed by the owner that fired the previous one', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: timerStartXml('R3/PT1M') });
    ctx.clock.advance(MIN);
    expect(await ctx.engine.fireDueTimers({ now: ctx.clock.now(), owner: 'a' })).toEqual({ fired: 1, failed: 0 });
    expect((await ctx.engine.eventWaits({ definitionId: d.definitionId })).timers).toMatchObject([{ lockOwner: null, lockExpiry: null, dueTime: ctx.clock.now() + MIN }]);
    ctx.clock.advance(MIN);
    expect(await ctx.engine.fireDueTimers({ now: ctx.clock.now(), owner: 'b' })).toEqual({ fired: 1, failed: 0 });
  });
});
