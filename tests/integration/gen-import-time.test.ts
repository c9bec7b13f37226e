/**
 * 代码生成 import of tables whose times are stored as TEXT (issue 41 §4, third bullet): RuoYi makes
 * its `datetime` create_time/update_time a date-time control (GenUtils: datetime → htmlType
 * datetime), and a queried date-time column a BETWEEN range. Here every system table keeps its
 * times as TEXT (`yyyy-MM-dd HH:mm:ss`), so the name rule (`*_time`, `*_date` on a text column)
 * gives them the same defaults, with the TypeScript type string; integer `*_time` columns (epoch
 * ms of the engine, cost_time) stay numbers. The preview then renders date pickers and a range
 * filter for them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { createTables, shownType } from '../helpers/gen-samples';

let t: TestApp;
let admin: string;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-import-time-'));
  t = await makeTestApp({ PROJECT_ROOT: root });
  admin = await login(t.app);
  await createTables(t.app, `CREATE TABLE biz_visit ( -- 拜访表
    visit_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 拜访ID
    visit_date text NOT NULL, -- 拜访日期
    cost_time integer, -- 耗时（毫秒）
    plan_time varchar(19), -- 计划时间
    note_time blob, -- 不是时间
    create_time text, -- 创建时间
    update_time text -- 更新时间
  );`);
  expect((await api('POST', '/tool/gen/importTable?tables=sys_post,sys_logininfor,biz_visit')).code).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(t.app, method, url, admin, payload).then((r) => r.body);
const idOf = async (name: string) => ((await api('GET', `/tool/gen/list?tableName=${name}`)).rows as Array<{ tableId: number; tableName: string }>).find((r) => r.tableName === name)!.tableId;
type Row = { columnName: string; columnType: string; javaType: string; isQuery: string; queryType: string; htmlType: string };
const columnsOf = async (name: string) => ((await api('GET', `/tool/gen/${await idOf(name)}`)).data.rows as Row[])
  .map((c) => `${c.columnName}|${c.columnType}|${c.javaType}|${c.isQuery}|${c.queryType}|${c.htmlType}`);

describe('import of TEXT time columns (issue 41 §4)', () => {
  it('gives sys_post\'s create_time / update_time the datetime control, string type, EQ while not queried', async () => {
    const cols = await columnsOf('sys_post');
    expect(cols).toContain('create_time|text|string|0|EQ|datetime');
    expect(cols).toContain('update_time|text|string|0|EQ|datetime');
  });

  it('makes a queried TEXT time a BETWEEN range (sys_logininfor.login_time)', async () => {
    expect(await columnsOf('sys_logininfor')).toContain('login_time|text|string|1|BETWEEN|datetime');
  });

  it('applies the rule to text-like *_time / *_date columns only', async () => {
    expect(await columnsOf('biz_visit')).toEqual([
      `visit_id|${shownType('integer', 'bigint')}|number|0|EQ|input`,
      'visit_date|text|string|1|BETWEEN|datetime',
      `cost_time|${shownType('integer', 'bigint')}|number|1|EQ|input`,
      'plan_time|varchar(19)|string|1|BETWEEN|datetime',
      `note_time|${shownType('blob', 'bytea')}|string|1|EQ|input`,
      'create_time|text|string|0|EQ|datetime',
      'update_time|text|string|0|EQ|datetime',
    ]);
  });

  it('previews date pickers, a date range filter and BETWEEN in the repository for them', async () => {
    const r = await api('GET', `/tool/gen/preview/${await idOf('biz_visit')}`);
    expect(r.code).toBe(200);
    const files = r.data as Record<string, string>;
    const list = files['client/src/routes/biz/visit/index.tsx'];
    expect(list).toContain('<DateRangePicker value={draft.visitDateRange}');
    expect(list).toContain('<DateRangePicker value={draft.planTimeRange}');
    const form = files['client/src/routes/biz/visit/BizVisitFormDialog.tsx'];
    expect(form).toMatch(/<DatePicker\s+type="datetime"\s+name="visitDate"/);
    expect(form).not.toContain('<Textarea');
    expect(files['shared/schemas/biz/visit.ts']).toContain("visitDate: requiredDateTime('拜访日期')");
    expect(files['server/modules/biz/visit/visit.repo.ts']).toContain('...betweenOf(bizVisit.visitDate, f.visitDateBegin, f.visitDateEnd)');
  });
});
