/**
 * `caishui copy` (server/db/copy.ts; issue 43 "a test that round-trips the seeded data plus a
 * running approval"): a seeded SQLite install with an approval waiting at 经理审批 is copied into
 * a new PostgreSQL database and back into a new SQLite file; every table comes back row for row,
 * the PostgreSQL sequences continue after the copied ids, and the approval goes on from the copy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDatabase } from '../../server/db/copy';
import { call, login, makeTestApp } from '../helpers/app';
import { LEAVE_XML } from '../integration/flowable-model';
import { freshDatabase } from './fresh-db';

let dir: string;
let original: string;
let instanceId: string;

/** Every row of every app table, each table's rows as sorted JSON lines. */
function dump(file: string): Record<string, string[]> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").pluck().all() as string[];
    return Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT * FROM "${t}"`).all() as object[]).map((r) => JSON.stringify(r, (_k, v) => (Buffer.isBuffer(v) ? v.toString('hex') : v))).sort()]));
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-copy-'));
  original = path.join(dir, 'original.db');
  const { app } = await makeTestApp({ DATABASE_URL: original });
  try {
    const admin = await login(app);
    const saved = await call(app, 'POST', '/flowable/definition/save', admin, { name: '请假', category: 'oa', xml: LEAVE_XML });
    expect(saved.body).toMatchObject({ code: 200 });
    const started = await call(app, 'POST', `/flowable/definition/start/${saved.body.data.definitionId}`, admin, { day: 3 });
    expect(started.body).toMatchObject({ code: 200, msg: '流程启动成功' });
    instanceId = started.body.data.instanceId;
    const todo = (await call(app, 'GET', '/flowable/task/todoList?pageNum=1&pageSize=100', admin)).body.rows.find((r: any) => r.procInsId === instanceId);
    expect(await call(app, 'POST', '/flowable/task/complete', admin, { taskId: todo.taskId, instanceId, comment: '提交申请' })).toMatchObject({ body: { code: 200 } });
  } finally {
    await app.close();
  }
});
afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });

describe('caishui copy: SQLite → PostgreSQL → SQLite', () => {
  let pgUrl: string;
  let back: string;

  it('copies every table into PostgreSQL and back, row for row', async () => {
    pgUrl = await freshDatabase('copy');
    const there = await copyDatabase(original, pgUrl);
    expect(there.skipped).toEqual([]);
    const source = dump(original);
    expect(Object.fromEntries(there.tables.map((t) => [t.name, t.rows]))).toEqual(Object.fromEntries(Object.entries(source).map(([t, rows]) => [t, rows.length])));
    expect(there.tables.find((t) => t.name === 'wf_task')!.rows).toBeGreaterThan(0);

    back = path.join(dir, 'back.db');
    const home = await copyDatabase(pgUrl, back);
    expect(home.skipped).toEqual([]);
    expect(dump(back)).toEqual(source);
  });

  it('leaves the PostgreSQL sequences after the copied ids', async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const { rows: [max] } = await client.query<{ id: number }>('SELECT max(user_id)::int AS id FROM sys_user');
      const { rows: [made] } = await client.query<{ user_id: number }>(
        "INSERT INTO sys_user (user_name, nick_name, dept_id) VALUES ('copied_next', 'n', 103) RETURNING user_id");
      expect(made.user_id).toBe(max.id + 1);
    } finally {
      await client.end();
    }
  });

  it('the approval goes on from the copy', async () => {
    const { app } = await makeTestApp({ DATABASE_URL: back });
    try {
      const ry = await login(app, 'ry', 'admin123');
      const todo = (await call(app, 'GET', '/flowable/task/todoList?pageNum=1&pageSize=100', ry)).body.rows.find((r: any) => r.procInsId === instanceId);
      expect(todo).toMatchObject({ taskName: '经理审批' });
      expect(await call(app, 'POST', '/flowable/task/complete', ry, { taskId: todo.taskId, comment: '经理同意' })).toMatchObject({ body: { code: 200 } });
    } finally {
      await app.close();
    }
  });

  it('refuses a target that is not empty or not new, writing nothing', async () => {
    await expect(copyDatabase(original, pgUrl)).rejects.toThrow(/not empty/);
    await expect(copyDatabase(original, back)).rejects.toThrow(/must be a new file/);
    await expect(copyDatabase(original, original)).rejects.toThrow(/same database/);
  });
});

describe('the command line', () => {
  it('caishui copy <from> <to> copies a SQLite file into PostgreSQL and prints the rows', async () => {
    const { runCli } = await import('../../server/cli');
    const to = await freshDatabase('copy_cli');
    const lines: string[] = [];
    const code = await runCli(['copy', original, to], () => ({}), { out: (l) => lines.push(l), err: (l) => lines.push(`ERR ${l}`), env: {} });
    expect(lines.join('\n')).toMatch(/^copied \d+ rows in \d+ tables \(sqlite → postgres, \d+ ms\)$/);
    expect(code).toBe(0);
    const client = new pg.Client({ connectionString: to });
    await client.connect();
    try {
      expect((await client.query('SELECT user_name FROM sys_user WHERE user_id = 1')).rows).toEqual([{ user_name: 'admin' }]);
    } finally {
      await client.end();
    }
  });
});
