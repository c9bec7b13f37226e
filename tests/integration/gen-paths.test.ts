/**
 * Where `GET /tool/gen/genCode/{tableName}` may write (reference §2 genCode "write to configured
 * path"; ours: under PROJECT_ROOT only): genPath '/' is the project root, a relative genPath is
 * below it; `..`, absolute paths outside and symlinks leading out are refused before anything is
 * written; a rendered file outside the generator's own folders is refused (issue 38 §2). Also
 * the zip's name and type and the registry chaining of batchGenCode. The templates
 * are mocked here (their output is tested in gen-output.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { createTables, shownType } from '../helpers/gen-samples';
import type { GenFile, GenTableModel } from '../../server/modules/tool/gen/gen-model';

const rendered = vi.hoisted(() => ({ extra: [] as Array<{ path: string; content: string }>, calls: [] as Array<{ model: unknown; registries: unknown }> }));
vi.mock('../../server/modules/tool/gen/templates', () => ({
  REGISTRY_PATHS: { modules: 'server/modules/generated.ts' },
  renderModule: async (model: GenTableModel, registries: { modules: string | null }): Promise<GenFile[]> => {
    rendered.calls.push({ model, registries });
    return [
      { path: `server/modules/${model.moduleName}/${model.businessName}/${model.businessName}.service.ts`, content: `// ${model.className}\n`, language: 'typescript' },
      { path: 'server/modules/generated.ts', content: `${registries.modules ?? '// modules'}\n// ${model.businessName}`, language: 'typescript' },
      ...rendered.extra.map((f) => ({ ...f, language: 'typescript' as const })),
    ];
  },
}));

let t: TestApp;
let admin: string;
let root: string;
let outside: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-root-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-outside-'));
  fs.mkdirSync(path.join(root, 'server/modules'), { recursive: true });
  fs.writeFileSync(path.join(root, 'server/modules/generated.ts'), '// existing registry');
  t = await makeTestApp({ PROJECT_ROOT: root });
  admin = await login(t.app);
  await createTables(t.app, `CREATE TABLE biz_ledger ( -- 台账表
    ledger_id INTEGER PRIMARY KEY, -- 台账ID
    ledger_name varchar(64) NOT NULL -- 名称
  );
  CREATE TABLE biz_note (note_id INTEGER PRIMARY KEY, title text);`);
  expect((await api('POST', '/tool/gen/importTable?tables=biz_ledger,biz_note')).code).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(t.app, method, url, admin, payload).then((r) => r.body);
const listing = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

async function setGenPath(tableName: string, genPath: string) {
  const id = (await api('GET', `/tool/gen/list?tableName=${tableName}`)).rows[0].tableId;
  const { info, rows } = (await api('GET', `/tool/gen/${id}`)).data;
  const r = await api('POST', '/tool/gen/update', { ...info, genType: '1', genPath, columns: rows, params: { parentMenuId: info.parentMenuId } });
  expect(r, genPath).toEqual({ code: 200, msg: '操作成功' });
}

describe('genCode paths', () => {
  it('writes under the project root and answers the relative paths', async () => {
    const r = await api('GET', '/tool/gen/genCode/biz_ledger');
    expect(r).toEqual({ code: 200, msg: '操作成功', data: { files: ['server/modules/biz/ledger/ledger.service.ts', 'server/modules/generated.ts'] } });
    expect(fs.readFileSync(path.join(root, 'server/modules/biz/ledger/ledger.service.ts'), 'utf8')).toBe('// BizLedger\n');
    // the registry read from the project root was handed to the templates
    expect(fs.readFileSync(path.join(root, 'server/modules/generated.ts'), 'utf8')).toBe('// existing registry\n// ledger');
    await setGenPath('biz_ledger', 'gen-out');
    expect((await api('GET', '/tool/gen/genCode/biz_ledger')).data.files[0]).toBe('gen-out/server/modules/biz/ledger/ledger.service.ts');
    await setGenPath('biz_ledger', path.join(root, 'abs-inside'));
    expect((await api('GET', '/tool/gen/genCode/biz_ledger')).data.files[0]).toBe('abs-inside/server/modules/biz/ledger/ledger.service.ts');
  });

  it('refuses paths that leave the project root and writes nothing', async () => {
    fs.symlinkSync(outside, path.join(root, 'link-out'));
    fs.symlinkSync(path.join(outside, 'missing'), path.join(root, 'dangling'));
    const before = listing(root);
    for (const genPath of ['../x', '/etc', outside, 'link-out', 'link-out/deeper', 'gen-out/../../x', 'dangling']) {
      await setGenPath('biz_ledger', genPath);
      expect(await api('GET', '/tool/gen/genCode/biz_ledger'), genPath).toEqual({ code: 500, msg: '生成路径不能超出项目目录' });
    }
    // a rendered file leading out through `..` or a symlinked folder
    await setGenPath('biz_ledger', '/');
    for (const bad of ['../escape.ts', 'link-out/escape.ts', 'dangling']) {
      rendered.extra = [{ path: bad, content: 'x' }];
      expect(await api('GET', '/tool/gen/genCode/biz_ledger'), bad).toEqual({ code: 500, msg: '生成路径不能超出项目目录' });
    }
    rendered.extra = [];
    expect(listing(root)).toEqual(before);
    expect(listing(outside)).toEqual([]);
    expect(fs.existsSync(path.join(path.dirname(root), 'escape.ts'))).toBe(false);
  });

  it('refuses rendered files outside the generator\'s own folders and writes nothing (issue 38 §2)', async () => {
    await setGenPath('biz_ledger', '/');
    fs.mkdirSync(path.join(root, 'server/modules/auth'), { recursive: true });
    fs.writeFileSync(path.join(root, 'server/modules/auth/auth.router.ts'), '// product');
    fs.writeFileSync(path.join(root, 'server/app.ts'), '// product');
    const before = listing(root);
    const cases: Array<[string, string]> = [
      ['.git/hooks/pre-commit', '生成路径不能位于 .git 或 node_modules 目录'],
      ['node_modules/x/index.js', '生成路径不能位于 .git 或 node_modules 目录'],
      ['client/NODE_MODULES/x.js', '生成路径不能位于 .git 或 node_modules 目录'],
      ['server/modules/generated.manifest.json', '生成代码不能覆盖非代码生成器创建的文件：server/modules/generated.manifest.json'],
      ['server/app.ts', '生成代码只能写入生成模块的目录：server/app.ts'],
      ['server/modules/x.ts', '生成代码只能写入生成模块的目录：server/modules/x.ts'],
      ['tests/integration/sub/x.test.ts', '生成代码只能写入生成模块的目录：tests/integration/sub/x.test.ts'],
      ['server/modules/auth/auth.router.ts', '生成代码不能写入已有的非生成模块目录：server/modules/auth'],
      ['server/modules/auth/new.ts', '生成代码不能写入已有的非生成模块目录：server/modules/auth'],
    ];
    for (const [bad, msg] of cases) {
      rendered.extra = [{ path: bad, content: 'x' }];
      expect(await api('GET', '/tool/gen/genCode/biz_ledger'), bad).toEqual({ code: 500, msg });
    }
    rendered.extra = [];
    expect(listing(root)).toEqual(before);
    expect(fs.readFileSync(path.join(root, 'server/modules/auth/auth.router.ts'), 'utf8')).toBe('// product');
  });

  it('refuses a table that is not imported', async () => {
    expect(await api('GET', '/tool/gen/genCode/nope')).toEqual({ code: 500, msg: '表nope尚未导入' });
  });
});

describe('zip downloads', () => {
  const download = async (url: string) => t.app.inject({ method: 'GET', url: `/caishui-api${url}`, headers: { authorization: `Bearer ${admin}` } });

  it('zips one table as caishui.zip with the preview files', async () => {
    const res = await download('/tool/gen/download/biz_ledger');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename="caishui\.zip"/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const id = (await api('GET', '/tool/gen/list?tableName=biz_ledger')).rows[0].tableId;
    const preview = (await api('GET', `/tool/gen/preview/${id}`)).data as Record<string, string>;
    expect(Object.keys(files).sort()).toEqual(Object.keys(preview).sort());
    for (const [p, content] of Object.entries(preview)) expect(strFromU8(files[p])).toBe(content);
  });

  it('chains the registries across a batch', async () => {
    const res = await download('/tool/gen/batchGenCode?tables=biz_ledger,biz_note');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'server/modules/biz/ledger/ledger.service.ts', 'server/modules/biz/note/note.service.ts', 'server/modules/generated.ts',
    ]);
    expect(strFromU8(files['server/modules/generated.ts'])).toBe('// existing registry\n// ledger\n// ledger\n// note');
  });

  it('hands the templates the sub table model', async () => {
    const id = (await api('GET', '/tool/gen/list?tableName=biz_ledger')).rows[0].tableId;
    const { info, rows } = (await api('GET', `/tool/gen/${id}`)).data;
    const form = { ...info, tplCategory: 'sub', subTableName: 'biz_note', subTableFkName: 'title', columns: rows, params: { parentMenuId: 3 } };
    expect((await api('POST', '/tool/gen/update', form)).code).toBe(200);
    rendered.calls.length = 0;
    expect((await api('GET', `/tool/gen/preview/${id}`)).code).toBe(200);
    const model = rendered.calls[0].model as GenTableModel;
    expect(model).toMatchObject({
      tableName: 'biz_ledger', tableComment: '台账表', className: 'BizLedger', tplCategory: 'sub', parentMenuId: 3, withImport: false,
      subTableFkName: 'title', subTable: { tableName: 'biz_note', className: 'BizNote' },
    });
    expect(model.ddl).toMatch(/^CREATE TABLE biz_ledger \( -- 台账表/);
    expect(model.columns[0]).toEqual({
      columnName: 'ledger_id', columnComment: '台账ID', columnType: shownType('integer', 'bigint'), javaType: 'number', javaField: 'ledgerId', isPk: true, isIncrement: true,
      isRequired: false, isInsert: true, isEdit: false, isList: false, isQuery: false, queryType: 'EQ', htmlType: 'input', dictType: '', sort: 1,
    });
  });
});
