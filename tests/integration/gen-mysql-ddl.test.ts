/**
 * 代码生成 → 创建 with RuoYi's MySQL DDL (issue 40 §6) over REST `POST /tool/gen/createTable`:
 * types translated to SQLite, COMMENTs kept as 字段描述 / 表描述, an AUTO_INCREMENT key becomes
 * INTEGER PRIMARY KEY AUTOINCREMENT, KEY lines become indexes; what cannot be accepted gets a
 * Chinese message saying what is accepted and changes nothing. Import defaults 表描述 to the
 * table comment, else the table's menu name, else the table name.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, execSql, login, makeTestApp, onPostgres, type TestApp } from '../helpers/app';

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
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(t.app, method, url, admin, payload).then((r) => r.body);
/** Schema objects of the database (tables, indexes, …): SQLite's sqlite_master, PostgreSQL's pg_class of the schema `public`. */
const masterCount = async () => (await t.app.deps.store.get<{ n: number }>(t.app.deps.store.kind === 'postgres'
  ? "SELECT count(*) AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace" : 'SELECT count(*) AS n FROM sqlite_master'))!.n;
const genInfo = async (tableName: string) => {
  const row = (await api('GET', `/tool/gen/list?tableName=${tableName}`)).rows.find((r: { tableName: string }) => r.tableName === tableName);
  return (await api('GET', `/tool/gen/${row.tableId}`)).data as { info: Record<string, unknown>; rows: Array<Record<string, string>> };
};

// RuoYi's notice DDL under another name (sys_notice itself is a table of this product since issue 41 §5).
const RUOYI_DDL = `-- ----------------------------
-- 通知公告表
-- ----------------------------
CREATE TABLE \`biz_notice\` (
  \`notice_id\`       int(4)          NOT NULL AUTO_INCREMENT    COMMENT '公告ID',
  \`notice_title\`    varchar(50)     NOT NULL                   COMMENT '公告标题',
  \`notice_type\`     char(1)         NOT NULL                   COMMENT '公告类型（1通知 2公告）',
  \`notice_content\`  longtext                                   COMMENT '公告内容',
  \`summary\`         text                                       COMMENT '摘要',
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

describe('createTable with MySQL DDL', () => {
  // The DDL is translated to the database's own (SQLite's, or PostgreSQL's: pg-ddl.ts), checked
  // in the table it makes: the key, the defaults, the update stamp, the unique key, the index.
  it('translates RuoYi DDL to the database\'s and keeps its comments', async () => {
    expect(await api('POST', '/tool/gen/createTable', { sql: RUOYI_DDL })).toEqual({ code: 200, msg: '操作成功' });
    const { info, rows } = await genInfo('biz_notice');
    expect(info).toMatchObject({ tableComment: '通知公告表', functionName: '通知公告' });
    // The column types as the database's catalogue has them (PostgreSQL's: pg-ddl.ts's mapping).
    expect(rows.map((c) => `${c.columnName}:${c.columnType}:${c.columnComment}`)).toEqual(onPostgres ? [
      'notice_id:bigint:公告ID', 'notice_title:varchar(50):公告标题', 'notice_type:varchar(1):公告类型（1通知 2公告）',
      'notice_content:text:公告内容', 'summary:text:摘要', 'is_top:smallint:是否置顶', 'read_count:bigint:阅读次数',
      'fee:double precision:费用', 'status:varchar(1):公告状态（0正常 1关闭）', 'create_time:timestamp:创建时间', 'update_time:timestamp:更新时间',
    ] : [
      'notice_id:integer:公告ID', 'notice_title:varchar(50):公告标题', 'notice_type:char(1):公告类型（1通知 2公告）',
      'notice_content:longtext:公告内容', 'summary:text:摘要', 'is_top:tinyint(1):是否置顶', 'read_count:bigint(20):阅读次数',
      'fee:decimal(10,2):费用', 'status:char(1):公告状态（0正常 1关闭）', 'create_time:datetime:创建时间', 'update_time:timestamp:更新时间',
    ]);
    expect(rows[0]).toMatchObject({ isPk: '1', isIncrement: '1' });
    expect(rows.find((c) => c.columnName === 'create_time')).toMatchObject({ htmlType: 'datetime' });
    expect(rows.find((c) => c.columnName === 'notice_title')).toMatchObject({ isRequired: '1' });

    // the table works: the key is assigned, the defaults apply, the unique key holds, the index exists
    const store = t.app.deps.store;
    await store.run("INSERT INTO biz_notice (notice_title, notice_type) VALUES ('停电通知', '1')");
    const row = await store.get<Record<string, unknown>>('SELECT notice_id, is_top, fee, status, update_time IS NOT NULL AS stamped FROM biz_notice');
    expect({ ...row, fee: Number(row?.fee), stamped: Boolean(row?.stamped) }).toEqual({ notice_id: 1, is_top: 0, fee: 0, status: '0', stamped: true });
    await expect(store.run("INSERT INTO biz_notice (notice_title, notice_type) VALUES ('停电通知', '2')")).rejects.toThrow(/UNIQUE|duplicate key/);
    const indexes = await store.all(onPostgres
      ? "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'biz_notice' AND indexdef NOT LIKE 'CREATE UNIQUE INDEX%'"
      : "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'biz_notice' AND sql IS NOT NULL");
    expect(indexes).toEqual([{ name: 'idx_notice_type' }]);

    const item = await genInfo('biz_order_item');
    expect(item.info).toMatchObject({ tableComment: '订单明细表' });
    expect(item.rows.map((c) => `${c.columnName}:${c.isPk}:${c.columnComment}`)).toEqual(['order_id:1:订单ID', 'line_no:1:行号', 'qty:0:']);
  });

  it('refuses what it cannot accept in Chinese, saying what is accepted, and changes nothing', async () => {
    const before = await masterCount();
    const cases: Array<[string, string | RegExp]> = [
      ['CREATE TABLE biz_a (id int(11) NOT NULL AUTO_INCREMENT, PRIMARY KEY (id) ) ENGINE=InnoDB;\nCREATE TABLE biz_b (\n  id int,\n  name varchar(10) NOT NULL COMMENT \'名称\' XYZ\n)',
        '仅支持 CREATE TABLE 语句：第2条语句第3行第42列附近无法解析，支持 SQLite 或 MySQL 的 CREATE TABLE 语句（可多条，以分号分隔）'],
      ["CREATE TABLE biz_geo (id int NOT NULL AUTO_INCREMENT, pos geometry COMMENT '位置', PRIMARY KEY (id)) ENGINE=InnoDB",
        /^第1条语句字段pos的类型geometry不支持，支持：整数/],
      ["CREATE TABLE biz_ai (id int NOT NULL, seq int NOT NULL AUTO_INCREMENT, PRIMARY KEY (id)) COMMENT='x'", '第1条语句字段seq：AUTO_INCREMENT 只支持单列主键'],
      ["CREATE TABLE sys_user (id bigint(20) NOT NULL AUTO_INCREMENT COMMENT 'x', PRIMARY KEY (id)) ENGINE=InnoDB", '表sys_user已存在'],
      ["DROP TABLE IF EXISTS sys_post;\nCREATE TABLE biz_c (id int) ENGINE=InnoDB", '仅支持 CREATE TABLE 语句'],
    ];
    for (const [sqlText, msg] of cases) {
      const r = await api('POST', '/tool/gen/createTable', { sql: sqlText });
      expect(r.code, sqlText).toBe(500);
      if (typeof msg === 'string') expect(r.msg, sqlText).toBe(msg);
      else expect(r.msg, sqlText).toMatch(msg);
      expect(r.msg).not.toMatch(/Failed to run the query/);
    }
    expect(await masterCount()).toBe(before);
  });

  // The message is the database's own error text after 建表失败：.
  it('reports the database\'s errors without the English wrapper', async () => {
    const r = await api('POST', '/tool/gen/createTable', { sql: 'CREATE TABLE biz_dup (a int, a int)' });
    if (onPostgres) expect(r).toEqual({ code: 500, msg: expect.stringMatching(/^建表失败：.*"a"/) });
    else expect(r).toEqual({ code: 500, msg: '建表失败：duplicate column name: a' });
    expect(r.msg).not.toMatch(/Failed to run the query/);
  });
});

describe('import defaults 表描述', () => {
  it('takes the table comment, else the menu name, else the table name', async () => {
    await execSql(t.app, 'CREATE TABLE biz_plain (id INTEGER PRIMARY KEY)');
    expect(await api('POST', '/tool/gen/importTable?tables=sys_user,sys_oper_log,biz_plain')).toMatchObject({ code: 200 });
    expect((await genInfo('sys_user')).info).toMatchObject({ tableComment: '用户管理', functionName: '用户管理' });
    expect((await genInfo('sys_oper_log')).info).toMatchObject({ tableComment: '操作日志' });
    expect((await genInfo('biz_plain')).info).toMatchObject({ tableComment: 'biz_plain' });
  });
});
