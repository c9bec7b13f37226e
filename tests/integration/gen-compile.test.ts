/**
 * The code generator's compile-and-run test (issue 14, "the strict way"): three modules — a crud
 * table with every column kind, a tree and a master-detail pair — are generated into a copy of
 * the project, which must then pass `tsc --noEmit` (in `integration`; the files are the same on
 * PostgreSQL) and run the generated integration tests (on PostgreSQL too in `integration-pg`).
 * A fourth crud module covers the remaining field and filter kinds. The crud module goes the way a user takes: its table is created in a test app whose
 * PROJECT_ROOT is the copy, imported (`/tool/gen/importTable`), configured (`/tool/gen/update`)
 * and written (`/tool/gen/genCode`); the tree and sub modules are rendered from hand-built models,
 * each over the registries the previous one wrote.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenTableModel } from '../../server/modules/tool/gen/gen-model';
import { renderModule, REGISTRY_PATHS } from '../../server/modules/tool/gen/templates';
import { call, login, makeTestApp, onPostgres, type TestApp } from '../helpers/app';
import { createTables, crudSample, subSample, treeSample, variantSample } from '../helpers/gen-samples';

const ROOT = path.resolve(__dirname, '../..');
const COPIED = ['package.json', 'server', 'client', 'shared', 'tests', 'drizzle', 'drizzle-pg', 'bench', 'scripts', '.dependency-cruiser.cjs'];
const SKIPPED = new Set(['.git', 'data', 'dist', 'test-results', '.tmp', 'node_modules']);

let dir: string;
let t: TestApp;
let admin: string;

/** Copies the project (sources, configs, tests; no data, build output or git) and links node_modules. */
function copyProject(): string {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-gen-'));
  const rootFiles = fs.readdirSync(ROOT).filter((f) => /^(tsconfig.*\.json|.*\.ts)$/.test(f));
  for (const name of [...COPIED, ...rootFiles]) {
    if (!fs.existsSync(path.join(ROOT, name))) continue;
    fs.cpSync(path.join(ROOT, name), path.join(to, name), { recursive: true, filter: (src) => !SKIPPED.has(path.basename(src)) });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(to, 'node_modules'), 'dir');
  return to;
}

/** Runs `npx <args>` in the copy; the parent's vitest variables are not passed on. */
function npx(args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  return spawnSync('npx', args, { cwd: dir, env: { ...env, CI: '1', NO_COLOR: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const read = (p: string) => fs.readFileSync(path.join(dir, p), 'utf8');

/** The edit screen's column rows for `model`, keyed by the imported rows' ids. */
function columnsFor(model: GenTableModel, rows: { columnId: number; columnName: string }[]) {
  const flag = (b: boolean) => (b ? '1' : '0');
  return rows.map((r) => {
    const c = model.columns.find((x) => x.columnName === r.columnName)!;
    return {
      columnId: r.columnId, columnName: c.columnName, columnComment: c.columnComment, javaType: c.javaType, javaField: c.javaField,
      isInsert: flag(c.isInsert), isEdit: flag(c.isEdit), isList: flag(c.isList), isQuery: flag(c.isQuery), isRequired: flag(c.isRequired),
      queryType: c.queryType, htmlType: c.htmlType, dictType: c.dictType, sort: c.sort,
    };
  });
}

/** Generates `model` through REST into PROJECT_ROOT (the copy), as a user would. */
async function generateThroughRest(model: GenTableModel) {
  await createTables(t.app, model.ddl);
  expect((await call(t.app, 'POST', `/tool/gen/importTable?tables=${model.tableName}`, admin)).body).toMatchObject({ code: 200 });
  const listed = (await call(t.app, 'GET', `/tool/gen/list?tableName=${model.tableName}`, admin)).body;
  const tableId = listed.rows.find((r: { tableName: string }) => r.tableName === model.tableName).tableId as number;
  const { info, rows } = (await call(t.app, 'GET', `/tool/gen/${tableId}`, admin)).body.data;
  expect(rows.filter((r: { isPk: string }) => r.isPk === '1').map((r: { columnName: string }) => r.columnName)).toEqual(['customer_id']);
  const update = await call(t.app, 'POST', '/tool/gen/update', admin, {
    ...info, tableComment: model.tableComment, className: model.className, tplCategory: model.tplCategory, packageName: model.packageName,
    moduleName: model.moduleName, businessName: model.businessName, functionName: model.functionName, functionAuthor: model.functionAuthor,
    genType: '1', genPath: '/', columns: columnsFor(model, rows), params: { parentMenuId: model.parentMenuId, withImport: model.withImport },
  });
  expect(update.body).toEqual({ code: 200, msg: '操作成功' });
  const gen = await call(t.app, 'GET', `/tool/gen/genCode/${model.tableName}`, admin);
  expect(gen.body.code, JSON.stringify(gen.body)).toBe(200);
}

/** Renders `model` over the copy's current registries and writes its files. */
async function generateByHand(model: GenTableModel) {
  const files = await renderModule(model, { modules: read(REGISTRY_PATHS.modules) });
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, f.path), f.content);
  }
}

beforeAll(async () => {
  dir = copyProject();
  t = await makeTestApp({ PROJECT_ROOT: dir });
  admin = await login(t.app);
});
afterAll(async () => {
  await t?.app.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('generated modules compile and pass their tests', () => {
  it('generates crud (through REST), tree, sub and a crud variant into a copy that type-checks and whose generated tests pass', async () => {
    await generateThroughRest(crudSample());
    await generateByHand(treeSample());
    await generateByHand(subSample());
    await generateByHand(variantSample());

    expect(fs.existsSync(path.join(dir, 'server/modules/biz/customer/customer.router.ts'))).toBe(true);
    const registry = read(REGISTRY_PATHS.modules);
    expect(registry).toContain('biz: router({ customer: bizCustomerRouter, order: bizOrderRouter, region: bizRegionRouter })');
    expect(registry).toContain('crm: router({ note: crmNoteRouter })');

    // The generated files do not depend on the database: the edit above sets every column's type
    // from the sample, and the repositories pick LIKE's dialect from the handle at run time. So
    // `integration` type-checks them and `integration-pg` runs them only; a second `tsc` over the
    // same files cost ~40 s of a worker in every `npm test`.
    if (!onPostgres) {
      const tsc = npx(['tsc', '--noEmit', '-p', 'tsconfig.json']);
      expect(tsc.status, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
    }

    const tests = ['biz-customer', 'biz-region', 'biz-order', 'crm-note'].map((n) => `tests/integration/${n}.test.ts`);
    // On PostgreSQL (`integration-pg`) the generated tests run there too, on a cluster of the child run's own.
    const run = npx(['vitest', 'run', ...(onPostgres ? ['--project', 'integration-pg'] : []), ...tests]);
    const out = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    expect(run.status, out).toBe(0);
    const passed = Number(/Tests\s+(\d+) passed/.exec(out)?.[1] ?? 0);
    expect(passed, out).toBeGreaterThan(0);
    expect(out).toMatch(/Test Files\s+4 passed/);
  }, 300_000);
});
