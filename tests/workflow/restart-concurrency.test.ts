/**
 * Restart: a database closed and reopened mid-process continues where it stopped (only wait
 * states are persisted; nothing to resume); on both databases. Concurrency, two commands racing
 * on one instance (exactly one wins, the other fails cleanly and writes nothing), staged with
 * SQLite's means: restart-concurrency.sqlite.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { makeEngine, removeTempDatabase, tempDatabase, readCorpus, names, completeByName, snapshot } from './helpers';

describe('restart', () => {
  it('continues a parallel + multi-instance process after close and reopen', async () => {
    const database = await tempDatabase();
    const first = await makeEngine({}, database);
    const d = await first.engine.deploy({ xml: readCorpus('flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml') });
    const mi = await first.engine.deploy({ xml: readCorpus('flowable-MultiInstanceTest.testParallelUserTasksBasedOnCollection.bpmn20.xml') });
    const a = await first.engine.start({ definitionId: d.definitionId, userId: '1' });
    await completeByName(first.engine, a.instanceId, 'Ship Order');
    const b = await first.engine.start({ definitionId: mi.definitionId, userId: '1', variables: { assigneeList: ['u1', 'u2', 'u3', 'u4', 'u5'] } });
    await completeByName(first.engine, b.instanceId, 'My Task 0');
    await completeByName(first.engine, b.instanceId, 'My Task 1');
    await first.store.close();

    const { engine, store } = await makeEngine({}, database);
    expect(await names(engine, a.instanceId)).toEqual(['Receive Payment']);
    await completeByName(engine, a.instanceId, 'Receive Payment');
    expect(await names(engine, a.instanceId)).toEqual(['Archive Order']);
    expect((await completeByName(engine, a.instanceId, 'Archive Order')).ended).toBe(true);
    expect(await engine.variables({ taskId: (await engine.instanceTasks(b.instanceId))[0].taskId })).toMatchObject({ assigneeList: ['u1', 'u2', 'u3', 'u4', 'u5'] });
    expect(await snapshot(engine, b.instanceId)).toEqual(['My Task 2|u3||', 'My Task 3|u4||', 'My Task 4|u5||']);
    expect((await completeByName(engine, b.instanceId, 'My Task 4')).ended).toBe(true);
    await store.close();
    removeTempDatabase(database);
  });
});

