/**
 * Issue 38 §2 "the code generator overwrites the product's own source": 生成代码 writes only into
 * its own module folders. The attack (package `modules` / `modules.system` / `modules.tool`
 * with business names `auth` / `user` / `gen`) and its variants (a new folder inside a product
 * module, a generated file name that is a product file, a package outside server/modules, genPath
 * into a product folder, `.git` or `node_modules` in any spelling, in-project symlinks, another
 * module's files) are refused and change no file; regenerating the generator's own module works,
 * from the manifest it keeps (server/modules/generated.manifest.json). Real templates; PROJECT_ROOT
 * is a temporary folder holding copies of the product files the attack aims at.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { createTables } from '../helpers/gen-samples';

const CHECKOUT = path.resolve(__dirname, '../..');
/** Product files and folders copied into the temporary project root. */
const PRODUCT = [
  'server/modules/auth', 'server/modules/system/user', 'server/modules/system/people.router.ts', 'server/modules/tool/tool.router.ts',
  'server/modules/tool/gen/gen.router.ts', 'server/modules/tool/gen/gen.service.ts', 'server/modules/tool/gen/gen.repo.ts',
  'server/modules/generated.ts', 'server/rest/table.ts', 'server/app.ts',
  'client/src/routes/index.tsx', 'shared/schemas/tool/gen.ts', 'tests/integration/gen-paths.test.ts',
];
const MANIFEST = 'server/modules/generated.manifest.json';

let t: TestApp;
let admin: string;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-own-'));
  for (const p of PRODUCT) fs.cpSync(path.join(CHECKOUT, p), path.join(root, p), { recursive: true });
  fs.mkdirSync(path.join(root, '.git/hooks'), { recursive: true });
  fs.writeFileSync(path.join(root, '.git/HEAD'), 'ref: refs/heads/main\n');
  fs.mkdirSync(path.join(root, 'node_modules/pkg'), { recursive: true });
  t = await makeTestApp({ PROJECT_ROOT: root });
  admin = await login(t.app);
  await createTables(t.app, `CREATE TABLE biz_ledger ( -- 台账表
    ledger_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 台账ID
    ledger_name varchar(64) NOT NULL -- 名称
  );
  CREATE TABLE biz_note ( -- 便签表
    note_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 便签ID
    title text -- 标题
  );`);
  expect((await api('POST', '/tool/gen/importTable?tables=biz_ledger,biz_note')).code).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(t.app, method, url, admin, payload).then((r) => r.body);

/** Every entry under the root (symlinks not followed) with a hash of each file's content. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const p = path.join(e.parentPath, e.name);
    const rel = path.relative(root, p);
    out[rel] = e.isFile() ? crypto.createHash('sha1').update(fs.readFileSync(p)).digest('hex') : e.isSymbolicLink() ? 'link' : 'dir';
  }
  return out;
}

/** Saves `tableName`'s edit screen with `changes` (genType 1) and checks it was accepted. */
async function configure(tableName: string, changes: Record<string, unknown>) {
  const id = (await api('GET', `/tool/gen/list?tableName=${tableName}`)).rows.find((r: { tableName: string }) => r.tableName === tableName).tableId;
  const { info, rows } = (await api('GET', `/tool/gen/${id}`)).data;
  const r = await api('POST', '/tool/gen/update', { ...info, genType: '1', genPath: '/', columns: rows, params: { parentMenuId: info.parentMenuId }, ...changes });
  expect(r, JSON.stringify(changes)).toEqual({ code: 200, msg: '操作成功' });
}
const defaults = { packageName: 'modules.biz', moduleName: 'biz', genPath: '/' };
const genCode = (tableName: string) => api('GET', `/tool/gen/genCode/${tableName}`);

describe('the issue\'s attack', () => {
  it('refuses package modules / modules.system / modules.tool with business auth / user / gen and changes no file', async () => {
    const before = snapshot();
    for (const [packageName, businessName, folder] of [
      ['modules', 'auth', 'server/modules/auth'], ['modules.system', 'user', 'server/modules/system'], ['modules.tool', 'gen', 'server/modules/tool'],
    ]) {
      await configure('biz_ledger', { ...defaults, packageName, businessName });
      expect(await genCode('biz_ledger'), packageName).toEqual({ code: 500, msg: `生成代码不能写入已有的非生成模块目录：${folder}` });
    }
    expect(snapshot()).toEqual(before);
  });
});

describe('variants of the attack', () => {
  it('refuses a new folder inside a product module, a product file name, a package outside server/modules and another module\'s files', async () => {
    const before = snapshot();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ packageName: 'modules.system', businessName: 'ledger' }, '生成代码不能写入已有的非生成模块目录：server/modules/system'],
      [{ packageName: 'modules.tool.gen', businessName: 'ledger' }, '生成代码不能写入已有的非生成模块目录：server/modules/tool'],
      [{ moduleName: 'gen', businessName: 'paths' }, '生成代码不能覆盖非代码生成器创建的文件：tests/integration/gen-paths.test.ts'],
      [{ packageName: 'biz', businessName: 'ledger' }, '生成代码只能写入生成模块的目录：server/biz/ledger/ledger.table.ts'],
      [{ packageName: 'rest.routes', businessName: 'tool' }, '生成代码只能写入生成模块的目录：server/rest/routes/tool/tool.table.ts'],
    ];
    for (const [changes, msg] of cases) {
      await configure('biz_ledger', { ...defaults, businessName: 'ledger', ...changes });
      expect(await genCode('biz_ledger'), JSON.stringify(changes)).toEqual({ code: 500, msg });
    }
    expect(snapshot()).toEqual(before);
  });

  it('refuses a 生成路径 into a product folder, .git or node_modules in any spelling', async () => {
    const before = snapshot();
    const cases: Array<[string, string]> = [
      ['server', '生成路径必须是项目根目录、新目录或代码生成器创建的目录：server'],
      ['server/modules/../modules/system', '生成路径必须是项目根目录、新目录或代码生成器创建的目录：server/modules/system'],
      ['client', '生成路径必须是项目根目录、新目录或代码生成器创建的目录：client'],
      ...['.git', '.GIT', '.Git/hooks', 'gen-out/../.git/hooks', './.git', path.join(root, '.git'), 'node_modules', 'Node_Modules/pkg', 'node_modules/new', 'x/node_modules']
        .map((p): [string, string] => [p, '生成路径不能位于 .git 或 node_modules 目录']),
    ];
    for (const [genPath, msg] of cases) {
      await configure('biz_ledger', { ...defaults, businessName: 'ledger', genPath });
      expect(await genCode('biz_ledger'), genPath).toEqual({ code: 500, msg });
    }
    expect(snapshot()).toEqual(before);
  });

  it('refuses symlinks inside the project that lead into product folders', async () => {
    fs.mkdirSync(path.join(root, 'client/src/routes'), { recursive: true });
    fs.symlinkSync(path.join(root, 'server/modules/system'), path.join(root, 'client/src/routes/biz'));
    fs.symlinkSync(path.join(root, 'server/modules'), path.join(root, 'alias'));
    fs.symlinkSync(path.join(root, 'server/modules/tool'), path.join(root, 'server/modules/biz'));
    try {
      const before = snapshot();
      await configure('biz_ledger', { ...defaults, businessName: 'ledger' });
      expect(await genCode('biz_ledger')).toEqual({ code: 500, msg: '生成路径不能经过符号链接：server/modules/biz' });
      fs.unlinkSync(path.join(root, 'server/modules/biz'));
      expect(await genCode('biz_ledger')).toEqual({ code: 500, msg: '生成路径不能经过符号链接：client/src/routes/biz' });
      await configure('biz_ledger', { ...defaults, businessName: 'ledger', genPath: 'alias' });
      expect(await genCode('biz_ledger')).toEqual({ code: 500, msg: '生成路径不能经过符号链接：alias' });
      await configure('biz_ledger', { ...defaults, businessName: 'ledger', genPath: 'alias/system' });
      expect(await genCode('biz_ledger')).toEqual({ code: 500, msg: '生成路径不能经过符号链接：alias' });
      delete before['server/modules/biz'];
      expect(snapshot()).toEqual(before);
    } finally {
      for (const p of ['client/src/routes/biz', 'alias', 'server/modules/biz']) fs.rmSync(path.join(root, p), { force: true });
    }
  });
});

describe('the generator\'s own modules', () => {
  const manifest = () => JSON.parse(fs.readFileSync(path.join(root, MANIFEST), 'utf8')) as { files: Record<string, string>; dirs: string[] };

  it('writes a new module, records it in the manifest and regenerates it', async () => {
    const product = snapshot();
    await configure('biz_ledger', { ...defaults, businessName: 'ledger' });
    const first = await genCode('biz_ledger');
    expect(first.code, first.msg).toBe(200);
    const files = first.data.files as string[];
    expect(files).toContain('server/modules/biz/ledger/ledger.router.ts');
    expect(files).toContain('server/modules/generated.ts');
    expect(files).not.toContain(MANIFEST);
    const m = manifest();
    for (const f of files) expect(m.files[f], f).toBe(f.endsWith('/generated.ts') ? '*' : 'biz.ledger');
    expect(m.dirs).toEqual(expect.arrayContaining(['server/modules/biz', 'server/modules/biz/ledger', 'client/src/routes/biz', 'shared/schemas/biz']));
    expect(m.dirs).not.toContain('server/modules');
    // the product's own files are untouched (the registries are the generator's)
    for (const [p, hash] of Object.entries(product)) {
      if (!p.endsWith('generated.ts')) expect(snapshot()[p], p).toBe(hash);
    }
    expect(await genCode('biz_ledger')).toMatchObject({ code: 200, data: { files } });
  });

  it('lets a second module share the module folders, but not take another module\'s files', async () => {
    await configure('biz_note', { ...defaults, businessName: 'note' });
    expect((await genCode('biz_note')).code).toBe(200);
    expect(fs.readFileSync(path.join(root, 'server/modules/generated.ts'), 'utf8')).toMatch(/gen:biz\.ledger[\s\S]*gen:biz\.note/);
    const before = snapshot();
    await configure('biz_note', { ...defaults, moduleName: 'crm', businessName: 'ledger' });
    expect(await genCode('biz_note')).toEqual({ code: 500, msg: '生成代码不能覆盖非代码生成器创建的文件：server/modules/biz/ledger/ledger.table.ts' });
    expect(snapshot()).toEqual(before);
  });

  it('regenerates into a 生成路径 folder it created, but not into one made by hand', async () => {
    await configure('biz_note', { ...defaults, businessName: 'note', genPath: 'gen-out' });
    expect((await genCode('biz_note')).data.files).toContain('gen-out/server/modules/biz/note/note.router.ts');
    expect((await genCode('biz_note')).code).toBe(200);
    expect(manifest().dirs).toContain('gen-out');
    fs.mkdirSync(path.join(root, 'by-hand'));
    fs.writeFileSync(path.join(root, 'by-hand/notes.txt'), 'mine');
    await configure('biz_note', { ...defaults, businessName: 'note', genPath: 'by-hand' });
    expect(await genCode('biz_note')).toEqual({ code: 500, msg: '生成路径必须是项目根目录、新目录或代码生成器创建的目录：by-hand' });
    // an empty folder made by hand is fine
    fs.mkdirSync(path.join(root, 'empty-by-hand'));
    await configure('biz_note', { ...defaults, businessName: 'note', genPath: 'empty-by-hand' });
    expect((await genCode('biz_note')).code).toBe(200);
  });

  it('never overwrites a file the manifest does not list, even inside its own folders', async () => {
    fs.unlinkSync(path.join(root, 'server/modules/biz/ledger/ledger.repo.ts'));
    fs.writeFileSync(path.join(root, 'server/modules/biz/ledger/ledger.repo.ts'), '// hand-written, the manifest lists it: regenerated');
    await configure('biz_ledger', { ...defaults, businessName: 'ledger' });
    expect((await genCode('biz_ledger')).code).toBe(200);
    const m = manifest();
    delete m.files['server/modules/biz/ledger/ledger.repo.ts'];
    fs.writeFileSync(path.join(root, MANIFEST), JSON.stringify(m));
    const before = snapshot();
    expect(await genCode('biz_ledger')).toEqual({ code: 500, msg: '生成代码不能覆盖非代码生成器创建的文件：server/modules/biz/ledger/ledger.repo.ts' });
    expect(snapshot()).toEqual(before);
  });
});
