/**
 * Timer firing rules (wf_timer, engine.fireDueTimers): downtime, two engines / two processes
 * racing for one timer (the batch claim with lock owner and expiry, then the firing's own claim;
 * over one SQLite file, or one PostgreSQL database on the workflow-pg project), failures and
 * retries, suspended instances, deleted / stopped instances. Claims handed back and nextTimerDue
 * over claims: timers-claims.test.ts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { TIMER_LOCK_MS } from '../../server/engine';
import { makeEngine, names, snapshot, tempDatabase, projectRoot } from './helpers';
import { boundaryTimerXml, catchTimerXml, failingTimerXml } from './event-models';

const MIN = 60_000;
const HOUR = 60 * MIN;

async function fire(ctx: Awaited<ReturnType<typeof makeEngine>>, owner = 'test') {
  return await ctx.engine.fireDueTimers({ now: ctx.clock.now(), owner });
}

describe('firing rules', () => {
  it('a timer due during downtime fires on the first call of a new engine over the same file', async () => {
    const database = await tempDatabase();
    const a = await makeEngine({}, database);
    const d = await a.engine.deploy({ xml: boundaryTimerXml() });
    const { instanceId } = await a.engine.start({ definitionId: d.definitionId, userId: '1' });
    await a.store.close();
    const b = await makeEngine({}, database);
    b.clock.set(a.clock.now() + 3 * HOUR);
    expect(await b.engine.fireDueTimers({ now: b.clock.now(), owner: 'b' })).toEqual({ fired: 2, failed: 0 });
    expect(await names(b.engine, instanceId)).toEqual(['催办', '升级审批'].sort());
    await b.store.close();
  });

  it('two engines over two connections to one database: a claimed timer waits for its claim to expire, then the other fires it and the first fires nothing', async () => {
    const database = await tempDatabase();
    const a = await makeEngine({}, database);
    const b = await makeEngine({}, database);
    const d = await a.engine.deploy({ xml: catchTimerXml('PT10M') });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await a.engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId);
    a.clock.advance(10 * MIN);
    b.clock.set(a.clock.now());
    let early = { fired: -1, failed: 0 };
    let inner = { fired: 0, failed: 0 };
    // a acquired all three and stalls before firing the first: b at the same time finds them claimed;
    // b once a's claims expired fires them; a, going on, finds them gone.
    const outer = await a.engine.fireDueTimers({
      now: a.clock.now(), owner: 'a',
      beforeClaim: async () => {
        if (early.fired >= 0) return;
        early = await b.engine.fireDueTimers({ now: b.clock.now() + TIMER_LOCK_MS - 1, owner: 'b' });
        inner = await b.engine.fireDueTimers({ now: b.clock.now() + TIMER_LOCK_MS + 1, owner: 'b' });
      },
    });
    expect(early).toEqual({ fired: 0, failed: 0 });
    expect(inner).toEqual({ fired: 3, failed: 0 });
    expect(outer).toEqual({ fired: 0, failed: 0 });
    for (const id of ids) expect(await snapshot(a.engine, id)).toEqual(['之后|1||']);
    expect(await a.store.get("SELECT count(*) AS n FROM wf_task WHERE name = '之后'")).toEqual({ n: 3 });
    expect(await a.store.get('SELECT count(*) AS n FROM wf_timer')).toEqual({ n: 0 });
    // Both calling again: nothing left.
    expect((await a.engine.fireDueTimers({ now: a.clock.now(), owner: 'a' })).fired + (await b.engine.fireDueTimers({ now: b.clock.now(), owner: 'b' })).fired).toBe(0);
    await a.store.close();
    await b.store.close();
  });

  it('two PROCESSES firing the same due timers at the same moment: each timer fires exactly once', async () => {
    const database = await tempDatabase();
    const a = await makeEngine({}, database);
    const d = await a.engine.deploy({ xml: catchTimerXml('PT10M') });
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) ids.push((await a.engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId);
    await a.store.close();
    const now = a.clock.now() + 10 * MIN;
    const startAt = Date.now() + 3000;
    const run = (owner: string) => promisify(execFile)(process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'tests/workflow/fire-worker.ts'), database, String(now), owner, String(startAt)], { cwd: projectRoot })
      .then((r) => JSON.parse(r.stdout) as { fired: number; failed: number });
    const [r1, r2] = await Promise.all([run('p1'), run('p2')]);
    expect(r1.failed + r2.failed).toBe(0);
    expect(r1.fired + r2.fired).toBe(300);
    const b = await makeEngine({}, database);
    for (const id of ids) expect(await snapshot(b.engine, id)).toEqual(['之后|1||']);
    expect(await b.store.get("SELECT count(*) AS n FROM wf_task WHERE name = '之后'")).toEqual({ n: 300 });
    expect(await b.store.get('SELECT count(*) AS n FROM wf_timer')).toEqual({ n: 0 });
    await b.store.close();
  }, 60_000);

  it('a failing firing rolls back, decrements retries, stores the error and retries later; at 0 it stays', async () => {
    const ctx = await makeEngine();
    const { engine, clock } = ctx;
    const d = await engine.deploy({ xml: failingTimerXml });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1', variables: { go: false } });
    clock.advance(5 * MIN);
    expect(await fire(ctx, 'node-1')).toEqual({ fired: 0, failed: 1 });
    let t = (await engine.eventWaits({ instanceId })).timers[0];
    expect(t).toMatchObject({ retries: 2, dueTime: clock.now() + 60_000, lockOwner: 'node-1' });
    expect(t.lastError).toMatch(/No outgoing sequence flow of the exclusive gateway 'xor'/);
    expect(await fire(ctx)).toEqual({ fired: 0, failed: 0 }); // not due again yet
    for (const left of [1, 0]) {
      clock.advance(60_000);
      expect(await fire(ctx)).toEqual({ fired: 0, failed: 1 });
      expect((await engine.eventWaits({ instanceId })).timers[0].retries).toBe(left);
    }
    clock.advance(HOUR);
    expect(await fire(ctx)).toEqual({ fired: 0, failed: 0 });
    t = (await engine.eventWaits({ instanceId })).timers[0];
    expect(t.retries).toBe(0);
    expect(await names(engine, instanceId)).toEqual([]);
  });

  it('a suspended instance\'s timer is not fired (stays due) until it is activated', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: catchTimerXml('PT10M') });
    const { instanceId } = await ctx.engine.start({ definitionId: d.definitionId, userId: '1' });
    await ctx.engine.setInstanceState({ instanceId, state: 2 });
    ctx.clock.advance(HOUR);
    expect(await fire(ctx)).toEqual({ fired: 0, failed: 0 });
    expect((await ctx.engine.eventWaits({ instanceId })).timers).toHaveLength(1);
    await ctx.engine.setInstanceState({ instanceId, state: 1 });
    expect(await fire(ctx)).toEqual({ fired: 1, failed: 0 });
    expect(await names(ctx.engine, instanceId)).toEqual(['之后']);
  });

  it('deleting an instance deletes its timers; stopping one too', async () => {
    const ctx = await makeEngine();
    const d = await ctx.engine.deploy({ xml: boundaryTimerXml() });
    const a = (await ctx.engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId;
    const b = (await ctx.engine.start({ definitionId: d.definitionId, userId: '1' })).instanceId;
    await ctx.engine.deleteInstance({ instanceIds: a });
    await ctx.engine.stop({ instanceId: b, userId: '1' });
    expect(await ctx.store.get('SELECT count(*) AS n FROM wf_timer')).toEqual({ n: 0 });
  });
});
