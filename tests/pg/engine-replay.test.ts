/**
 * The engine's synchronous core on PostgreSQL through its ReplayDb (issue 43: "the engine keeps
 * its synchronous core …; load and flush become async"; server/engine/store/replay-db.ts): the
 * same commands as on SQLite give the same tasks, history and errors, a command's writes are one
 * transaction, concurrent completes of one task queue on the instance row's lock (one wins, the
 * others find the task gone), and asynchronous 抄送 to roles resolves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { manualClock } from '../../server/core/clock';
import { createEngine, type Engine } from '../../server/engine';
import { EngineCore } from '../../server/engine/core';
import { NeedExec, ReplayDb } from '../../server/engine/store/replay-db';
import { approvalXml, lineXml } from '../workflow/helpers';
import { flow, proc } from '../workflow/scopes-helpers';
import { freshDatabase } from './fresh-db';

let store: Store;
let engine: Engine;
const clock = manualClock(Date.UTC(2026, 11, 1, 1, 0, 0));
const groupCalls: string[][] = [];

beforeAll(async () => {
  const url = await freshDatabase('engine_replay');
  await migratePostgres(url);
  store = await openPostgresStore(url);
  engine = createEngine({
    store, clock, verifyInstanceCache: true,
    handlers: { usersOfGroups: async (ids) => { groupCalls.push(ids); return ids.map((g) => `u${g}`); } },
  });
});

afterAll(async () => { await store?.close(); });

describe('the engine on PostgreSQL (ReplayDb)', () => {
  it('deploys, starts, completes through a gateway and ends, with history', async () => {
    const { definitionId } = await engine.deploy({ xml: approvalXml, name: '审批' });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '7', variables: { amount: 5000 } });
    expect(tasks.map((t) => t.name)).toEqual(['审批']);
    expect((await engine.instanceTasks(instanceId)).map((t) => [t.name, t.assignee])).toEqual([['审批', '7']]);
    await engine.complete({ taskId: tasks[0].taskId, userId: '7', comment: '同意' });
    const [review] = await engine.instanceTasks(instanceId);
    expect([review.name, review.candidateGroups]).toEqual(['复核', ['2']]);
    await engine.complete({ taskId: review.taskId, userId: '9', groupIds: ['2'] });
    expect(await engine.instanceTasks(instanceId)).toEqual([]);
    const record = await engine.flowRecord(instanceId);
    expect(JSON.stringify(record)).toContain('同意');
    const inst = await store.get<{ state: string; endTime: number | null }>('SELECT state, end_time AS "endTime" FROM wf_instance WHERE id = ?', [instanceId]);
    expect(inst?.state).toBe('completed');
    expect(inst?.endTime).toBe(clock.now());
    const acts = await store.all<{ id: number; activityId: string }>("SELECT id, activity_id AS \"activityId\" FROM wf_hi_actinst WHERE instance_id = ? AND activity_type <> 'sequenceFlow' ORDER BY id", [instanceId]);
    expect(acts.map((a) => a.activityId)).toEqual(['start', 'approve', 'xor', 'review', 'end']);
    // Executions pointed at their activity rows: no row left behind, every id a real one.
    expect(await store.all('SELECT id FROM wf_execution WHERE instance_id = ?', [instanceId])).toEqual([]);
  });

  it('refuses a completed task the second time with Flowable\'s text, and nothing changes', async () => {
    const { definitionId } = await engine.deploy({ xml: lineXml('twice', [{ id: 'a', assignee: '1' }, { id: 'b', assignee: '1' }]) });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1' });
    await engine.complete({ taskId: tasks[0].taskId, userId: '1' });
    await expect(engine.complete({ taskId: tasks[0].taskId, userId: '1' })).rejects.toThrow('任务不存在或已被审批!');
    expect((await engine.instanceTasks(instanceId)).map((t) => t.name)).toEqual(['b']);
  });

  it('three completes of one task at once: exactly one wins, the others find the task gone (the instance row is locked at load)', async () => {
    const { definitionId } = await engine.deploy({ xml: lineXml('race', [{ id: 'a', assignee: '1' }, { id: 'b', assignee: '1' }]) });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1' });
    const results = await Promise.allSettled([1, 2, 3].map(() => engine.complete({ taskId: tasks[0].taskId, userId: '1' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason.message)).toBe('任务不存在或已被审批!');
    expect((await engine.instanceTasks(instanceId)).map((t) => t.name)).toEqual(['b']);
    expect((await store.all('SELECT id FROM wf_hi_taskinst WHERE instance_id = ? AND task_def_key = ?', [instanceId, 'b']))).toHaveLength(1);
  });

  it('a command that fails part-way leaves nothing (one transaction)', async () => {
    const { definitionId } = await engine.deploy({ xml: lineXml('atomic', [{ id: 'a', assignee: '1' }, { id: 'b', assignee: '${nobody.name}' }]) });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1' });
    const before = await store.all('SELECT * FROM wf_hi_actinst WHERE instance_id = ? ORDER BY id', [instanceId]);
    await expect(engine.complete({ taskId: tasks[0].taskId, userId: '1' })).rejects.toThrow();
    expect(await store.all('SELECT * FROM wf_hi_actinst WHERE instance_id = ? ORDER BY id', [instanceId])).toEqual(before);
    expect((await engine.instanceTasks(instanceId)).map((t) => t.name)).toEqual(['a']);
  });

  it('抄送 to roles: the asynchronous usersOfGroups is awaited between runs', async () => {
    const xml = lineXml('cc', [{ id: 'a', assignee: '1', extra: ' flowable:ccGroups="5,6"' }, { id: 'b', assignee: '1' }]);
    const { definitionId } = await engine.deploy({ xml });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1' });
    await engine.complete({ taskId: tasks[0].taskId, userId: '1' });
    const rows = await store.all<{ userId: string }>('SELECT user_id AS "userId" FROM wf_cc WHERE instance_id = ? ORDER BY user_id', [instanceId]);
    expect(rows.map((r) => r.userId)).toEqual(['u5', 'u6']);
    expect(groupCalls.at(-1)).toEqual(['5', '6']);
  });
});

describe('handlers once per command on PostgreSQL', () => {
  it('a service task and a listener run once though the command runs again after them (call activity lookup, 抄送 to roles)', async () => {
    const calls: string[] = [];
    const once = createEngine({
      store, clock,
      handlers: {
        services: { count: ({ execution }) => { calls.push(`service ${execution.currentActivityId}`); execution.setVariable('counted', calls.length); } },
        listeners: { note: ({ eventName }) => { calls.push(`listener ${eventName}`); } },
        usersOfGroups: async (ids) => ids.map((g) => `u${g}`),
      },
    });
    await once.deploy({ xml: proc('kid', '<startEvent id="ks"/><userTask id="kt" name="子任务" flowable:assignee="1"/><endEvent id="ke"/>' + flow('k1', 'ks', 'kt') + flow('k2', 'kt', 'ke')) });
    const { definitionId } = await once.deploy({ xml: proc('parent_once', `<startEvent id="s"/>
      <userTask id="a" name="甲" flowable:assignee="1" flowable:ccGroups="5"><extensionElements><flowable:executionListener event="end" class="note"/></extensionElements></userTask>
      <serviceTask id="svc" flowable:class="count"/>
      <callActivity id="call" calledElement="kid"/><userTask id="after" name="后"/><endEvent id="e"/>`
      + flow('f1', 's', 'a') + flow('f2', 'a', 'svc') + flow('f3', 'svc', 'call') + flow('f4', 'call', 'after') + flow('f5', 'after', 'e')) });
    const { instanceId, tasks } = await once.start({ definitionId, userId: '1' });
    await once.complete({ taskId: tasks[0].taskId, userId: '1' });
    expect(calls).toEqual(['listener end', 'service svc']);
    expect((await once.variables({ instanceId })).counted).toBe(2); // set by the one service call (after the listener's)
    const [child] = await once.childInstances(instanceId);
    expect((await once.instanceTasks(child.instanceId)).map((t) => t.name)).toEqual(['子任务']);
    expect((await store.all('SELECT user_id FROM wf_cc WHERE instance_id = ?', [instanceId])).length).toBe(1);
  });
});

describe('round trips of a command on PostgreSQL', () => {
  it('a complete locks its instance and loads the rest in one round trip, then sends its writes with the COMMIT', async () => {
    const { definitionId } = await engine.deploy({ xml: lineXml('trips', [{ id: 'a', assignee: '1' }, { id: 'b', assignee: '1' }]) });
    const { tasks } = await engine.start({ definitionId, userId: '1' });
    const calls: string[] = [];
    const texts: string[][] = [];
    const counted = new Proxy(store, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (typeof v === 'function' && ['all', 'get', 'run', 'values', 'batch', 'valuesBatch', 'batchAtCommit'].includes(String(prop))) {
          return (...args: unknown[]) => {
            const list = Array.isArray(args[0]) ? (args[0] as { sql: string }[]).map((q) => q.sql) : [String(args[0])];
            calls.push(`${String(prop)} ${list[0].slice(0, 60)}`);
            texts.push(list);
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const counting = createEngine({ store: counted, clock });
    await counting.start({ definitionId, userId: '1' }); // warms the definition cache and the id pool
    calls.length = 0;
    texts.length = 0;
    await counting.complete({ taskId: tasks[0].taskId, userId: '1' });
    // The instance row locked (issue 44) and, after it in the same round trip, its tokens, tasks,
    // candidates and variables (read once the lock is granted), then every write in one batch: no
    // SAVEPOINT round trips for the nested engine transaction, no run after the agenda (ids from
    // the pool). The locking read is sent once, like any read. The writes wait for the COMMIT and go
    // in its message (store.batchAtCommit), the revision check with them.
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['valuesBatch', 'batchAtCommit']);
    expect(texts[1].filter((t) => /^UPDATE wf_instance .* AND revision = \?$/s.test(t))).toHaveLength(1);
    expect(texts[0][0]).toMatch(/^SELECT .* FROM wf_instance WHERE id = \(SELECT instance_id FROM wf_task WHERE id = \?\) FOR UPDATE$/s);
    expect(texts[0].slice(1).map((t) => /FROM (\w+)/.exec(t)?.[1])).toEqual(['wf_execution', 'wf_task', 'wf_identity_link', 'wf_variable']);
    expect(texts.flat().filter((t) => /FOR UPDATE/.test(t))).toHaveLength(1);
    expect(texts.flat().filter((t) => /SAVEPOINT|RELEASE/.test(t))).toEqual([]);
  });
});

describe('a task command\'s own checks inside it (prepare; issue 44)', () => {
  /** `store` counting the port's statement calls (their first SQL). */
  function counting() {
    const calls: string[] = [];
    const proxy = new Proxy(store, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (typeof v === 'function' && ['all', 'get', 'run', 'values', 'batch', 'valuesBatch', 'batchAtCommit'].includes(String(prop))) {
          return (...args: unknown[]) => { calls.push(String(prop)); return (v as (...a: unknown[]) => unknown).apply(target, args); };
        }
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    return { store: proxy, calls };
  }

  it('the form check rides in the lock\'s round trip; what prepare answers are the variables the command sets', async () => {
    const { definitionId } = await engine.deploy({ xml: lineXml('prep', [{ id: 'a', assignee: '1' }, { id: 'b', assignee: '1' }]) });
    const c = counting();
    const e = createEngine({ store: c.store, clock });
    await e.start({ definitionId, userId: '1' }); // warms the definition cache and the id pool
    const { instanceId, tasks } = await e.start({ definitionId, userId: '1' });
    c.calls.length = 0;
    const seen: unknown[] = [];
    await e.complete({ taskId: tasks[0].taskId, userId: '1' }, async (task) => { seen.push(task); return { decided: '同意' }; });
    expect(c.calls).toEqual(['valuesBatch', 'batchAtCommit']);
    expect(seen).toEqual([{ deploymentId: expect.any(String), definitionId, taskDefKey: 'a', formKey: null, finished: false, unheld: false }]);
    expect((await e.variables({ instanceId })).decided).toBe('同意');
  });

  it('a prepare that refuses changes nothing; an unknown task skips it and the command refuses the task as missing', async () => {
    const { definitionId } = await engine.deploy({ xml: lineXml('prep_no', [{ id: 'a', assignee: '1' }, { id: 'b', assignee: '1' }]) });
    const { instanceId, tasks } = await engine.start({ definitionId, userId: '1' });
    await expect(engine.complete({ taskId: tasks[0].taskId, userId: '1' }, async () => { throw new Error('不许'); })).rejects.toThrow('不许');
    expect((await engine.instanceTasks(instanceId)).map((t) => t.taskId)).toEqual([tasks[0].taskId]);
    let called = false;
    await expect(engine.complete({ taskId: 'no-such-task', userId: '1' }, async () => { called = true; return undefined; })).rejects.toThrow('任务不存在');
    expect(called).toBe(false);
  });
});

describe('nested engine transactions on PostgreSQL (no SAVEPOINT: queued writes dropped)', () => {
  const core = () => new EngineCore({ sqlite: new ReplayDb(), store, clock, handlers: {} });
  const note = (c: EngineCore, v: string) => c.db.prepare('INSERT INTO p1_note (v) VALUES (?)').run(v);
  const notes = async () => (await store.all<{ v: string }>('SELECT v FROM p1_note ORDER BY v')).map((r) => r.v);
  beforeAll(async () => { await store.run('CREATE TABLE p1_note (v TEXT)'); });

  it('a nested transaction that throws, caught, leaves none of its writes; the command keeps the others', async () => {
    const c = core();
    await store.run('DELETE FROM p1_note');
    await c.command(() => {
      note(c, 'before');
      expect(() => c.tx(() => { note(c, 'inner'); throw new Error('内层失败'); })).toThrow('内层失败');
      note(c, 'after');
      return c.db.prepare('SELECT count(*) AS n FROM p1_note').get(); // a read after: the queue is sent up to here
    });
    expect(await notes()).toEqual(['after', 'before']);
  });

  it('when the nested writes were sent already (a read inside needed them), the command fails with its error even if caught', async () => {
    const c = core();
    await store.run('DELETE FROM p1_note');
    await expect(c.command(() => {
      note(c, 'before');
      try {
        c.tx(() => { note(c, 'inner'); c.db.prepare('SELECT count(*) AS n FROM p1_note').get(); throw new Error('内层失败'); });
      } catch (e) {
        if (e instanceof NeedExec) throw e; // the replay's signal passes every catch of the core
      }
      note(c, 'after');
    })).rejects.toThrow('内层失败');
    expect(await notes()).toEqual([]);
  });
});
