/**
 * Concurrent commands on one instance, staged with SQLite's own means: two connections to one file
 * with a short busy_timeout, and a write made synchronously on the engine's connection inside its
 * load (the afterLoad hook is synchronous). Exactly one of two completes of a task wins; a command
 * whose instance moved under it fails on the revision and keeps nothing. On PostgreSQL the same
 * rule rests on row locks and revisions reached through the pool, which these stagings cannot
 * reproduce: tests/pg and tests/cluster race real connections and nodes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { createEngine, CONCURRENT_UPDATE } from '../../server/engine';
import { manualClock } from '../../server/core/clock';
import { makeSqliteEngine, tempDbFile, readCorpus, names } from './helpers';

describe('concurrency', () => {
  it('two connections complete the same task at once: exactly one wins', async () => {
    const file = tempDbFile();
    const setup = makeSqliteEngine({}, file);
    const d = await setup.engine.deploy({ xml: readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml') });
    const { instanceId } = await setup.engine.start({ definitionId: d.definitionId, userId: '1' });
    const dbA = openDatabase({ url: file });
    const dbB = openDatabase({ url: file });
    // In one thread, B cannot wait for A's lock (A commits only once the thread is free): B's
    // busy wait is cut short and its BEGIN IMMEDIATE fails as a concurrent update would.
    dbB.$client.pragma('busy_timeout = 20');
    const engineA = createEngine({ db: dbA, clock: manualClock() });
    const engineB = createEngine({ db: dbB, clock: manualClock() });
    const task = (await engineA.instanceTasks(instanceId)).find((t) => t.name === 'Receive Payment')!;
    const outcomes = await Promise.allSettled([
      engineA.complete({ taskId: task.taskId, userId: 'x' }),
      engineB.complete({ taskId: task.taskId, userId: 'y' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(String(lost.reason?.message)).toMatch(new RegExp(`${CONCURRENT_UPDATE}|任务不存在或已被审批!`));
    expect(await names(setup.engine, instanceId)).toEqual(['Ship Order']);
    const rows = dbA.$client.prepare("SELECT COUNT(*) AS n FROM wf_hi_taskinst WHERE instance_id = ? AND task_def_key = 'receivePayment'").get(instanceId) as { n: number };
    expect(rows.n).toBe(1);
    // The loser may retry: the task is gone now.
    await expect(engineB.complete({ taskId: task.taskId, userId: 'y' })).rejects.toThrow('任务不存在或已被审批!');
    for (const db of [dbA, dbB, setup.db]) db.$client.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('two commands on different tasks of one instance: the stale one fails on the revision', async () => {
    let inner: ((instanceId: string) => void) | null = null;
    const ctx = makeSqliteEngine({}, ':memory:', { afterLoad: (id) => { const f = inner; inner = null; f?.(id); } });
    const { engine } = ctx;
    const d = await engine.deploy({ xml: readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml') });
    const { instanceId } = await engine.start({ definitionId: d.definitionId, userId: '1' });
    const [t1, t2] = await engine.instanceTasks(instanceId);
    const before = (await engine.getInstance(instanceId)).revision;
    // While completing t1 (state loaded), another writer moves the instance's revision first
    // (as a command of another node would): t1's flush sees a moved revision and fails; the
    // whole transaction rolls back, so nothing of either is kept.
    inner = (id) => { ctx.db.$client.prepare('UPDATE wf_instance SET revision = revision + 1 WHERE id = ?').run(id); };
    await expect(engine.complete({ taskId: t1.taskId, userId: 'x' })).rejects.toThrow(CONCURRENT_UPDATE);
    expect((await engine.getInstance(instanceId)).revision).toBe(before);
    expect(await names(engine, instanceId)).toEqual([t1.name, t2.name].sort());
    await engine.complete({ taskId: t1.taskId, userId: 'x' });
    await engine.complete({ taskId: t2.taskId, userId: 'x' });
    expect(await names(engine, instanceId)).toEqual(['Archive Order']);
  });
});
