/**
 * `POST /tool/gen/createTable` over REST (reference §2 "createTable Q{sql} (admin role only)",
 * §8): CREATE TABLE statements with their `--` comments are run and imported; anything else
 * (DROP, INSERT, ATTACH, PRAGMA, CREATE TABLE … AS SELECT, a second statement of another kind)
 * is refused without changing anything; a holder of tool:gen:import without the admin role gets 403.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asc } from 'drizzle-orm';
import { call, execSql, login, makeTestApp, onPostgres, type TestApp } from '../helpers/app';
import { makeUser, makeUserWithPerms } from '../helpers/factories';
import { genTable, genTableColumn } from '../../server/db/schema';

// Nothing here renders code (gen-output.test.ts covers the real templates).
vi.mock('../../server/modules/tool/gen/templates', () => ({
  REGISTRY_PATHS: { modules: 'server/modules/generated.ts' },
  renderModule: async () => [],
}));

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  await execSql(t.app, 'CREATE TABLE biz_ledger (ledger_id INTEGER PRIMARY KEY, amount decimal(12,2)); CREATE TABLE biz_ledger_item (item_id INTEGER PRIMARY KEY)');
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);
const db = () => t.app.deps.store.db;
const snapshot = async () => JSON.stringify([
  await db().select().from(genTable).orderBy(asc(genTable.tableId)),
  await db().select().from(genTableColumn).orderBy(asc(genTableColumn.columnId)),
]);
/** Schema objects of the database (tables, indexes, …): SQLite's sqlite_master, PostgreSQL's pg_class of the schema `public`. */
const masterCount = async () => (await t.app.deps.store.get<{ n: number }>(t.app.deps.store.kind === 'postgres'
  ? "SELECT count(*) AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace" : 'SELECT count(*) AS n FROM sqlite_master'))!.n;
const idOf = async (tableName: string) => (await api('GET', `/tool/gen/list?tableName=${tableName}`)).rows.find((r: { tableName: string }) => r.tableName === tableName).tableId as number;

describe('createTable', () => {
  it('creates tables from CREATE TABLE statements and imports them', async () => {
    const sqlText = `-- 合同
CREATE TABLE biz_contract ( -- 合同表
  contract_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 合同ID
  contract_name varchar(100) NOT NULL UNIQUE, -- 合同名称; 唯一
  sign_time datetime -- 签订时间
);
CREATE TABLE IF NOT EXISTS biz_contract_line (line_id INTEGER PRIMARY KEY, contract_id integer NOT NULL REFERENCES biz_contract(contract_id));`;
    expect(await api('POST', '/tool/gen/createTable', { sql: sqlText })).toEqual({ code: 200, msg: '操作成功' });
    const { info, rows } = (await api('GET', `/tool/gen/${await idOf('biz_contract')}`)).data;
    expect(info).toMatchObject({ tableComment: '合同表', functionName: '合同', className: 'BizContract' });
    expect(rows.map((c: { columnName: string; columnComment: string }) => `${c.columnName}:${c.columnComment}`)).toEqual(['contract_id:合同ID', 'contract_name:合同名称; 唯一', 'sign_time:签订时间']);
    expect(await idOf('biz_contract_line')).toBeGreaterThan(0);
    // query-string form (RuoYi ?sql=)
    expect(await api('POST', `/tool/gen/createTable?sql=${encodeURIComponent('CREATE TABLE biz_q (id integer primary key)')}`)).toMatchObject({ code: 200 });
  });

  // The comments stay with the table: in its DDL in SQLite's sqlite_master, as COMMENT ON in PostgreSQL's catalogue.
  it('keeps the created table\'s comments in the database', async () => {
    if (onPostgres) {
      const c = await t.app.deps.store.get<{ t: string; c: string }>(
        "SELECT obj_description('biz_contract'::regclass, 'pg_class') AS t, col_description('biz_contract'::regclass, 1) AS c");
      expect(c).toEqual({ t: '合同表', c: '合同ID' });
      return;
    }
    expect((t.app.deps.db!.$client.prepare("SELECT sql FROM sqlite_master WHERE name = 'biz_contract'").get() as { sql: string }).sql).toContain('-- 合同ID');
  });

  it('refuses anything but CREATE TABLE, changing nothing', async () => {
    const before = await snapshot();
    const objects = await masterCount();
    const cases: Array<[string, string | RegExp]> = [
      ['DROP TABLE biz_ledger', '仅支持 CREATE TABLE 语句'],
      ["INSERT INTO sys_config (config_name) VALUES ('x')", '仅支持 CREATE TABLE 语句'],
      ["ATTACH DATABASE ':memory:' AS other", '仅支持 CREATE TABLE 语句'],
      ['PRAGMA foreign_keys = OFF', /^仅支持 CREATE TABLE 语句/],
      ['CREATE TABLE biz_copy AS SELECT * FROM sys_user', '不支持 CREATE TABLE … AS SELECT'],
      ['CREATE TABLE biz_ok (id integer primary key); DROP TABLE biz_ledger', '仅支持 CREATE TABLE 语句'],
      ['CREATE TABLE biz_ok (id integer primary key); DELETE FROM sys_user', '仅支持 CREATE TABLE 语句'],
      ['CREATE TEMP TABLE biz_tmp (id integer)', '不支持临时表'],
      ['CREATE TABLE biz_ledger (id integer)', '表biz_ledger已存在'],
      ['CREATE TABLE biz_ok (id integer); CREATE TABLE biz_ok (id integer)', '表biz_ok重复'],
      ['CREATE INDEX biz_idx ON biz_ledger (amount)', /^仅支持 CREATE TABLE 语句/],
      ['-- nothing', '仅支持 CREATE TABLE 语句'],
      ['', '请输入建表语句'],
    ];
    for (const [sqlText, msg] of cases) {
      const r = await api('POST', '/tool/gen/createTable', { sql: sqlText });
      expect(r.code, sqlText).toBe(500);
      if (typeof msg === 'string') expect(r.msg, sqlText).toBe(msg);
      else expect(r.msg, sqlText).toMatch(msg);
    }
    expect(await masterCount()).toBe(objects);
    expect(await snapshot()).toBe(before);
  });

  it('lets only the admin role create tables', async () => {
    await makeUserWithPerms(t.app, 'genimport', ['tool:gen:import', 'tool:gen:list']);
    const importer = await login(t.app, 'genimport');
    const before = await masterCount();
    expect(await api('POST', '/tool/gen/createTable', { sql: 'CREATE TABLE biz_x (id integer primary key)' }, importer)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect(await masterCount()).toBe(before);
    // but may import
    expect(await api('POST', '/tool/gen/importTable?tables=biz_ledger_item', undefined, importer)).toMatchObject({ code: 200 });
    // another user holding the admin role (role 1) may
    await makeUser(t.app, { userName: 'admin2', roleIds: [1] });
    const admin2 = await login(t.app, 'admin2');
    expect(await api('POST', '/tool/gen/createTable', { sql: 'CREATE TABLE biz_x (id integer primary key)' }, admin2)).toEqual({ code: 200, msg: '操作成功' });
  });
});
