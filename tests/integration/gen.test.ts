/**
 * Code generator over REST (workflow spec §3, §4, §5, §7 "Code generator"; reference §2
 * `/tool/gen`, §8): list and db/list filters, import defaults per SQLite type and name suffix,
 * the edit screen's data and save with every validation message, synchDb keeping edits, delete
 * and 403 on every row without permission (createTable: gen-create.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { call, execSql, login, makeTestApp, type TestApp } from '../helpers/app';
import { createTables, shownType } from '../helpers/gen-samples';
import { makeUser } from '../helpers/factories';
import { genTable, genTableColumn } from '../../server/db/schema';
import { restRoutes } from '../../server/rest/routes';

// Nothing here renders code (gen-output.test.ts covers the real templates).
vi.mock('../../server/modules/tool/gen/templates', () => ({
  REGISTRY_PATHS: { modules: 'server/modules/generated.ts' },
  renderModule: async () => [],
}));

let t: TestApp;
let admin: string;

const LEDGER = `CREATE TABLE biz_ledger ( -- 台账表
  ledger_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 台账ID
  ledger_name varchar(64) NOT NULL, -- 台账名称
  ledger_status char(1) NOT NULL DEFAULT '0', -- 状态
  ledger_type varchar(10), -- 类型
  amount decimal(12,2) NOT NULL, -- 金额
  memo varchar(600), -- 长备注
  notice_content text, -- 内容
  cover_image varchar(255), -- 封面
  attach_file varchar(255), -- 附件
  is_valid boolean, -- 有效
  sign_date date, -- 签订日期
  raw_data blob,
  create_by varchar(64) DEFAULT '', -- 创建者
  create_time datetime, -- 创建时间
  update_time datetime,
  remark varchar(500) -- 备注
)`;
const ITEM = `CREATE TABLE biz_ledger_item (
  -- 台账明细表
  item_id INTEGER PRIMARY KEY, -- 明细ID
  ledger_id integer NOT NULL, -- 台账ID
  item_name text -- 名称
)`;
const NOTE = 'CREATE TABLE biz_note (note_id bigint PRIMARY KEY, title text)';

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  await createTables(t.app, `${LEDGER};\n${ITEM};\n${NOTE};`);
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);
const db = () => t.app.deps.store.db;
const snapshot = async () => JSON.stringify([
  await db().select().from(genTable).orderBy(asc(genTable.tableId)),
  await db().select().from(genTableColumn).orderBy(asc(genTableColumn.columnId)),
]);
const idOf = async (tableName: string) => (await api('GET', `/tool/gen/list?tableName=${tableName}`)).rows.find((r: { tableName: string }) => r.tableName === tableName).tableId as number;

/** The edit screen's body from `GET /tool/gen/{id}` (what the client sends back). */
async function formOf(tableId: number) {
  const { info, rows } = (await api('GET', `/tool/gen/${tableId}`)).data;
  return {
    tableId, tableName: info.tableName, tableComment: info.tableComment, className: info.className, functionAuthor: info.functionAuthor,
    remark: info.remark, tplCategory: info.tplCategory, packageName: info.packageName, moduleName: info.moduleName,
    businessName: info.businessName, functionName: info.functionName, genType: info.genType, genPath: info.genPath,
    subTableName: info.subTableName, subTableFkName: info.subTableFkName,
    params: { treeCode: info.treeCode, treeParentCode: info.treeParentCode, treeName: info.treeName, parentMenuId: info.parentMenuId },
    columns: rows as Array<Record<string, unknown>>,
  };
}

describe('code generator', () => {
  it('lists database tables not yet imported with filters', async () => {
    const all = await api('GET', '/tool/gen/db/list?pageNum=1&pageSize=1000');
    expect(all.code).toBe(200);
    const names = all.rows.map((r: { tableName: string }) => r.tableName);
    expect(names).toEqual(expect.arrayContaining(['biz_ledger', 'biz_ledger_item', 'biz_note', 'sys_user']));
    for (const hidden of ['gen_table', 'gen_table_column', '__drizzle_migrations', 'sqlite_sequence']) expect(names).not.toContain(hidden);
    expect(all.total).toBe(names.length);
    const byName = await api('GET', '/tool/gen/db/list?tableName=BIZ_LEDGER');
    expect(byName.rows).toEqual([
      { tableName: 'biz_ledger', tableComment: '台账表', createTime: null, updateTime: null },
      { tableName: 'biz_ledger_item', tableComment: '台账明细表', createTime: null, updateTime: null },
    ]);
    expect((await api('GET', '/tool/gen/db/list?tableComment=明细')).rows.map((r: { tableName: string }) => r.tableName)).toEqual(['biz_ledger_item']);
    const page = await api('GET', '/tool/gen/db/list?tableName=biz_&pageNum=2&pageSize=2');
    expect(page).toMatchObject({ total: 3, rows: [{ tableName: 'biz_note' }] });
  });

  it('imports with the defaults per SQLite type and name suffix', async () => {
    expect(await api('POST', '/tool/gen/importTable?tables=biz_ledger,biz_ledger_item,biz_note')).toEqual({ code: 200, msg: '操作成功' });
    expect((await api('GET', '/tool/gen/db/list?tableName=biz_')).total).toBe(0);
    const list = await api('GET', '/tool/gen/list');
    expect(list.total).toBe(3);
    const ledgerId = await idOf('biz_ledger');
    const { info, rows, tables } = (await api('GET', `/tool/gen/${ledgerId}`)).data;
    expect(info).toMatchObject({
      tableId: ledgerId, tableName: 'biz_ledger', tableComment: '台账表', className: 'BizLedger', tplCategory: 'crud', packageName: 'modules.biz',
      moduleName: 'biz', businessName: 'ledger', functionName: '台账', functionAuthor: 'caishui', genType: '0', genPath: '/',
      options: '{"parentMenuId":3}', parentMenuId: 3, parentMenuName: '系统工具', subTableName: null, createBy: 'admin', createTime: '2026-11-22 09:00:00',
    });
    expect(info.columns).toEqual(rows);
    expect(tables.map((x: { tableName: string }) => x.tableName)).toEqual(['biz_ledger', 'biz_ledger_item', 'biz_note']);
    expect(tables[1].columns.map((c: { columnName: string }) => c.columnName)).toEqual(['item_id', 'ledger_id', 'item_name']);
    const pick = (c: Record<string, unknown>) => [c.columnName, c.columnComment, c.columnType, c.javaType, c.javaField, c.isPk, c.isIncrement, c.isRequired,
      c.isInsert, c.isEdit, c.isList, c.isQuery, c.queryType, c.htmlType, c.dictType, c.sort].join('|');
    expect(rows.map(pick)).toEqual([
      `ledger_id|台账ID|${shownType('integer', 'bigint')}|number|ledgerId|1|1|0|1|0|0|0|EQ|input||1`,
      'ledger_name|台账名称|varchar(64)|string|ledgerName|0|0|1|1|1|1|1|LIKE|input||2',
      `ledger_status|状态|${shownType('char(1)', 'varchar(1)')}|string|ledgerStatus|0|0|0|1|1|1|1|EQ|radio||3`,
      'ledger_type|类型|varchar(10)|string|ledgerType|0|0|0|1|1|1|1|EQ|select||4',
      `amount|金额|${shownType('decimal(12,2)', 'double precision')}|number|amount|0|0|1|1|1|1|1|EQ|input||5`,
      'memo|长备注|varchar(600)|string|memo|0|0|0|1|1|1|1|EQ|textarea||6',
      'notice_content|内容|text|string|noticeContent|0|0|0|1|1|1|1|EQ|editor||7',
      'cover_image|封面|varchar(255)|string|coverImage|0|0|0|1|1|1|1|EQ|imageUpload||8',
      'attach_file|附件|varchar(255)|string|attachFile|0|0|0|1|1|1|1|EQ|fileUpload||9',
      'is_valid|有效|boolean|boolean|isValid|0|0|0|1|1|1|1|EQ|radio||10',
      'sign_date|签订日期|date|string|signDate|0|0|0|1|1|1|1|BETWEEN|datetime||11',
      `raw_data||${shownType('blob', 'bytea')}|string|rawData|0|0|0|1|1|1|1|EQ|input||12`,
      'create_by|创建者|varchar(64)|string|createBy|0|0|0|1|0|0|0|EQ|input||13',
      `create_time|创建时间|${shownType('datetime', 'timestamp')}|string|createTime|0|0|0|1|0|0|0|EQ|datetime||14`,
      `update_time||${shownType('datetime', 'timestamp')}|string|updateTime|0|0|0|1|1|0|0|EQ|datetime||15`,
      'remark|备注|varchar(500)|string|remark|0|0|0|1|1|1|0|EQ|textarea||16',
    ]);
    const note = (await api('GET', `/tool/gen/${await idOf('biz_note')}`)).data;
    // no comment, no menu: 表描述 defaults to the table name (issue 40 §6)
    expect(note.info).toMatchObject({ tableComment: 'biz_note', className: 'BizNote', businessName: 'note', functionName: 'biz_note' });
    // bigint pk is not a rowid alias: no increment
    expect(note.rows[0]).toMatchObject({ columnName: 'note_id', javaType: 'number', isPk: '1', isIncrement: '0' });
    const cols = await api('GET', `/tool/gen/column/${ledgerId}`);
    expect(cols).toMatchObject({ code: 200, total: 16 });
    expect(cols.rows).toEqual(rows);
  });

  it('refuses importing an unknown or already imported table, all or nothing', async () => {
    await createTables(t.app, 'CREATE TABLE biz_extra (id integer primary key)');
    const before = await snapshot();
    expect(await api('POST', '/tool/gen/importTable?tables=biz_extra,nope')).toEqual({ code: 500, msg: '表nope不存在' });
    expect(await api('POST', '/tool/gen/importTable?tables=biz_extra,biz_note')).toEqual({ code: 500, msg: '表biz_note已导入' });
    expect(await api('POST', '/tool/gen/importTable?tables=gen_table')).toEqual({ code: 500, msg: '表gen_table不存在' });
    expect((await api('POST', '/tool/gen/importTable')).msg).toBe('请选择要导入的表');
    expect(await snapshot()).toBe(before);
  });

  it('filters the imported list by name, comment and create time', async () => {
    expect((await api('GET', '/tool/gen/list?tableName=ledger')).rows.map((r: { tableName: string }) => r.tableName)).toEqual(['biz_ledger', 'biz_ledger_item']);
    expect((await api('GET', '/tool/gen/list?tableComment=明细')).rows.map((r: { tableName: string }) => r.tableName)).toEqual(['biz_ledger_item']);
    expect((await api('GET', '/tool/gen/list?params[beginTime]=2026-11-22&params[endTime]=2026-11-22')).total).toBe(3);
    expect((await api('GET', '/tool/gen/list?params[beginTime]=2026-11-23')).total).toBe(0);
    expect((await api('GET', '/tool/gen/list?params[endTime]=2026-11-21')).total).toBe(0);
    expect((await api('GET', '/tool/gen/list?pageNum=2&pageSize=2')).rows.map((r: { tableName: string }) => r.tableName)).toEqual(['biz_note']);
  });

  it('saves the edit screen: columns by id, sort from order, options from params', async () => {
    const id = await idOf('biz_ledger');
    const form = await formOf(id);
    const [first, second, ...rest] = form.columns;
    const edited = { ...second, columnComment: '名称', javaField: 'title', dictType: 'sys_yes_no', htmlType: 'select', isQuery: '0' };
    const res = await api('POST', '/tool/gen/update', {
      ...form, functionName: '台账管理', businessName: 'ledgerBook', remark: '备注一', genType: '1', genPath: 'gen-out',
      params: { parentMenuId: 1, withImport: true }, columns: [edited, first, ...rest],
    });
    expect(res).toEqual({ code: 200, msg: '操作成功' });
    const { info, rows } = (await api('GET', `/tool/gen/${id}`)).data;
    expect(info).toMatchObject({ functionName: '台账管理', businessName: 'ledgerBook', remark: '备注一', genType: '1', genPath: 'gen-out', parentMenuId: 1, parentMenuName: '系统管理', withImport: true, updateBy: 'admin' });
    expect(JSON.parse(info.options)).toEqual({ parentMenuId: 1, withImport: true });
    expect(rows.slice(0, 2).map((c: { columnName: string; sort: number }) => `${c.columnName}:${c.sort}`)).toEqual(['ledger_name:1', 'ledger_id:2']);
    expect(rows[0]).toMatchObject({ columnComment: '名称', javaField: 'title', dictType: 'sys_yes_no', htmlType: 'select', isQuery: '0', columnType: 'varchar(64)' });
    // PUT alias
    expect(await api('PUT', '/tool/gen', { ...(await formOf(id)), functionName: '台账' })).toEqual({ code: 200, msg: '操作成功' });
  });

  it('refuses an invalid edit with the spec messages and changes nothing', async () => {
    const id = await idOf('biz_ledger');
    const form = await formOf(id);
    const other = (await formOf(await idOf('biz_note'))).columns[0];
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tplCategory: undefined }, '请选择生成模板'],
      [{ tplCategory: 'bogus' }, '请选择生成模板'],
      [{ packageName: undefined }, '请输入生成包路径'],
      [{ packageName: ' ' }, '请输入生成包路径'],
      [{ moduleName: undefined }, '请输入生成模块名'],
      [{ businessName: '' }, '请输入生成业务名'],
      [{ functionName: undefined }, '请输入生成功能名'],
      [{ tableName: undefined }, '请输入表名称'],
      [{ tableComment: '' }, '请输入表描述'],
      [{ className: undefined }, '请输入实体类名称'],
      // What 生成代码 would refuse is refused on save.
      [{ className: 'bizLedger' }, '实体类名称只能是字母和数字，大写字母开头'],
      [{ className: 'Biz_Ledger' }, '实体类名称只能是字母和数字，大写字母开头'],
      [{ businessName: '2024' }, '生成业务名只能是字母和数字，小写字母开头'],
      [{ functionAuthor: '' }, '请输入作者'],
      [{ tplCategory: 'tree', params: {} }, '树编码字段不能为空'],
      [{ tplCategory: 'tree', params: { treeCode: 'ledger_id' } }, '树父编码字段不能为空'],
      [{ tplCategory: 'tree', params: { treeCode: 'ledger_id', treeParentCode: 'amount' } }, '树名称字段不能为空'],
      [{ tplCategory: 'tree', params: { treeCode: 'ledger_id', treeParentCode: 'nope', treeName: 'ledger_name' } }, '表biz_ledger没有字段nope'],
      [{ tplCategory: 'sub' }, '关联子表的表名不能为空'],
      [{ tplCategory: 'sub', subTableName: 'biz_ledger_item' }, '子表关联的外键名不能为空'],
      [{ tplCategory: 'sub', subTableName: 'biz_extra', subTableFkName: 'id' }, '关联子表biz_extra未导入'],
      [{ tplCategory: 'sub', subTableName: 'biz_ledger_item', subTableFkName: 'nope' }, '表biz_ledger_item没有字段nope'],
      [{ tplCategory: 'sub', subTableName: 'biz_ledger', subTableFkName: 'ledger_id' }, '关联子表不能是本表'],
      [{ moduleName: 'system' }, '生成模块名不能使用保留名称：system'],
      [{ moduleName: 'trpc' }, '生成模块名不能使用保留名称：trpc'],
      [{ columns: [...form.columns, other] }, `字段${other.columnId}不属于表biz_ledger`],
      [{ tableName: 'no_such_table' }, '表no_such_table不存在'],
    ];
    for (const [patch, msg] of cases) {
      expect(await api('POST', '/tool/gen/update', { ...form, functionName: '改过', ...patch }), JSON.stringify(patch)).toEqual({ code: 500, msg });
    }
    expect(await snapshot()).toBe(before);
  });

  it('saves tree and sub settings; leaving sub clears the sub table and its key', async () => {
    const id = await idOf('biz_ledger');
    const tree = { treeCode: 'ledger_id', treeParentCode: 'amount', treeName: 'ledger_name' };
    expect(await api('POST', '/tool/gen/update', { ...(await formOf(id)), tplCategory: 'tree', params: tree })).toMatchObject({ code: 200 });
    expect((await api('GET', `/tool/gen/${id}`)).data.info).toMatchObject({ tplCategory: 'tree', ...tree, parentMenuId: 3 });
    expect(await api('POST', '/tool/gen/update', { ...(await formOf(id)), tplCategory: 'sub', subTableName: 'biz_ledger_item', subTableFkName: 'ledger_id' })).toMatchObject({ code: 200 });
    expect((await api('GET', `/tool/gen/${id}`)).data.info).toMatchObject({ tplCategory: 'sub', subTableName: 'biz_ledger_item', subTableFkName: 'ledger_id' });
    expect(await api('POST', '/tool/gen/update', { ...(await formOf(id)), tplCategory: 'crud' })).toMatchObject({ code: 200 });
    expect((await api('GET', `/tool/gen/${id}`)).data.info).toMatchObject({ tplCategory: 'crud', subTableName: null, subTableFkName: null });
  });

  it('synchronises columns with the database, keeping edits', async () => {
    const id = await idOf('biz_ledger');
    const form = await formOf(id);
    const edit: Record<string, Record<string, unknown>> = {
      ledger_type: { dictType: 'biz_ledger_type', htmlType: 'checkbox', isRequired: '1', queryType: 'NE' },
      memo: { htmlType: 'editor', isRequired: '1' },
      amount: { queryType: 'GTE', javaField: 'money' },
      update_time: { dictType: 'not_kept', queryType: 'GT', htmlType: 'input' },
    };
    const columns = form.columns.map((c) => ({ ...c, ...(edit[c.columnName as string] ?? {}) }));
    expect(await api('POST', '/tool/gen/update', { ...form, columns })).toMatchObject({ code: 200 });
    const before = new Map(((await api('GET', `/tool/gen/column/${id}`)).rows as Array<{ columnName: string; columnId: number }>).map((c) => [c.columnName, c.columnId]));
    await execSql(t.app, 'ALTER TABLE biz_ledger ADD COLUMN extra_name varchar(20) NOT NULL DEFAULT \'\'; ALTER TABLE biz_ledger DROP COLUMN raw_data;');
    expect(await api('GET', '/tool/gen/synchDb/biz_ledger')).toEqual({ code: 200, msg: '操作成功' });
    const rows = (await api('GET', `/tool/gen/column/${id}`)).rows as Array<Record<string, unknown>>;
    const by = (n: string) => rows.find((c) => c.columnName === n)!;
    expect(rows.map((c) => c.columnName)).not.toContain('raw_data');
    expect(rows.map((c) => `${c.columnName}:${c.sort}`).slice(-2)).toEqual(['remark:15', 'extra_name:16']);
    expect(by('extra_name')).toMatchObject({ columnType: 'varchar(20)', javaType: 'string', javaField: 'extraName', queryType: 'LIKE', isRequired: '0', isList: '1' });
    expect(by('ledger_type')).toMatchObject({ columnId: before.get('ledger_type'), dictType: 'biz_ledger_type', htmlType: 'checkbox', isRequired: '1', queryType: 'NE' });
    expect(by('memo')).toMatchObject({ htmlType: 'editor', isRequired: '1' });
    // javaField is re-initialised (reference §8 keeps only dictType/queryType/isRequired/htmlType)
    expect(by('amount')).toMatchObject({ queryType: 'GTE', javaField: 'amount', columnId: before.get('amount') });
    // update_time is not listed: its dictType/queryType are reset, its htmlType kept
    expect(by('update_time')).toMatchObject({ dictType: '', queryType: 'EQ', htmlType: 'input' });
    // the comment edited on screen stays when the DDL has none
    expect(by('ledger_name').columnComment).toBe('台账名称');
  });

  it('refuses synchronising a table that is gone', async () => {
    await execSql(t.app, 'DROP TABLE biz_note');
    const before = await snapshot();
    expect(await api('GET', '/tool/gen/synchDb/biz_note')).toEqual({ code: 500, msg: '同步数据失败，原表结构不存在' });
    expect(await api('GET', '/tool/gen/synchDb/never_imported')).toEqual({ code: 500, msg: '表never_imported尚未导入' });
    expect(await snapshot()).toBe(before);
  });

  it('deletes generator rows only', async () => {
    const id = await idOf('biz_note');
    const item = await idOf('biz_ledger_item');
    expect(await api('POST', `/tool/gen/delete/${id}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await api('DELETE', `/tool/gen/${item}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await db().select().from(genTableColumn).where(inArray(genTableColumn.tableId, [id, item]))).toEqual([]);
    expect((await api('GET', '/tool/gen/list')).rows.map((r: { tableName: string }) => r.tableName)).toEqual(['biz_ledger']);
    expect((await api('GET', '/tool/gen/db/list?tableName=biz_ledger_item')).total).toBe(1);
    expect(await api('GET', `/tool/gen/${id}`)).toEqual({ code: 500, msg: '生成表不存在' });
  });

  it('answers 403 on every generator row without the permission', async () => {
    await makeUser(t.app, { userName: 'nogen' });
    const nobody = await login(t.app, 'nogen');
    const rows = restRoutes.filter((r) => r.path.startsWith('/tool/gen'));
    expect(rows.length).toBe(13);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const url = path.replace(':tableName', 'biz_ledger').replace(/:\w+/g, '1') + (path.endsWith('batchGenCode') || path.endsWith('importTable') ? '?tables=biz_ledger' : '');
        const payload = method === 'GET' ? undefined : { tableId: 1, sql: 'CREATE TABLE biz_y (id integer)' };
        expect(await api(method, url, payload, nobody), `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
  });
});
