/**
 * The to-do reader (server/modules/flowable/task/todo-reader.ts, todo-worker.ts; issue 15): over a
 * database file the REST to-do rows are read and serialised by a worker thread with its own
 * connection. It answers the rows the request thread would (and tRPC the same page), sees a
 * write as soon as the write's answer has arrived, keeps each user to their own tasks, and once
 * the worker is gone the same rows come from the request thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { openDatabase } from '../../server/db/client';
import { startTodoReader, type TodoReader } from '../../server/modules/flowable/task/todo-reader';
import { createCallerFactory } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';
import { call, login } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { LEAVE_XML } from './flowable-model';

const TODO = '/flowable/task/todoList?pageNum=1&pageSize=100';

let dir: string;
let app: BuiltApp;
let reader: TodoReader;
let admin: string;
let ry: string;
let nobody: string;
/** Reads the worker answered (a non-null `read`). */
let workerReads = 0;

const get = (url: string, tok = admin) => call(app, 'GET', url, tok).then((r) => r.body);
const post = (url: string, body: unknown, tok = admin) => call(app, 'POST', url, tok, body).then((r) => r.body);
/**
 * The same page through tRPC, as its wire writes it (JSON.stringify → the JsonPage's toJSON): the
 * procedure answers one JsonPage for both transports (issue 42), read by the worker here too.
 */
const trpcTodo = async (token: string, input: Record<string, unknown>): Promise<{ total: number; rows: unknown[] }> => JSON.parse(JSON.stringify(
  await createCallerFactory(appRouter)({ deps: app.deps, token, client: { ip: '127.0.0.1', userAgent: 'vitest' } })
    .flowable.task.todoList({ pageNum: 1, pageSize: 100, ...input }),
));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-todo-reader-'));
  app = await buildApp({
    rawEnv: {},
    env: { DATABASE_URL: path.join(dir, 'c.db'), CAPTCHA_ENABLED: false, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef' },
    clock: manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime()),
    logger: false,
    checkpointer: false,
  });
  reader = app.deps.todoReader as TodoReader;
  const read = reader.read.bind(reader);
  reader.read = (q) => {
    const pending = read(q);
    if (pending) workerReads++;
    return pending;
  };
  for (let i = 0; i < 300 && reader.mode() === 'starting'; i++) await new Promise((r) => setTimeout(r, 100));
  admin = await login(app);
  ry = await login(app, 'ry', 'admin123');
  await makeUserWithPerms(app, 'nobody', []);
  nobody = await login(app, 'nobody', 'admin123');
}, 60_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('over a database file', () => {
  const instances: string[] = [];

  it('answers the REST to-do list from the worker thread with the rows tRPC reads here', async () => {
    expect(reader.mode()).toBe('worker');
    const saved = await post('/flowable/definition/save', { name: '请假', category: 'oa', xml: LEAVE_XML });
    expect(saved.code).toBe(200);
    for (let i = 0; i < 3; i++) {
      const started = await post(`/flowable/definition/start/${saved.data.definitionId}`, { day: i + 1 });
      expect(started.code).toBe(200);
      instances.push(started.data.instanceId);
    }
    const before = workerReads;
    const rest = await get(TODO);
    expect(workerReads).toBe(before + 1);
    expect(rest).toMatchObject({ code: 200, msg: '查询成功', total: 3 });
    expect(rest.rows.map((r: { procInsId: string }) => r.procInsId).sort()).toEqual([...instances].sort());
    expect(rest.rows[0]).toMatchObject({ taskName: '填写申请', procDefName: '请假流程', startUserName: '若依', startDeptName: '研发部门', assignee: '1' });
    const here = await trpcTodo(admin, {});
    expect(rest.rows).toEqual(JSON.parse(JSON.stringify(here.rows)));
    expect(rest.total).toBe(here.total);
    // A short page counts the rest; a name filter with no match is empty.
    const page = await get('/flowable/task/todoList?pageNum=2&pageSize=2');
    expect(page).toMatchObject({ code: 200, total: 3 });
    expect(page.rows).toEqual(JSON.parse(JSON.stringify((await trpcTodo(admin, { pageNum: 2, pageSize: 2 })).rows)));
    expect(await get(`/flowable/task/todoList?pageNum=1&pageSize=10&name=${encodeURIComponent('报销')}`)).toMatchObject({ code: 200, total: 0, rows: [] });
  });

  it('shows a write the moment its answer has arrived (a completed task is gone, the next one is listed)', async () => {
    const row = (await get(TODO)).rows.find((r: { procInsId: string }) => r.procInsId === instances[0]);
    const done = await post('/flowable/task/complete', { taskId: row.taskId, instanceId: instances[0], comment: '提交' });
    expect(done.code).toBe(200);
    const before = workerReads;
    const mine = await get(TODO);
    expect(mine.total).toBe(2);
    expect(mine.rows.some((r: { taskId: string }) => r.taskId === row.taskId)).toBe(false);
    // 经理审批 has candidate user 2 (ry): on ry's list, unassigned.
    const theirs = await get(TODO, ry);
    expect(workerReads).toBe(before + 2);
    expect(theirs).toMatchObject({ code: 200, total: 1 });
    expect(theirs.rows[0]).toMatchObject({ procInsId: instances[0], taskName: '经理审批', assignee: null });
    expect(theirs.rows).toEqual(JSON.parse(JSON.stringify((await trpcTodo(ry, {})).rows)));
  });

  it('refuses bad input on the request thread, before the worker reads anything', async () => {
    const before = workerReads;
    for (const query of ['pageNum=1&pageSize=abc', 'pageNum=0&pageSize=10', 'pageNum=1&pageSize=10&beginTime=2026-13']) {
      const r = await get(`/flowable/task/todoList?${query}`);
      expect(r.code, query).toBe(500);
      expect(typeof r.msg, query).toBe('string');
    }
    expect(workerReads).toBe(before);
    // A LIKE wildcard in the name filter is a literal character on the worker's statement too.
    expect(await get(`/flowable/task/todoList?pageNum=1&pageSize=10&name=${encodeURIComponent('%')}`)).toMatchObject({ code: 200, total: 0, rows: [] });
    expect(workerReads).toBe(before + 1);
  });

  it('lists only the signed-in user\'s tasks and refuses a request without a session', async () => {
    expect(await get(TODO, nobody)).toMatchObject({ code: 200, total: 0, rows: [] });
    expect(await get(TODO, '')).toMatchObject({ code: 401 });
  });

  it('reads on the request thread, with the same rows, once the worker is gone', async () => {
    const viaWorker = await get(TODO);
    await reader.stop();
    expect(reader.mode()).toBe('inline');
    const before = workerReads;
    expect(await get(TODO)).toEqual(viaWorker);
    expect(workerReads).toBe(before);
  });
});

describe('startTodoReader', () => {
  it('starts no worker for an in-memory database', () => {
    const db = openDatabase({ url: ':memory:' });
    expect(startTodoReader(db)).toBeNull();
    db.$client.close();
  });

  it('reports a worker that fails or exits on its own, and reads inline from then on', async () => {
    const db = openDatabase({ url: path.join(dir, 'other.db') });
    const scripts = {
      throws: "throw new Error('boom');",
      exits: "const { parentPort } = require('node:worker_threads'); parentPort.postMessage({ ready: true }); setTimeout(() => process.exit(3), 50);",
    };
    for (const [name, source] of Object.entries(scripts)) {
      const scriptPath = path.join(dir, `${name}.cjs`);
      fs.writeFileSync(scriptPath, source);
      const errors: string[] = [];
      const r = startTodoReader(db, { scriptPath, onError: (err) => errors.push(err.message) })!;
      for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((res) => setTimeout(res, 50));
      expect(errors[0], name).toMatch(name === 'throws' ? /boom/ : /exited with code 3/);
      expect(r.mode()).toBe('inline');
      expect(r.read({ userId: '1', groupIds: [] })).toBeNull();
      await r.stop();
    }
    db.$client.close();
  });
});
