/**
 * Readiness for a load balancer and the start of a graceful shutdown (issue 44; server/readiness.ts,
 * server/cli.ts gracefulShutdown), on SQLite and on PostgreSQL (`integration-pg`):
 * GET /caishui-api/health/ready answers 200 without a token; once a shutdown starts it answers 503
 * `draining` while the node still serves everything else (the delay that lets balancers see the
 * 503); the shutdown then stops the scheduler, which hands its claims back (`release`), and closes
 * the store. No duration is asserted: the delay is ended by the test (`endDelay`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdown } from '../../server/cli';
import type { BuiltApp } from '../../server/app';
import { makeTestApp } from '../helpers/app';

const READY = '/caishui-api/health/ready';

const open: BuiltApp[] = [];
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
});

async function app(): Promise<BuiltApp> {
  const built = (await makeTestApp()).app;
  open.push(built);
  return built;
}

const quiet = (a: BuiltApp) => ({ close: () => a.close(), server: a.server, readiness: a.readiness, log: { warn: () => {} } });

describe('GET /caishui-api/health/ready', () => {
  it('answers 200 UP without a token, small and never cached', async () => {
    const a = await app();
    const res = await a.inject({ method: 'GET', url: READY });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 draining as soon as a shutdown starts, while the node still serves; then the scheduler hands back and the store closes', async () => {
    const a = await app();
    let released = 0;
    a.scheduler.addTickHandler({ tick: () => {}, release: () => { released++; } });
    await a.scheduler.start({ timers: false });
    expect((await a.inject({ method: 'GET', url: READY })).statusCode).toBe(200);

    const endDelay = new AbortController();
    const stopping = gracefulShutdown(quiet(a), { delayMs: 600_000, endDelay: endDelay.signal });
    const ready = await a.inject({ method: 'GET', url: READY });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'DOWN', reason: 'draining' });
    // During the delay the node still answers everything else (requests the balancer already sent).
    const login = await a.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: 'admin', password: 'admin123' } });
    expect(login.json()).toMatchObject({ code: 200 });
    expect((await a.inject({ method: 'GET', url: '/caishui-api/health' })).statusCode).toBe(200);
    expect(a.scheduler.isStarted).toBe(true);
    expect(released).toBe(0);

    endDelay.abort();
    await stopping;
    expect(a.scheduler.isStarted).toBe(false);
    expect(released).toBe(1); // the engine's releaseTimers runs from the same stop (server/app.ts)
    await expect(a.deps.store.get('SELECT 1 AS "one"')).rejects.toThrow();
    open.splice(open.indexOf(a), 1);
  });

  it('turns 503 draining with any close of the app (its preClose hook)', async () => {
    const a = await app();
    expect(a.readiness.draining).toBe(false);
    await a.close();
    open.splice(open.indexOf(a), 1);
    expect(a.readiness.draining).toBe(true);
    expect(await a.readiness.check()).toEqual({ status: 'DOWN', reason: 'draining' });
  });
});
