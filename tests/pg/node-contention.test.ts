/**
 * Issue 44 "Task commands exactly once, and no spurious refusals", on three app nodes over one
 * PostgreSQL database (three apps built over the same URL, each with its own pool, engine and
 * caches), driven through the REST adapter:
 * - N parallel completes of one task spread over the nodes: exactly one succeeds, the others
 *   answer 任务不存在或已被审批! (the instance row is locked at load: a waiter loads after the
 *   winner committed and finds the task gone, so never the concurrency text);
 * - a parallel 会签 where every signer approves at the same moment from a different node: all
 *   succeed and each instance ends after its last signer (the optimistic revision check alone
 *   refused part of them);
 * - a deadlock / serialization failure (40P01 / 40001) gets one retry of the whole transaction,
 *   then the concurrency message (CONCURRENT_UPDATE), also for a command nested in a caller's
 *   transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../server/app';
import type { Store } from '../../server/db/store/port';
import { createEngine, CONCURRENT_UPDATE } from '../../server/engine';
import { manualClock } from '../../server/core/clock';
import { call, login, makeTestApp } from '../helpers/app';
import { makeUser } from '../helpers/factories';
import { freshDatabase } from './fresh-db';

const TASK_GONE = '任务不存在或已被审批!';
const SIGNERS = 8;
const INSTANCES = 4;

let nodes: BuiltApp[] = [];
const tok: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  const url = await freshDatabase('nodes');
  // The first node migrates and seeds; the others boot over the ready database.
  nodes = [(await makeTestApp({ DATABASE_URL: url })).app];
  for (let i = 1; i < 3; i++) nodes.push((await makeTestApp({ DATABASE_URL: url })).app);
  const users = ['clerk', ...Array.from({ length: SIGNERS }, (_, i) => `signer${i}`)];
  for (const name of users) id[name] = await makeUser(nodes[0], { userName: name });
  tok.admin = await login(nodes[0]);
  // Each user signs in on some node; the session is valid on every node (sys_session).
  for (const [i, name] of users.entries()) tok[name] = await login(nodes[i % 3], name, 'admin123');
}, 120_000);

afterAll(async () => { for (const app of nodes) await app.close(); });

const post = (app: BuiltApp, url: string, body: unknown, who: string) => call(app, 'POST', url, tok[who], body).then((r) => r.body);

const xml = (key: string, body: string, flows: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="${key}" name="${key}" isExecutable="true">
    <startEvent id="start" name="开始"/>${body}<endEvent id="end" name="结束"/>${flows}
  </process>
</definitions>`;
const flow = (id: string, from: string, to: string) => `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"/>`;

/** Saves (deploys) `model` on node 0 through REST and returns its definition id. */
async function deploy(name: string, model: string): Promise<string> {
  const saved = await post(nodes[0], '/flowable/definition/save', { name, category: 'oa', xml: model }, 'admin');
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  return saved.data.definitionId as string;
}

/** Starts `definitionId` with `variables` on `node` through REST; the new instance's id. */
async function start(definitionId: string, variables: Record<string, unknown>, node: BuiltApp): Promise<string> {
  const started = await post(node, `/flowable/definition/start/${definitionId}`, variables, 'admin');
  expect(started.code, JSON.stringify(started)).toBe(200);
  return started.data.instanceId as string;
}

const instanceRow = (instanceId: string) => nodes[0].deps.store.get<{ state: string; endTime: number | null; revision: number }>(
  'SELECT state, end_time AS "endTime", revision FROM wf_instance WHERE id = ?', [instanceId]);

describe('task commands across nodes on PostgreSQL (issue 44)', () => {
  it('12 parallel completes of one task over 3 nodes: exactly one succeeds, the others answer 任务不存在或已被审批!', async () => {
    const definitionId = await deploy('一次', xml('once_only',
      `<userTask id="a" name="审批" flowable:assignee="${id.clerk}"/><userTask id="b" name="复核" flowable:assignee="${id.clerk}"/>`,
      flow('f1', 'start', 'a') + flow('f2', 'a', 'b') + flow('f3', 'b', 'end')));
    for (let round = 0; round < 3; round++) {
      const instanceId = await start(definitionId, {}, nodes[round % 3]);
      const [task] = await nodes[0].deps.engine.instanceTasks(instanceId);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
        post(nodes[i % 3], '/flowable/task/complete', { taskId: task.taskId, instanceId, comment: `第${i}次` }, 'clerk')));
      expect(answers.filter((a) => a.code === 200), JSON.stringify(answers)).toHaveLength(1);
      for (const a of answers) if (a.code !== 200) expect(a).toMatchObject({ code: 500, msg: TASK_GONE });
      // The task ended once: one 复核 task, one comment, the instance moved once.
      expect((await nodes[1].deps.engine.instanceTasks(instanceId)).map((t) => t.name)).toEqual(['复核']);
      const store = nodes[2].deps.store;
      expect(await store.all('SELECT id FROM wf_hi_taskinst WHERE instance_id = ? AND task_def_key = ?', [instanceId, 'b'])).toHaveLength(1);
      expect(await store.all('SELECT id FROM wf_comment WHERE instance_id = ? AND task_id = ?', [instanceId, task.taskId])).toHaveLength(1);
      expect((await instanceRow(instanceId))?.revision).toBe(2);
    }
  });

  it(`a parallel 会签 of ${SIGNERS} signers × ${INSTANCES} instances, every signer at once from a different node: all succeed, each instance ends after its last signer`, async () => {
    const signers = Array.from({ length: SIGNERS }, (_, i) => `signer${i}`);
    const definitionId = await deploy('会签', xml('countersign',
      '<userTask id="sign" name="会签" flowable:assignee="${u}"><multiInstanceLoopCharacteristics isSequential="false" flowable:collection="${signers}" flowable:elementVariable="u"/></userTask>',
      flow('f1', 'start', 'sign') + flow('f2', 'sign', 'end')));
    const instances: string[] = [];
    for (let i = 0; i < INSTANCES; i++) instances.push(await start(definitionId, { signers: signers.map((s) => String(id[s])) }, nodes[i % 3]));
    const work: Array<{ instanceId: string; taskId: string; who: string }> = [];
    for (const instanceId of instances) {
      const tasks = await nodes[0].deps.engine.instanceTasks(instanceId);
      expect(tasks).toHaveLength(SIGNERS);
      for (const t of tasks) work.push({ instanceId, taskId: t.taskId, who: signers.find((s) => String(id[s]) === t.assignee)! });
    }
    const answers = await Promise.all(work.map((w, i) =>
      post(nodes[i % 3], '/flowable/task/complete', { taskId: w.taskId, instanceId: w.instanceId, comment: '同意' }, w.who)));
    const refused = answers.filter((a) => a.code !== 200);
    expect(refused, JSON.stringify(refused.slice(0, 3))).toEqual([]);
    for (const instanceId of instances) {
      expect(await nodes[0].deps.engine.instanceTasks(instanceId)).toEqual([]);
      const row = await instanceRow(instanceId);
      expect(row?.state).toBe('completed');
      expect(row?.endTime).not.toBeNull();
      expect(row?.revision).toBe(1 + SIGNERS); // one change per signer, none lost
      expect(await nodes[1].deps.store.all("SELECT id FROM wf_hi_taskinst WHERE instance_id = ? AND end_time IS NOT NULL", [instanceId])).toHaveLength(SIGNERS);
    }
  });
});

describe('one retry on a deadlock / serialization failure (issue 44)', () => {
  /** The node's store, whose `batch` (the command's flush) fails with SQLSTATE `code` the first `failures` times. */
  function failingBatches(store: Store, code: string, failures: number) {
    let left = failures;
    let calls = 0;
    const proxy = new Proxy(store, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (prop === 'batch' || prop === 'batchAtCommit') { // the flush: with COMMIT, or at once in a savepoint
          return (...args: unknown[]) => {
            calls++;
            if (left-- > 0) return Promise.reject(Object.assign(new Error(`forced ${code}`), { code }));
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    return { store: proxy, calls: () => calls };
  }

  async function oneTask(key: string) {
    const definitionId = await deploy(key, xml(key, '<userTask id="a" name="甲" flowable:assignee="1"/><userTask id="b" name="乙" flowable:assignee="1"/>',
      flow('f1', 'start', 'a') + flow('f2', 'a', 'b') + flow('f3', 'b', 'end')));
    const instanceId = await start(definitionId, {}, nodes[0]);
    const [task] = await nodes[0].deps.engine.instanceTasks(instanceId);
    return { instanceId, taskId: task.taskId };
  }
  const clock = manualClock(Date.UTC(2026, 11, 3, 1, 0, 0));

  it('a deadlock at the first flush: the command runs again and succeeds once', async () => {
    const { instanceId, taskId } = await oneTask('retry_ok');
    const failing = failingBatches(nodes[1].deps.store, '40P01', 1);
    const engine = createEngine({ store: failing.store, clock });
    await engine.complete({ taskId, userId: '1' });
    expect(failing.calls()).toBe(2);
    expect((await engine.instanceTasks(instanceId)).map((t) => t.name)).toEqual(['乙']);
    expect((await instanceRow(instanceId))?.revision).toBe(2);
  });

  it('twice: the concurrency message, nothing changed; nested in a caller\'s transaction the whole outer one is retried', async () => {
    const { instanceId, taskId } = await oneTask('retry_twice');
    const failing = failingBatches(nodes[2].deps.store, '40001', 2);
    const engine = createEngine({ store: failing.store, clock });
    await expect(engine.complete({ taskId, userId: '1' })).rejects.toThrow(CONCURRENT_UPDATE);
    expect(failing.calls()).toBe(2);
    expect((await engine.instanceTasks(instanceId)).map((t) => t.name)).toEqual(['甲']);
    expect((await instanceRow(instanceId))?.revision).toBe(1);

    // Inside a caller's transaction the command is a savepoint: its failure reaches the outer
    // transaction as the AppError (SQLSTATE kept as its cause), and the outer one runs again.
    const nested = failingBatches(nodes[2].deps.store, '40P01', 1);
    const inner = createEngine({ store: nested.store, clock });
    let outerRuns = 0;
    await nested.store.transaction(async () => {
      outerRuns++;
      await inner.complete({ taskId, userId: '1' });
    });
    expect(outerRuns).toBe(2);
    expect((await inner.instanceTasks(instanceId)).map((t) => t.name)).toEqual(['乙']);
  });
});
