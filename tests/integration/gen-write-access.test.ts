/**
 * Issue 38 §2 "who may write and what an error may say": 生成代码 to a path (`genCode`) writes into
 * the server's source tree, so it is for administrators like 创建表 (`ry`, role 普通角色 with every
 * `tool:gen:*` button, gets 403 没有权限，请联系管理员授权 and nothing is written), while the zip
 * downloads stay with `tool:gen:code`. A control character in 生成路径 is refused with
 * 生成路径不能包含控制字符 on save and on write (a value stored before this rule), and no error of
 * the write path names a server path. Over REST with inject(); PROJECT_ROOT is a temporary folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, onPostgres, type TestApp } from '../helpers/app';
import { createTables } from '../helpers/gen-samples';
import { makeUser } from '../helpers/factories';
import { genTable } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
let ry: string;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-access-'));
  t = await makeTestApp({ PROJECT_ROOT: root });
  admin = await login(t.app);
  ry = await login(t.app, 'ry');
  await createTables(t.app, `CREATE TABLE biz_ledger ( -- 台账表
    ledger_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 台账ID
    ledger_name varchar(64) NOT NULL -- 名称
  );`);
  expect((await api('POST', '/tool/gen/importTable?tables=biz_ledger')).code).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);
const listing = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
const storedPath = async () => firstRow(await t.app.deps.store.db.select().from(genTable).where(eq(genTable.tableName, 'biz_ledger')).limit(1))!.genPath;

/** Saves the edit screen of biz_ledger with `changes` as `token` and answers the envelope. */
async function save(changes: Record<string, unknown>, token = admin) {
  const id = (await api('GET', '/tool/gen/list?tableName=biz_ledger')).rows[0].tableId;
  const { info, rows } = (await api('GET', `/tool/gen/${id}`)).data;
  return api('POST', '/tool/gen/update', { ...info, columns: rows, params: { parentMenuId: info.parentMenuId }, ...changes }, token);
}

describe('writing to a path is for administrators', () => {
  it('refuses 生成代码 to a path for ry (普通角色) and writes nothing; the zip downloads stay', async () => {
    // ry holds the generator's buttons, as upstream seeds 普通角色
    expect(await save({ genType: '1', genPath: 'ry-out' }, ry)).toEqual({ code: 200, msg: '操作成功' });
    expect(await api('GET', '/tool/gen/genCode/biz_ledger', undefined, ry)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect(listing(root)).toEqual([]);
    for (const url of ['/tool/gen/download/biz_ledger', '/tool/gen/batchGenCode?tables=biz_ledger']) {
      const res = await t.app.inject({ method: 'GET', url: `/caishui-api${url}`, headers: { authorization: `Bearer ${ry}` } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/zip');
    }
    expect(listing(root)).toEqual([]);
  });

  it('lets the admin user and any holder of the admin role write', async () => {
    expect((await api('GET', '/tool/gen/genCode/biz_ledger')).code).toBe(200);
    expect(fs.existsSync(path.join(root, 'ry-out/server/modules/biz/ledger/ledger.router.ts'))).toBe(true);
    await makeUser(t.app, { userName: 'genadmin2', roleIds: [1] });
    expect((await api('GET', '/tool/gen/genCode/biz_ledger', undefined, await login(t.app, 'genadmin2'))).code).toBe(200);
  });
});

describe('生成路径 with control characters', () => {
  it('refuses a NUL or other control character on save and stores nothing', async () => {
    expect(await save({ genType: '1', genPath: 'out' })).toEqual({ code: 200, msg: '操作成功' });
    for (const genPath of ['out\u0000x', '\u0000', 'out\u001b[2J', 'out\nx', 'out\tx', 'a\u007f']) {
      expect(await save({ genType: '1', genPath }), JSON.stringify(genPath)).toEqual({ code: 500, msg: '生成路径不能包含控制字符' });
    }
    expect(await storedPath()).toBe('out');
  });

  // PostgreSQL text cannot hold a NUL (invalid byte sequence for encoding "UTF8": 0x00): there no stored path has one.
  it('refuses a stored path with a NUL on 生成代码 without naming the project root', async () => {
    const stored = t.app.deps.store.db.update(genTable).set({ genPath: 'nul\u0000x' }).where(eq(genTable.tableName, 'biz_ledger'));
    if (onPostgres) {
      await expect(stored).rejects.toThrow();
      expect(await storedPath()).toBe('out');
      return;
    }
    await stored;
    const before = listing(root);
    expect(await api('GET', '/tool/gen/genCode/biz_ledger')).toEqual({ code: 500, msg: '生成路径不能包含控制字符' });
    expect(listing(root)).toEqual(before);
    await t.app.deps.store.db.update(genTable).set({ genPath: 'out' }).where(eq(genTable.tableName, 'biz_ledger'));
  });

  it('refuses a stored path with another control character on 生成代码 without naming the project root', async () => {
    await t.app.deps.store.db.update(genTable).set({ genPath: 'esc\u001b[2J' }).where(eq(genTable.tableName, 'biz_ledger'));
    const before = listing(root);
    expect(await api('GET', '/tool/gen/genCode/biz_ledger')).toEqual({ code: 500, msg: '生成路径不能包含控制字符' });
    expect(listing(root)).toEqual(before);
    await t.app.deps.store.db.update(genTable).set({ genPath: 'out' }).where(eq(genTable.tableName, 'biz_ledger'));
  });
});

describe('errors of the write path disclose no server path', () => {
  it('answers a folder that cannot be made with a message free of absolute paths', async () => {
    fs.writeFileSync(path.join(root, 'blocker'), 'a file where a folder would go');
    for (const genPath of ['blocker/sub', 'blocker']) {
      expect(await save({ genType: '1', genPath })).toEqual({ code: 200, msg: '操作成功' });
      const r = await api('GET', '/tool/gen/genCode/biz_ledger');
      expect(r.code, genPath).toBe(500);
      expect(r.msg, genPath).not.toContain(root);
      expect(r.msg, genPath).not.toContain(os.tmpdir());
      expect(r.msg, genPath).not.toMatch(/ENOTDIR|EEXIST|ENOENT|\/tmp\//);
    }
  });

  it('answers a missing project root with a message free of absolute paths', async () => {
    const gone = path.join(root, 'no-such-root');
    const other = await makeTestApp({ PROJECT_ROOT: gone });
    try {
      const token = await login(other.app);
      await createTables(other.app, 'CREATE TABLE biz_note (note_id INTEGER PRIMARY KEY, title text)');
      expect((await call(other.app, 'POST', '/tool/gen/importTable?tables=biz_note', token)).body.code).toBe(200);
      const r = (await call(other.app, 'GET', '/tool/gen/genCode/biz_note', token)).body;
      expect(r.code).toBe(500);
      expect(r.msg).not.toContain(gone);
      expect(r.msg).not.toMatch(/ENOENT|\/tmp\//);
      expect(fs.existsSync(gone)).toBe(false);
    } finally {
      await other.app.close();
    }
  });
});
