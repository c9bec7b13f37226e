/**
 * The engine's instance cache (server/engine/store/instance-cache.ts; issue 15): a command on an
 * instance reuses the state the previous command committed instead of reading it again, sees
 * every change another connection committed (the instance revision moved), and never reuses state
 * that was rolled back, even when other writes later bring the instance to the same revision.
 * Every engine of these tests also compares each cache hit with a fresh load (verifyInstanceCache).
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client';
import { manualClock } from '../../server/core/clock';
import { sqliteStoreOf } from '../../server/db/store/sqlite';
import { COMMIT_FAILED_MESSAGE } from '../../server/db/store/port';
import { createEngine, type Engine } from '../../server/engine';
import { lineXml, names, tempDbFile } from './helpers';

const XML = lineXml('cacheLine', [
  { id: 'a', name: '甲', assignee: '1' },
  { id: 'b', name: '乙', assignee: '1' },
  { id: 'c', name: '丙', assignee: '1' },
]);

/** Counts the statements run on `client` whose SQL matches `pattern`, until `stop()`. */
function statementProbe(client: Database.Database, pattern: RegExp) {
  const proto = Object.getPrototypeOf(client.prepare('SELECT 1')) as Record<'get' | 'all' | 'run', (...a: unknown[]) => unknown>;
  const originals = { get: proto.get, all: proto.all, run: proto.run };
  const probe = { count: 0, stop: () => Object.assign(proto, originals) };
  for (const m of ['get', 'all', 'run'] as const) {
    proto[m] = function (this: { source: string; database: Database.Database }, ...args: unknown[]) {
      if (this.database === client && pattern.test(this.source)) probe.count++;
      return originals[m].apply(this, args);
    };
  }
  return probe;
}

interface Conn { db: Db; engine: Engine }
const open: Conn[] = [];
let file = '';
function connect(extra: Partial<Parameters<typeof createEngine>[0]> = {}): Conn {
  const db = openDatabase({ url: file });
  const engine = createEngine({ db, clock: manualClock(), verifyInstanceCache: true, ...extra });
  const c = { db, engine };
  open.push(c);
  return c;
}
const taskOf = async (engine: Engine, instanceId: string) => (await engine.instanceTasks(instanceId))[0];

// SQLite's own means watch the cache: two connections to one file (another process's commit),
// better-sqlite3's statements counted by a probe, a COMMIT failed on the connection. The
// PostgreSQL engine's cache checks run through the rest of the suite (verifyInstanceCache,
// tests/workflow/helpers.ts makeEngine).
describe('instance cache', () => {
  afterEach(() => {
    for (const c of open.splice(0)) c.db.$client.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('reuses the committed state: a completion after a start reads only the instance row', async () => {
    file = tempDbFile();
    // Without the test hook, whose fresh load on each hit would be counted.
    const { db, engine } = connect({ verifyInstanceCache: false });
    const { definitionId } = await engine.deploy({ xml: XML });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1', variables: { amount: 5, tags: ['x'] } });
    // The four reads of UnitOfWork.loadRest after the instance row.
    const loads = statementProbe(db.$client, /FROM wf_execution e\s+LEFT JOIN|LEFT JOIN wf_hi_taskinst h|task_id IN \(SELECT id FROM wf_task|SELECT scope_id, name, type, value FROM wf_variable/);
    try {
      await engine.complete({ taskId: tasks[0].taskId, userId: '1', variables: { amount: 6 } });
      await engine.complete({ taskId: (await taskOf(engine, instanceId)).taskId, userId: '1' });
      expect(loads.count).toBe(0);
    } finally {
      loads.stop();
    }
    expect(await engine.variables({ taskId: (await taskOf(engine, instanceId)).taskId })).toMatchObject({ amount: 6, tags: ['x'] });
    expect(await names(engine, instanceId)).toEqual(['丙']);
  });

  it('sees what another connection committed: the instance revision moved', async () => {
    file = tempDbFile();
    const a = connect();
    const b = connect();
    const { definitionId } = await a.engine.deploy({ xml: XML });
    const { instanceId, tasks } = await a.engine.start({ definitionId, userId: '1' });
    await a.engine.complete({ taskId: tasks[0].taskId, userId: '1' }); // A caches the instance at 乙
    await b.engine.complete({ taskId: (await taskOf(b.engine, instanceId)).taskId, userId: '1', variables: { by: 'b' } });
    const c = await taskOf(a.engine, instanceId);
    expect(c.name).toBe('丙');
    expect((await a.engine.complete({ taskId: c.taskId, userId: '1' })).ended).toBe(true);
    expect((await a.engine.getInstance(instanceId)).state).toBe('completed');
  });

  it('never reuses rolled-back state, even once other writes bring the instance to that revision', async () => {
    file = tempDbFile();
    const a = connect();
    const b = connect();
    const { definitionId } = await a.engine.deploy({ xml: XML });
    const { instanceId, tasks } = await a.engine.start({ definitionId, userId: '1' });
    const first = tasks[0].taskId;
    // A completes 甲 inside an outer transaction of its own that then rolls back.
    await expect(sqliteStoreOf(a.db).transaction(async () => {
      await a.engine.complete({ taskId: first, userId: '1', comment: 'A' });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await names(a.engine, instanceId)).toEqual(['甲']);
    // B completes 甲 for real: the instance reaches the revision A's rolled-back command had, with another 乙.
    await b.engine.complete({ taskId: first, userId: '1', comment: 'B' });
    const second = await taskOf(a.engine, instanceId);
    expect(second.name).toBe('乙');
    await a.engine.complete({ taskId: second.taskId, userId: '1' });
    expect(await names(a.engine, instanceId)).toEqual(['丙']);
  });

  it('drops the state of a command whose COMMIT failed, though it was flushed', async () => {
    file = tempDbFile();
    const a = connect();
    const b = connect();
    const { definitionId } = await a.engine.deploy({ xml: XML });
    const x = await a.engine.start({ definitionId, userId: '1' });
    // A's next COMMIT fails (as a full disk would): the completion of X's 甲 is rolled back.
    // (The store's SQLite adapter commits its transaction group with `exec('COMMIT')`: server/db/store/sqlite.ts.)
    const client = a.db.$client;
    const exec = client.exec;
    client.exec = function (this: Database.Database, sql: string) {
      if (sql === 'COMMIT') {
        client.exec = exec;
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      }
      return exec.call(this, sql);
    };
    try {
      // Rejected with the store's CommitError (server/db/store/port.ts), the database's error as its cause.
      await expect(a.engine.complete({ taskId: x.tasks[0].taskId, userId: '1' })).rejects.toMatchObject({ name: 'CommitError', message: COMMIT_FAILED_MESSAGE, cause: { message: 'disk I/O error' } });
    } finally {
      client.exec = exec;
    }
    expect(await names(a.engine, x.instanceId)).toEqual(['甲']);
    await a.engine.start({ definitionId, userId: '1' }); // another command of A commits
    // B completes 甲 for real (the revision A's failed command had); A goes on from B's state.
    await b.engine.complete({ taskId: x.tasks[0].taskId, userId: '1' });
    await a.engine.complete({ taskId: (await taskOf(a.engine, x.instanceId)).taskId, userId: '1' });
    expect(await names(a.engine, x.instanceId)).toEqual(['丙']);
  });

  it('a command that fails half-way leaves no cached state behind', async () => {
    file = tempDbFile();
    const { engine } = connect();
    const { definitionId } = await engine.deploy({ xml: lineXml('cacheFail', [{ id: 'a', name: '甲', assignee: '1' }, { id: 'b', name: '乙', assignee: '${who}' }]) });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1' });
    // 甲 is completed in memory, then 乙's assignee expression fails: the whole command rolls back.
    await expect(engine.complete({ taskId: tasks[0].taskId, userId: '1', variables: { note: 'lost' } })).rejects.toThrow(/who/);
    expect(await names(engine, instanceId)).toEqual(['甲']);
    await engine.complete({ taskId: tasks[0].taskId, userId: '1', variables: { who: '7' } });
    const b = await taskOf(engine, instanceId);
    expect(b).toMatchObject({ name: '乙', assignee: '7' });
    expect(await engine.variables({ taskId: b.taskId })).not.toHaveProperty('note');
  });

  it('forgets everything when the cache epoch moves (a group COMMIT failed: table-watch forgetCount)', async () => {
    file = tempDbFile();
    let epoch = 0;
    const { db, engine } = connect({ cacheEpoch: () => epoch, verifyInstanceCache: false });
    const { definitionId } = await engine.deploy({ xml: XML });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1' });
    const loads = statementProbe(db.$client, /FROM wf_execution e/);
    try {
      await engine.complete({ taskId: tasks[0].taskId, userId: '1' });
      expect(loads.count).toBe(0);
      epoch++;
      await engine.complete({ taskId: (await taskOf(engine, instanceId)).taskId, userId: '1' });
      expect(loads.count).toBe(1);
    } finally {
      loads.stop();
    }
  });
});
