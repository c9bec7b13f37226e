/**
 * Template of `tests/integration/<m>-<b>.test.ts`: the generated module driven over REST in a
 * test app (its install step has created the table and the menu because the registry lists it):
 * add, a refused add without a required field, list with a filter, get, update, export, delete;
 * tree: children listed and a parent's delete refused; sub: details saved and replaced.
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';
import { dialogColumns } from './client-form';
import { betweenKeys, editColumns, hasColumn, label, lengthOf, lit, namesOf, pkOf, queryColumns, subListKey, treeFields } from './naming';
import { detailFormColumns } from './schema';

/** A sample value (code literal) of a column; `v` 0 / 1 gives two rows that differ in every field. */
export function sampleValue(c: GenColumnModel, v: 0 | 1): string {
  if (c.javaType === 'boolean') return v === 0 ? 'true' : 'false';
  if (c.javaType === 'number') return /int|bit|bool/.test(c.columnType) ? String(v + 1) : v === 0 ? '12.5' : '20.25';
  if (c.htmlType === 'datetime') return lit(v === 0 ? '2026-11-01 10:00:00' : '2026-11-05 10:00:00');
  if (c.htmlType === 'imageUpload') return lit(`/profile/upload/2026/11/22/${v === 0 ? 'a' : 'b'}.png`);
  if (c.htmlType === 'fileUpload') return lit(`/profile/upload/2026/11/22/${v === 0 ? 'a' : 'b'}.pdf`);
  if (c.htmlType === 'editor') return lit(v === 0 ? '<p>内容甲</p>' : '<p>内容乙</p>');
  if (c.dictType) return lit(String(v));
  const max = lengthOf(c) ?? 100;
  const mark = v === 0 ? '甲' : '乙';
  return lit(max < 2 ? (v === 0 ? 'A' : 'B') : `${label(c).slice(0, Math.min(max - 1, 10))}${mark}`);
}

const objectOf = (entries: string[]) => `{ ${entries.join(', ')} }`;

/** Query strings that each find row A but not row B (EQ, LIKE, date BETWEEN fields; the tree's parent skipped). */
export function filterQueries(model: GenTableModel, tree: ReturnType<typeof treeFields> | undefined): string[] {
  return queryColumns(model).flatMap((c) => {
    if (c.javaField === tree?.parent || (c.isPk && c.isIncrement)) return [];
    if (c.queryType === 'LIKE' || c.queryType === 'EQ') return [`${c.javaField}=\${encodeURIComponent(${sampleValue(c, 0)})}`];
    if (c.queryType === 'BETWEEN' && c.htmlType === 'datetime' && c.javaType === 'string') {
      const k = betweenKeys(c);
      return [`${k.begin}=2026-11-01&${k.end}=2026-11-01`];
    }
    return [];
  });
}

/** Source of the test file. */
export function renderModuleTest(model: GenTableModel): string {
  const n = namesOf(model);
  const pk = pkOf(model);
  const tree = model.tplCategory === 'tree' ? treeFields(model) : undefined;
  const sub = model.subTable;
  const cols = dialogColumns(model);
  const row = (v: 0 | 1, parent?: string) => cols.map((c) => `${c.javaField}: ${c.javaField === tree?.parent ? parent ?? '0' : sampleValue(c, v)}`);
  const details = sub ? detailFormColumns(model) : [];
  const detail = (v: 0 | 1) => objectOf(details.map((c) => `${c.javaField}: ${sampleValue(c, v)}`));
  const subKey = sub ? subListKey(model) : '';
  const a = [...row(0), ...(sub ? [`${subKey}: [${detail(0)}, ${detail(1)}]`] : [])];
  const b = [...row(1), ...(sub ? [`${subKey}: [${detail(1)}]`] : [])];
  const requiredCol = cols.find((c) => c.isRequired && c.javaField !== tree?.parent);
  const filters = filterQueries(model, tree);
  const editFields = new Set(editColumns(model).map((c) => c.javaField));
  const expectedB = cols.filter((c) => editFields.has(c.javaField) && c.javaField !== tree?.parent).map((c) => `${c.javaField}: ${sampleValue(c, 1)}`);
  const listRows = tree ? 'data' : 'rows';
  const perms = 6 + (model.tplCategory === 'crud' && model.withImport ? 1 : 0);
  const f = model.functionName;
  const its: string[] = [];

  its.push(`  it('has its table and its menu page with ${perms - 1} buttons', async () => {
    const menus = await t.app.deps.store.get<{ n: number }>("SELECT count(*) AS n FROM sys_menu WHERE perms LIKE '${n.permPrefix}:%'");
    expect(menus?.n).toBe(${perms});
    const table = t.app.deps.store.kind === 'postgres'
      ? "SELECT count(*) AS n FROM pg_tables WHERE schemaname = current_schema() AND tablename = '${model.tableName}'"
      : "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '${model.tableName}'";
    expect(await t.app.deps.store.get(table)).toEqual({ n: 1 });
  });`);
  if (requiredCol) {
    its.push(`  it('refuses an add without ${label(requiredCol)}', async () => {
    const { ${requiredCol.javaField}: _omitted, ...rest } = A;
    expect(await api('POST', B_URL, rest)).toEqual({ code: 500, msg: ${lit(`${label(requiredCol)}不能为空`)} });
  });`);
  }
  const audit = [...(hasColumn(model, 'create_by') ? [`createBy: 'admin'`] : [])];
  const auditUpdate = [...(hasColumn(model, 'update_by') ? [`updateBy: 'admin'`] : [])];
  its.push(`  it('adds, lists${filters.length ? ' with filters' : ''}, gets, updates, exports and deletes', async () => {
    const added = await api('POST', B_URL, A);
    expect(added.code).toBe(200);
    const idA = added.data.${pk.javaField} as number;
    const idB = (await api('POST', B_URL, ${tree ? `{ ...B, ${tree.parent}: idA }` : 'B'})).data.${pk.javaField} as number;
    expect(idB).toBeGreaterThan(idA);

    const all = await api('GET', \`\${B_URL}/list${tree ? '' : '?pageNum=1&pageSize=10'}\`);
    expect(all.${listRows}.map((r: { ${pk.javaField}: number }) => r.${pk.javaField})).toEqual([idA, idB]);${tree ? '' : '\n    expect(all.total).toBe(2);'}${filters.length ? `
    for (const query of [${filters.map((q) => `\`${q}\``).join(', ')}]) {
      const found = await api('GET', \`\${B_URL}/list?\${query}\`);
      expect(found.${listRows}.map((r: { ${pk.javaField}: number }) => r.${pk.javaField}), query).toEqual([idA]);
    }` : ''}

    const got = (await api('GET', \`\${B_URL}/\${idA}\`)).data;
    expect(got).toMatchObject(${sub ? `{ ...A, ${subKey}: A.${subKey}.map((d) => expect.objectContaining(d)) }` : 'A'});${audit.length ? `\n    expect(got).toMatchObject({ ${audit.join(', ')} });` : ''}

    expect(await api('POST', \`\${B_URL}/update\`, { ...B, ${tree ? `${tree.parent}: 0, ` : ''}${pk.javaField}: idA })).toEqual({ code: 200, msg: '操作成功' });
    const updated = (await api('GET', \`\${B_URL}/\${idA}\`)).data;
    expect(updated).toMatchObject(${objectOf([...expectedB, ...auditUpdate])});${sub ? `
    expect(updated.${subKey}).toHaveLength(1);
    expect(updated.${subKey}[0]).toMatchObject(B.${subKey}[0]);` : ''}
    expect((await api('PUT', B_URL, { ...B, ${tree ? `${tree.parent}: 0, ` : ''}${pk.javaField}: 999999 })).msg).toBe('操作失败');${tree ? `
    expect(await api('POST', \`\${B_URL}/update\`, { ...B, ${tree.parent}: idB, ${pk.javaField}: idA })).toEqual({
      code: 500,
      msg: \`修改${f}'\${B.${tree.name}}'失败，上级${f}不能是自己或下级\`,
    });` : ''}

    const res = await t.app.inject({
      method: 'POST', url: \`/caishui-api\${B_URL}/export\`,
      headers: { authorization: \`Bearer \${admin}\`, 'content-type': 'application/x-www-form-urlencoded' }, payload: '',
    });
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(await readXlsx(res.rawPayload)).toHaveLength(2);
${tree ? `
    expect(await api('POST', \`\${B_URL}/delete/\${idA}\`)).toEqual({ code: 601, msg: ${lit(`存在下级${f},不允许删除`)} });
    expect(await api('POST', \`\${B_URL}/delete/\${idB}\`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await api('DELETE', \`\${B_URL}/\${idA}\`)).toEqual({ code: 200, msg: '操作成功' });` : `
    expect(await api('POST', \`\${B_URL}/delete/\${idA},\${idB}\`)).toEqual({ code: 200, msg: '操作成功' });`}
    expect((await api('GET', \`\${B_URL}/list\`)).${tree ? 'data' : 'total'}${tree ? ')' : ')'}.${tree ? 'toEqual([])' : 'toBe(0)'};${sub ? `
    expect(await t.app.deps.store.get('SELECT count(*) AS n FROM ${sub.tableName}')).toEqual({ n: 0 });` : ''}
    expect((await api('POST', \`\${B_URL}/delete/\${idA}\`)).msg).toBe('操作失败');
  });`);
  if (model.tplCategory === 'crud' && model.withImport) {
    its.push(`  it('answers the import template', async () => {
    const res = await t.app.inject({ method: 'POST', url: \`/caishui-api\${B_URL}/importTemplate\`, headers: { authorization: \`Bearer \${admin}\` } });
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
  });`);
  }
  const imp = model.tplCategory === 'crud' && model.withImport;
  const parity = [
    `'GET ${n.restBase}/list': () => same(api('GET', \`\${B_URL}/list${tree ? '' : '?pageNum=1&pageSize=5'}\`).then(${tree ? '(e) => e.data' : '(e) => ({ rows: e.rows, total: e.total })'}), caller().${n.key}.list(${tree ? '{}' : '{ pageNum: 1, pageSize: 5 }'}))`,
    `'POST ${n.restBase}/export': () => sameSheet(B_URL, caller().${n.key}.export({}))`,
    ...(imp ? [`'POST ${n.restBase}/importData': () => same(api('POST', \`\${B_URL}/importData\`).then(outcome), settle(caller().${n.key}.importData({} as never)))`,
      `'POST ${n.restBase}/importTemplate': () => sameSheet(\`\${B_URL}/importTemplate\`, caller().${n.key}.importTemplate(), '')`] : []),
    `'GET ${n.restBase}/:${pk.javaField}': () => same(api('GET', \`\${B_URL}/999999\`).then(outcome), caller().${n.key}.get({ ${pk.javaField}: 999999 }))`,
    `'POST ${n.restBase}': () => same(api('POST', B_URL, {}).then(outcome), settle(caller().${n.key}.add({} as never)))`,
    `'POST ${n.restBase}/update': () => same(api('POST', \`\${B_URL}/update\`, { ...B, ${pk.javaField}: 999999 }).then(outcome), settle(caller().${n.key}.update({ ...B, ${pk.javaField}: 999999 })))`,
    `'POST ${n.restBase}/delete/:ids': () => same(api('POST', \`\${B_URL}/delete/999998,999999\`).then(outcome), settle(caller().${n.key}.remove({ ids: [999998, 999999] })))`,
  ];
  its.push(`  const parity: Record<string, () => Promise<void>> = {
    ${parity.join(',\n    ')},
  };
  for (const [row, check] of Object.entries(parity)) it(\`answers REST like tRPC: \${row}\`, check);

  it('has a parity case for each of its REST rows', () => {
    const rows = restRoutes.filter((r) => r.path === B_URL || r.path.startsWith(\`\${B_URL}/\`));
    expect(rows.map((r) => \`\${r.method} \${r.path}\`).sort()).toEqual(Object.keys(parity).sort());
  });`);
  its.push(`  it('answers 403 without the permission', async () => {
    await makeUserWithPerms(t.app, 'nobody', ['system:user:list']);
    const nobody = await login(t.app, 'nobody');
    expect(await api('GET', \`\${B_URL}/list\`, undefined, nobody)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });`);

  return `/**
 * ${f} over REST (generated by the code generator with the module): the install step has created
 * \`${model.tableName}\`${sub ? ` and \`${sub.tableName}\`` : ''} and the menu; add (and a refused add), list, get, update, export, delete${tree ? ', a parent delete refused' : ''}${sub ? ', detail rows saved and replaced' : ''}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsx, XLSX_TYPE } from '../../server/core/excel';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { settle } from '../helpers/parity';
import { restRoutes } from '../../server/rest/routes';
import { appRouter } from '../../server/trpc/router';
import { createCallerFactory } from '../../server/trpc/init';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);

const caller = () => createCallerFactory(appRouter)({ deps: t.app.deps, token: admin, client: { ip: '127.0.0.1', userAgent: 'vitest' } });
/** The REST envelope's payload: \`data\` (null when absent) or \`{error}\` with its msg (REST ↔ tRPC parity, design.md). */
const outcome = (e: Record<string, any>) => (e.code === 200 ? (e.data ?? null) : { error: e.msg });
const same = async (rest: Promise<unknown>, trpc: Promise<unknown>) => expect(JSON.parse(JSON.stringify(await rest))).toEqual(JSON.parse(JSON.stringify(await trpc ?? null)));
/** The sheet a REST download answers equals the one the procedure returns. */
async function sameSheet(url: string, trpc: Promise<{ body: Buffer }>, path = '/export') {
  const res = await t.app.inject({ method: 'POST', url: \`/caishui-api\${url}\${path}\`, headers: { authorization: \`Bearer \${admin}\` } });
  expect(await readXlsx(res.rawPayload)).toEqual(await readXlsx((await trpc).body));
}

const B_URL = '${n.restBase}';
const A = ${objectOf(a)};
const B = ${objectOf(b)};

describe(${lit(`${f} (${n.key})`)}, () => {
${its.join('\n\n')}
});
`;
}
