/**
 * Code generator output with the real templates (reference §2 `/tool/gen` preview, download,
 * batchGenCode, genCode; §8 "Preview"): the preview's files are exactly the zip's entries and
 * exactly what genCode writes; a batch zip's registries list every module. PROJECT_ROOT is a
 * temporary folder, so nothing is written into the project.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { createTables } from '../helpers/gen-samples';

let t: TestApp;
let admin: string;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-output-'));
  t = await makeTestApp({ PROJECT_ROOT: root });
  admin = await login(t.app);
  await createTables(t.app, `CREATE TABLE biz_ledger ( -- 台账表
    ledger_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 台账ID
    ledger_name varchar(64) NOT NULL, -- 台账名称
    ledger_status char(1) NOT NULL DEFAULT '0', -- 状态
    amount decimal(12,2), -- 金额
    sign_date date, -- 签订日期
    remark varchar(500) -- 备注
  );
  CREATE TABLE biz_ledger_item ( -- 台账明细表
    item_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 明细ID
    ledger_id integer NOT NULL, -- 台账ID
    item_name varchar(64) -- 名称
  );`);
  expect((await api('POST', '/tool/gen/importTable?tables=biz_ledger,biz_ledger_item')).code).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(t.app, method, url, admin, payload).then((r) => r.body);
const idOf = async (name: string) => ((await api('GET', `/tool/gen/list?tableName=${name}`)).rows as Array<{ tableId: number; tableName: string }>).find((r) => r.tableName === name)!.tableId;
const zipOf = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/caishui-api${url}`, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/filename="caishui\.zip"/);
  return unzipSync(new Uint8Array(res.rawPayload));
};
const walk = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();

describe('generated output', () => {
  it('previews exactly the files of the zip', async () => {
    const r = await api('GET', `/tool/gen/preview/${await idOf('biz_ledger')}`);
    expect(r.code, r.msg).toBe(200);
    const preview = r.data as Record<string, string>;
    expect(Object.keys(preview)).toContain('server/modules/generated.ts');
    expect(Object.keys(preview).some((p) => p.startsWith('server/rest/'))).toBe(false);
    const files = await zipOf('/tool/gen/download/biz_ledger');
    expect(Object.keys(files).sort()).toEqual(Object.keys(preview).sort());
    for (const [p, content] of Object.entries(preview)) expect(strFromU8(files[p]), p).toBe(content);
  });

  it('writes exactly the preview files under the project root', async () => {
    const preview = (await api('GET', `/tool/gen/preview/${await idOf('biz_ledger')}`)).data as Record<string, string>;
    const r = await api('GET', '/tool/gen/genCode/biz_ledger');
    expect(r.code, r.msg).toBe(200);
    expect([...r.data.files].sort()).toEqual(Object.keys(preview).sort());
    // plus the generator's manifest of what it wrote (issue 38 §2)
    expect(walk(root)).toEqual([...Object.keys(preview), 'server/modules/generated.manifest.json'].sort());
    for (const [p, content] of Object.entries(preview)) expect(fs.readFileSync(path.join(root, p), 'utf8'), p).toBe(content);
  });

  it('lists every module of a batch in the registries', async () => {
    const files = await zipOf('/tool/gen/batchGenCode?tables=biz_ledger,biz_ledger_item');
    const modules = strFromU8(files['server/modules/generated.ts']);
    expect(modules).toContain('gen:biz.ledger');
    expect(modules).toContain('gen:biz.item');
    const one = (await api('GET', `/tool/gen/preview/${await idOf('biz_ledger_item')}`)).data as Record<string, string>;
    for (const p of Object.keys(one)) expect(Object.keys(files)).toContain(p);
  });

  it('generates an imported table whose name ends in digits under a valid business name', async () => {
    // RuoYi's default (the part after the last `_`) would be `2024`, which 生成代码 refuses.
    await createTables(t.app, 'CREATE TABLE biz_report_2024 (report_id INTEGER PRIMARY KEY, title varchar(64))');
    expect((await api('POST', '/tool/gen/importTable?tables=biz_report_2024')).code).toBe(200);
    expect((await api('GET', `/tool/gen/${await idOf('biz_report_2024')}`)).data.info.businessName).toBe('report2024');
    const files = await zipOf('/tool/gen/download/biz_report_2024');
    expect(Object.keys(files).some((p) => p.includes('/report2024/'))).toBe(true);
  });

  it('hands the sub template its detail table', async () => {
    const id = await idOf('biz_ledger');
    const { info, rows } = (await api('GET', `/tool/gen/${id}`)).data;
    const saved = await api('POST', '/tool/gen/update', {
      ...info, tplCategory: 'sub', subTableName: 'biz_ledger_item', subTableFkName: 'ledger_id', columns: rows, params: { parentMenuId: 3 },
    });
    expect(saved.code, saved.msg).toBe(200);
    const r = await api('GET', `/tool/gen/preview/${id}`);
    expect(r.code, r.msg).toBe(200);
    expect(Object.values(r.data as Record<string, string>).join('\n')).toContain('biz_ledger_item');
  });
});
