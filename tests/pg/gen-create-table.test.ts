/**
 * 代码生成 → 创建 and the install steps of generated modules on PostgreSQL (issue 43), side by side
 * with SQLite at the service level: the same CREATE TABLE text (RuoYi's MySQL DDL, SQLite DDL)
 * creates the table on PostgreSQL with equivalent types (identity key, varchar, double precision,
 * timestamp(0), boolean, comments), imports it with the same TS types and form controls, previews
 * the same files; a refused statement is refused with the same message on both and changes
 * nothing; a module's install DDL (SQLite text, or the same form written from PostgreSQL's
 * catalogue) creates its table on PostgreSQL, and the form written on PostgreSQL boots on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginUser } from '../../server/core/authz';
import { openDatabase, type Db } from '../../server/db/client';
import { migratePostgres } from '../../server/db/pg-schema/migrate';
import { seedDatabase } from '../../server/db/seed';
import { openPostgresStore } from '../../server/db/store/postgres';
import type { Store } from '../../server/db/store/port';
import { sqliteStore } from '../../server/db/store/sqlite';
import type { AppDeps } from '../../server/deps';
import { loadSqlParser } from '../../server/modules/tool/gen/create-table';
import { buildModel, previewsWarmed } from '../../server/modules/tool/gen/gen-output';
import { genCreateTable, genPreview } from '../../server/modules/tool/gen/gen.service';
import { pgInstallStatements, runModuleInstalls, type ModuleInstall } from '../../server/modules/tool/gen/module-install';
import { pgObjects } from '../../server/modules/tool/gen/pg-schema.repo';
import { findDbTable, listDbTables, readDbColumns } from '../../server/modules/tool/gen/sqlite-tables';
import { masterObjects } from '../../server/modules/tool/gen/sqlite-schema.repo';
import { ifNotExists } from '../../server/modules/tool/gen/templates/router';
import { freshDatabase } from './fresh-db';

const NOW = '2026-01-05 09:00:00';
const admin = { userId: 1, userName: 'admin', roleKeys: ['admin'] } as unknown as LoginUser;

let pgStore: Store<Db>;
let lite: Store<Db>;
const both = () => [lite, pgStore] as const;
const depsOf = (store: Store<Db>) => ({ store, clock: { now: () => Date.parse('2026-01-05T01:00:00Z') }, env: { PROJECT_ROOT: process.cwd() } }) as unknown as Pick<AppDeps, 'store' | 'clock' | 'env'>;

beforeAll(async () => {
  const url = await freshDatabase('gencreate');
  await migratePostgres(url);
  pgStore = (await openPostgresStore(url)) as unknown as Store<Db>;
  lite = sqliteStore(openDatabase({ url: ':memory:' }));
  for (const store of both()) await seedDatabase(store, NOW, { listeners: [] });
});
afterAll(async () => {
  await previewsWarmed();
  await pgStore?.close();
  await lite?.close();
});

// RuoYi's notice DDL (tests/integration/gen-mysql-ddl.test.ts) and SQLite DDL with comments (gen-create.test.ts).
const RUOYI_DDL = `CREATE TABLE \`biz_notice\` (
  \`notice_id\`       int(4)          NOT NULL AUTO_INCREMENT    COMMENT '公告ID',
  \`notice_title\`    varchar(50)     NOT NULL                   COMMENT '公告标题',
  \`notice_type\`     char(1)         NOT NULL                   COMMENT '公告类型（1通知 2公告）',
  \`notice_content\`  longtext                                   COMMENT '公告内容',
  \`is_top\`          tinyint(1)      NOT NULL DEFAULT '0'       COMMENT '是否置顶',
  \`read_count\`      bigint(20)      unsigned DEFAULT 0         COMMENT '阅读次数',
  \`fee\`             decimal(10,2)   DEFAULT '0.00'             COMMENT '费用',
  \`status\`          char(1)         DEFAULT '0'                COMMENT '公告状态（0正常 1关闭）',
  \`create_time\`     datetime                                   COMMENT '创建时间',
  \`update_time\`     timestamp       NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP COMMENT '更新时间',
  PRIMARY KEY (\`notice_id\`),
  UNIQUE KEY \`uk_notice_title\` (\`notice_title\`),
  KEY \`idx_notice_type\` (\`notice_type\`, \`status\`) USING BTREE
) ENGINE=InnoDB AUTO_INCREMENT=10 DEFAULT CHARSET=utf8mb4 COMMENT='通知公告表';

create table biz_order_item (
  order_id          bigint(20)      not null                   comment '订单ID',
  line_no           int(11)         not null                   comment '行号',
  qty               int             default 1,
  primary key (order_id, line_no)
) engine=innodb comment = '订单明细表';`;

const SQLITE_DDL = `-- 合同
CREATE TABLE biz_Contract ( -- 合同表
  contract_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 合同ID
  contract_name varchar(100) NOT NULL UNIQUE, -- 合同名称; 唯一
  vip boolean DEFAULT 0, -- 'VIP'
  sign_time datetime DEFAULT CURRENT_TIMESTAMP, -- 签订时间
  sign_date date
);
CREATE TABLE IF NOT EXISTS biz_contract_line (line_id INTEGER PRIMARY KEY, contract_id integer NOT NULL REFERENCES biz_Contract(contract_id) ON DELETE CASCADE, amount real);`;

/** What the import stored for a table: the gen_table comment and each column's defaults, type aside (SQLite's declared names differ). */
async function imported(store: Store<Db>, tableName: string) {
  const t = await store.get<{ tableId: number; tableComment: string; className: string }>(
    'SELECT table_id AS "tableId", table_comment AS "tableComment", class_name AS "className" FROM gen_table WHERE table_name = ?', [tableName]);
  const cols = await store.all<Record<string, unknown>>(`SELECT column_name AS "columnName", column_comment AS "columnComment",
      java_type AS "javaType", java_field AS "javaField", is_pk AS "isPk", is_increment AS "isIncrement", is_required AS "isRequired",
      is_insert AS "isInsert", is_edit AS "isEdit", is_list AS "isList", is_query AS "isQuery", query_type AS "queryType", html_type AS "htmlType", sort AS "sort"
    FROM gen_table_column WHERE table_id = ? ORDER BY sort`, [t!.tableId]);
  return { tableId: t!.tableId, tableComment: t!.tableComment, className: t!.className, cols };
}

const columnTypes = async (store: Store<Db>, tableName: string) =>
  (await readDbColumns(store, (await findDbTable(store, tableName))!)).map((c) => `${c.columnName}:${c.columnType}:${c.notNull ? 'nn' : ''}:${c.isPk ? 'pk' : ''}${c.isIncrement ? '+' : ''}`);

const objectCount = async (store: Store<Db>) => (store.kind === 'postgres' ? (await pgObjects(store)).length : (await masterObjects(store)).length);
const genCount = async (store: Store<Db>) => (await store.get<{ n: number }>('SELECT count(*) AS "n" FROM gen_table'))!.n;

describe('创建 on PostgreSQL', () => {
  it('creates the tables with equivalent types and imports them as SQLite does', async () => {
    for (const store of both()) {
      await genCreateTable(depsOf(store), admin, RUOYI_DDL);
      await genCreateTable(depsOf(store), admin, SQLITE_DDL);
    }
    for (const name of ['biz_notice', 'biz_order_item', 'biz_Contract', 'biz_contract_line']) {
      const [a, b] = [await imported(lite, name), await imported(pgStore, name)];
      expect({ ...b, tableId: 0 }, name).toEqual({ ...a, tableId: 0 });
    }
    expect((await imported(pgStore, 'biz_notice')).tableComment).toBe('通知公告表');
    expect((await imported(pgStore, 'biz_Contract')).cols.map((c) => c.columnComment)).toEqual(['合同ID', '合同名称; 唯一', "'VIP'", '签订时间', '']);
    expect(await columnTypes(pgStore, 'biz_notice')).toEqual([
      'notice_id:bigint:nn:pk+', 'notice_title:varchar(50):nn:', 'notice_type:varchar(1):nn:', 'notice_content:text::', 'is_top:smallint:nn:',
      'read_count:bigint::', 'fee:double precision::', 'status:varchar(1)::', 'create_time:timestamp::', 'update_time:timestamp:nn:',
    ]);
    expect(await columnTypes(pgStore, 'biz_Contract')).toEqual([
      'contract_id:bigint:nn:pk+', 'contract_name:varchar(100):nn:', 'vip:boolean::', 'sign_time:timestamp::', 'sign_date:date::',
    ]);
    expect(await columnTypes(pgStore, 'biz_order_item')).toEqual(['order_id:bigint:nn:pk', 'line_no:integer:nn:pk', 'qty:integer::']);

    // The tables work as on SQLite: keys assigned, defaults (UTC now as yyyy-MM-dd HH:mm:ss), unique key, index, cascade.
    await pgStore.run("INSERT INTO biz_notice (notice_title, notice_type) VALUES ('停电通知', '1')");
    const row = await pgStore.get<Record<string, unknown>>(
      'SELECT notice_id AS "id", is_top AS "isTop", fee AS "fee", status AS "status", update_time::text AS "stamp" FROM biz_notice');
    expect(row).toMatchObject({ id: 1, isTop: 0, fee: 0, status: '0' });
    expect(String(row!.stamp)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await expect(pgStore.run("INSERT INTO biz_notice (notice_title, notice_type) VALUES ('停电通知', '2')")).rejects.toThrow(/unique/i);
    expect((await pgObjects(pgStore)).filter((o) => o.type === 'index' && o.tbl_name === 'biz_notice').map((o) => o.name).sort())
      .toEqual(['biz_notice_notice_title_key', 'biz_notice_pkey', 'idx_notice_type']);
    await pgStore.run(`INSERT INTO "biz_Contract" (contract_name) VALUES ('甲')`);
    await pgStore.run('INSERT INTO biz_contract_line (contract_id, amount) VALUES (1, 2.5)');
    expect(await pgStore.get('SELECT vip AS "vip", contract_id AS "id" FROM "biz_Contract"')).toEqual({ vip: false, id: 1 });
    await pgStore.run(`DELETE FROM "biz_Contract"`);
    expect(await pgStore.get('SELECT count(*) AS "n" FROM biz_contract_line')).toEqual({ n: 0 });
  });

  it('lists the created tables in the catalogue and previews the same files as SQLite', async () => {
    expect((await listDbTables(pgStore)).map((t) => t.tableName)).toEqual(expect.arrayContaining(['biz_Contract', 'biz_contract_line', 'biz_notice', 'biz_order_item']));
    for (const name of ['biz_notice', 'biz_Contract']) {
      const [a, b] = [await genPreview(depsOf(lite), (await imported(lite, name)).tableId), await genPreview(depsOf(pgStore), (await imported(pgStore, name)).tableId)];
      expect(Object.keys(b)).toEqual(Object.keys(a));
      expect(Object.keys(a).length).toBeGreaterThan(8);
      const install = Object.keys(a).find((p) => p.endsWith('.install.ts'))!;
      for (const p of Object.keys(a)) if (p !== install) expect(b[p], `${name} ${p}`).toBe(a[p]);
      // The install step carries the table in SQLite's form, written from PostgreSQL's catalogue.
      expect(b[install]).toContain(`CREATE TABLE IF NOT EXISTS ${name === 'biz_notice' ? 'biz_notice' : 'biz_Contract'} (`);
    }
  });

  it('refuses what SQLite refuses, with the same message, changing nothing', async () => {
    const ONLY = '仅支持 CREATE TABLE 语句';
    const cases: Array<[string, string | RegExp]> = [
      ['DROP TABLE biz_notice', ONLY], ["INSERT INTO sys_config (config_name) VALUES ('x')", ONLY], ["ATTACH DATABASE ':memory:' AS other", ONLY],
      ['PRAGMA foreign_keys = OFF', /^仅支持 CREATE TABLE 语句/], ['CREATE TABLE biz_copy AS SELECT * FROM sys_user', '不支持 CREATE TABLE … AS SELECT'],
      ['CREATE TABLE biz_ok (id integer primary key); DROP TABLE biz_notice', ONLY], ['CREATE TABLE biz_ok (id integer primary key); DELETE FROM sys_user', ONLY],
      ['CREATE TEMP TABLE biz_tmp (id integer)', '不支持临时表'], ['CREATE TABLE biz_notice (id integer)', '表biz_notice已存在'],
      ['CREATE TABLE BIZ_NOTICE (id integer)', '表BIZ_NOTICE已存在'], ['CREATE TABLE biz_ok (id integer); CREATE TABLE biz_ok (id integer)', '表biz_ok重复'],
      ['CREATE INDEX biz_idx ON biz_notice (fee)', /^仅支持 CREATE TABLE 语句/], ['-- nothing', ONLY],
      ['CREATE TABLE sys_user (id bigint(20) NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) ENGINE=InnoDB', '表sys_user已存在'],
      ["CREATE TABLE biz_geo (id int NOT NULL AUTO_INCREMENT, pos geometry COMMENT '位置', PRIMARY KEY (id)) ENGINE=InnoDB", /^第1条语句字段pos的类型geometry不支持/],
      ["CREATE TABLE biz_ai (id int NOT NULL, seq int NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) COMMENT='x'", '第1条语句字段seq：AUTO_INCREMENT 只支持单列主键'],
      ['CREATE TABLE biz_ok2 (id integer primary key); CREATE TABLE biz_b (\n  id int,\n  name varchar(10) NOT NULL COMMENT \'名称\' XYZ\n)',
        '仅支持 CREATE TABLE 语句：第2条语句第3行第42列附近无法解析，支持 SQLite 或 MySQL 的 CREATE TABLE 语句（可多条，以分号分隔）'],
      ['CREATE TABLE main.biz_ok3 (id integer primary key); CREATE TABLE other.biz_x (id integer)', '不支持指定数据库'],
    ];
    const before = await Promise.all(both().map(async (s) => [await objectCount(s), await genCount(s)]));
    for (const [sqlText, expected] of cases) {
      const messages: string[] = [];
      for (const store of both()) messages.push(await genCreateTable(depsOf(store), admin, sqlText).then(() => 'created', (e: Error) => e.message));
      if (typeof expected === 'string') expect(messages[0], sqlText).toBe(expected);
      else expect(messages[0], sqlText).toMatch(expected);
      expect(messages[1], sqlText).toBe(messages[0]);
    }
    expect(await Promise.all(both().map(async (s) => [await objectCount(s), await genCount(s)]))).toEqual(before);
  });

  it('refuses on PostgreSQL what it cannot write there, changing nothing', async () => {
    const before = await objectCount(pgStore);
    const refuse = (sqlText: string) => genCreateTable(depsOf(pgStore), admin, sqlText).then(() => 'created', (e: Error) => e.message);
    expect(await refuse('CREATE TABLE biz_ck (id integer primary key, n int CHECK (n > 0))')).toBe('第1条语句字段n的 CHECK 约束在 PostgreSQL 上不支持');
    expect(await refuse("CREATE TABLE biz_df (id integer primary key, d text DEFAULT (lower('X')))")).toBe('第1条语句字段d的默认值不支持（只支持常量、NULL 和 CURRENT_TIMESTAMP）');
    expect(await refuse('CREATE TABLE biz_dup (a int, a int)')).toMatch(/^建表失败：.*"a"/);
    expect(await objectCount(pgStore)).toBe(before);
  });
});

describe('install steps of generated modules on PostgreSQL', () => {
  const step = (key: string, ddl: string[]): ModuleInstall => ({
    key, ddl, menu: { menuName: key, parentId: 3, orderNum: 1, path: key, component: `biz/${key}/index`, perms: `biz:${key}:list`, icon: '#', buttons: [] },
  });
  const renamed = (ddl: string, from: string, to: string) => ddl.replace(new RegExp(`(CREATE TABLE (?:IF NOT EXISTS )?)[\`"]?${from}[\`"]?`), `$1${to}`);

  it('creates the table of a module generated on SQLite, and of one generated on PostgreSQL, on both databases', async () => {
    const onLite = await buildModel(lite, (await lite.get<never>('SELECT table_id AS "tableId", table_name AS "tableName", options AS "options", tpl_category AS "tplCategory" FROM gen_table WHERE table_name = ?', ['biz_notice']))!, false);
    const fromLite = ifNotExists(renamed(onLite.ddl, 'biz_notice', 'biz_notice_lite'));
    const pgRow = await pgStore.get<never>('SELECT table_id AS "tableId", table_name AS "tableName", options AS "options", tpl_category AS "tplCategory" FROM gen_table WHERE table_name = ?', ['biz_notice']);
    const fromPg = ifNotExists((await buildModel(pgStore, pgRow!, false)).ddl);
    expect(fromPg).toContain('notice_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 公告ID');
    expect(await runModuleInstalls(pgStore, [step('lite', [fromLite]), step('pgagain', [fromPg]), step('pgcopy', [renamed(fromPg, 'biz_notice', 'biz_notice_copy')])], NOW))
      .toEqual(['lite', 'pgagain', 'pgcopy']);
    expect(await columnTypes(pgStore, 'biz_notice_lite')).toEqual((await columnTypes(pgStore, 'biz_notice')));
    expect(await columnTypes(pgStore, 'biz_notice_copy')).toEqual((await columnTypes(pgStore, 'biz_notice')));
    expect((await findDbTable(pgStore, 'biz_notice_copy'))!.tableComment).toBe('通知公告表');
    expect((await readDbColumns(pgStore, (await findDbTable(pgStore, 'biz_notice_lite'))!)).map((c) => c.columnComment)[1]).toBe('公告标题');
    // The form written on PostgreSQL boots on SQLite (a generated module's own tests run there).
    expect(await runModuleInstalls(lite, [step('pgonlite', [renamed(fromPg, 'biz_notice', 'biz_notice_pg')])], NOW)).toEqual(['pgonlite']);
    expect((await columnTypes(lite, 'biz_notice_pg')).map((c) => c.replace(/^(\w+):.*:(pk\+?)?$/, '$1:$2'))).toEqual(
      (await columnTypes(lite, 'biz_notice')).map((c) => c.replace(/^(\w+):.*:(pk\+?)?$/, '$1:$2')));
  });

  it('writes the product tables\' SQLite DDL for PostgreSQL, and refuses anything but one CREATE TABLE', async () => {
    const parser = new (await loadSqlParser())();
    for (const name of ['sys_notice', 'sys_post', 'sys_config', 'sys_dict_data']) {
      const { ddl } = (await findDbTable(lite, name))!;
      const t = pgInstallStatements(parser, renamed(ifNotExists(ddl), name, `${name}_copy`));
      expect(t).toMatchObject({ tableName: `${name}_copy`, ifNotExists: true });
      for (const s of t.statements) await pgStore.run(s);
      expect((await columnTypes(pgStore, `${name}_copy`)).map((c) => c.split(':')[0])).toEqual((await columnTypes(pgStore, name)).map((c) => c.split(':')[0]));
    }
    expect(() => pgInstallStatements(parser, 'DROP TABLE sys_user')).toThrow('仅支持 CREATE TABLE 语句');
    expect(() => pgInstallStatements(parser, 'CREATE TABLE biz_a (id integer); DROP TABLE sys_user')).toThrow();
    await expect(runModuleInstalls(pgStore, [step('evil', ['CREATE TABLE IF NOT EXISTS biz_evil (id integer); DROP TABLE sys_post'])], NOW)).rejects.toThrow(/^生成模块 evil 安装失败/);
    expect(await findDbTable(pgStore, 'sys_post')).toBeDefined();
    expect(await findDbTable(pgStore, 'biz_evil')).toBeUndefined();
  });
});
