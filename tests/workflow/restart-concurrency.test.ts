/**
 * Restart: a file database closed and reopened mid-process continues where it stopped (only
 * wait states are persisted; nothing to resume). Concurrency: two commands racing on one
 * instance — exactly one wins, the other fails cleanly and writes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { createEngine, CONCURRENT_UPDATE } from '../../server/engine';
import { manualClock } from '../../server/core/clock';
import { makeEngine, tempDbFile, readCorpus, names, completeByName, snapshot } from './helpers';

describe('restart', () => {
  it('continues a parallel + multi-instance process after close and reopen', async () => {
    const file = tempDbFile();
    const first = makeEngine({}, file);
    const d = await first.engine.deploy({ xml: readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml') });
    const mi = await first.engine.deploy({ xml: readCorpus('flowable-MultiInstanceTest.testParallelUserTasksBasedOnCollection.bpmn20.xml') });
    const a = first.engine.start({ definitionId: d.definitionId, userId: '1' });
    completeByName(first.engine, a.instanceId, 'Ship Order');
    const b = first.engine.start({ definitionId: mi.definitionId, userId: '1', variables: { assigneeList: ['u1', 'u2', 'u3', 'u4', 'u5'] } });
    completeByName(first.engine, b.instanceId, 'My Task 0');
    completeByName(first.engine, b.instanceId, 'My Task 1');
    first.db.$client.close();

    const db = openDatabase({ url: file });
    const engine = createEngine({ db, clock: manualClock() });
    expect(names(engine, a.instanceId)).toEqual(['Receive Payment']);
    completeByName(engine, a.instanceId, 'Receive Payment');
    expect(names(engine, a.instanceId)).toEqual(['Archive Order']);
    expect(completeByName(engine, a.instanceId, 'Archive Order').ended).toBe(true);
    expect(engine.variables({ taskId: engine.instanceTasks(b.instanceId)[0].taskId })).toMatchObject({ assigneeList: ['u1', 'u2', 'u3', 'u4', 'u5'] });
    expect(snapshot(engine, b.instanceId)).toEqual(['My Task 2|u3||', 'My Task 3|u4||', 'My Task 4|u5||']);
    expect(completeByName(engine, b.instanceId, 'My Task 4').ended).toBe(true);
    db.$client.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});

describe('concurrency', () => {
  it('two connections complete the same task at once: exactly one wins', async () => {
    const file = tempDbFile();
    const setup = makeEngine({}, file);
    const d = await setup.engine.deploy({ xml: readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml') });
    const { instanceId } = setup.engine.start({ definitionId: d.definitionId, userId: '1' });
    const dbB = openDatabase({ url: file });
    const engineB = createEngine({ db: dbB, clock: manualClock() });
    let raced = false;
    const dbA = openDatabase({ url: file });
    // A loads the instance inside its transaction; B completes the same task and commits; A then writes.
    const engineA = createEngine({
      db: dbA, clock: manualClock(),
      afterLoad: () => {
        if (raced) return;
        raced = true;
        completeByName(engineB, instanceId, 'Receive Payment');
      },
    });
    const task = engineA.instanceTasks(instanceId).find((t) => t.name === 'Receive Payment')!;
    expect(() => engineA.complete({ taskId: task.taskId, userId: 'x' })).toThrow(CONCURRENT_UPDATE);
    expect(names(setup.engine, instanceId)).toEqual(['Ship Order']);
    const rows = dbA.$client.prepare("SELECT COUNT(*) AS n FROM wf_hi_taskinst WHERE instance_id = ? AND task_def_key = 'receivePayment'").get(instanceId) as { n: number };
    expect(rows.n).toBe(1);
    // The loser may retry: the task is gone now.
    expect(() => engineA.complete({ taskId: task.taskId, userId: 'x' })).toThrow('任务不存在或已被审批!');
    for (const db of [dbA, dbB, setup.db]) db.$client.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('two commands on different tasks of one instance: the stale one fails on the revision', async () => {
    let inner: (() => void) | null = null;
    const ctx = makeEngine({}, ':memory:', { afterLoad: () => { const f = inner; inner = null; f?.(); } });
    const { engine } = ctx;
    const d = await engine.deploy({ xml: readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml') });
    const { instanceId } = engine.start({ definitionId: d.definitionId, userId: '1' });
    const [t1, t2] = engine.instanceTasks(instanceId);
    const before = engine.getInstance(instanceId).revision;
    // While completing t1 (state loaded), another command on the same instance writes first
    // (on one connection it nests as a savepoint): t1's flush sees a moved revision and fails;
    // the whole outer transaction rolls back, so nothing of either is kept.
    inner = () => engine.complete({ taskId: t2.taskId, userId: 'x' });
    expect(() => engine.complete({ taskId: t1.taskId, userId: 'x' })).toThrow(CONCURRENT_UPDATE);
    expect(engine.getInstance(instanceId).revision).toBe(before);
    expect(names(engine, instanceId)).toEqual([t1.name, t2.name].sort());
    engine.complete({ taskId: t1.taskId, userId: 'x' });
    engine.complete({ taskId: t2.taskId, userId: 'x' });
    expect(names(engine, instanceId)).toEqual(['Archive Order']);
  });
});
