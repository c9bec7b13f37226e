/**
 * The readiness state (server/readiness.ts) with a fake probe and clock: the probe's result is
 * reused for READY_DB_TTL_MS, concurrent checks share one probe, a failing or silent database is
 * DOWN `database`, and `drain()` is DOWN `draining` for good without asking the database.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READY_DB_TTL_MS, READY_PROBE_TIMEOUT_MS, Readiness } from './readiness';

afterEach(() => { vi.useRealTimers(); });

function fake(answers: Array<boolean | Error | 'hang'>) {
  let t = 0;
  const calls = { n: 0 };
  const readiness = new Readiness(() => {
    const a = answers[Math.min(calls.n++, answers.length - 1)];
    if (a === 'hang') return new Promise<boolean>(() => {});
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  }, () => t);
  return { readiness, calls, advance: (ms: number) => { t += ms; } };
}

describe('Readiness', () => {
  it('asks the database at most once per READY_DB_TTL_MS, and concurrent checks share the probe', async () => {
    const f = fake([true, false]);
    expect(await Promise.all([f.readiness.check(), f.readiness.check(), f.readiness.check()])).toEqual([{ status: 'UP' }, { status: 'UP' }, { status: 'UP' }]);
    expect(f.calls.n).toBe(1);
    f.advance(READY_DB_TTL_MS - 1);
    expect(await f.readiness.check()).toEqual({ status: 'UP' });
    expect(f.calls.n).toBe(1);
    f.advance(1);
    expect(await f.readiness.check()).toEqual({ status: 'DOWN', reason: 'database' });
    expect(f.calls.n).toBe(2);
  });

  it('counts a failing probe as DOWN database, and UP again once it answers', async () => {
    const f = fake([new Error('connection refused'), true]);
    expect(await f.readiness.check()).toEqual({ status: 'DOWN', reason: 'database' });
    f.advance(READY_DB_TTL_MS);
    expect(await f.readiness.check()).toEqual({ status: 'UP' });
  });

  it('counts a probe without an answer after READY_PROBE_TIMEOUT_MS as DOWN database', async () => {
    vi.useFakeTimers();
    const f = fake(['hang']);
    const pending = f.readiness.check();
    await vi.advanceTimersByTimeAsync(READY_PROBE_TIMEOUT_MS);
    expect(await pending).toEqual({ status: 'DOWN', reason: 'database' });
  });

  it('is DOWN draining after drain(), without asking the database, also for a check already waiting', async () => {
    vi.useFakeTimers();
    const f = fake(['hang']);
    const waiting = f.readiness.check();
    f.readiness.drain();
    expect(f.readiness.draining).toBe(true);
    expect(await f.readiness.check()).toEqual({ status: 'DOWN', reason: 'draining' });
    expect(f.calls.n).toBe(1);
    f.advance(READY_DB_TTL_MS * 10);
    expect(await f.readiness.check()).toEqual({ status: 'DOWN', reason: 'draining' });
    expect(f.calls.n).toBe(1);
    await vi.advanceTimersByTimeAsync(READY_PROBE_TIMEOUT_MS);
    expect(await waiting).toEqual({ status: 'DOWN', reason: 'draining' });
  });
});
