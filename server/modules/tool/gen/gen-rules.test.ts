/**
 * Import defaults and the synch rule of the code generator (reference §8), plus the DDL comment
 * reader of sqlite-tables.ts, PostgreSQL's declared types (pg-tables.ts) and the statement
 * splitter of create-table.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  businessOf, camelCase, classOf, columnTypeDefaults, functionOf, initColumn, initTable, parseOptions, pascalCase, planSynch, typeDefaults, type DbColumn,
} from './gen-rules';
import { columnCommentsOf, splitLineComment, tableCommentOf } from './sqlite-tables';
import { splitStatements } from './create-table';
import { pgColumnType } from './pg-tables';

const col = (columnName: string, columnType: string, o: Partial<DbColumn> = {}): DbColumn => ({
  columnName, columnType, columnComment: '', notNull: false, hasDefault: false, isPk: false, isIncrement: false, ...o,
});

describe('table defaults', () => {
  it('names the class, module, business and function like RuoYi initTable', () => {
    expect(initTable('biz_customer_info', '客户信息表')).toEqual({
      tableName: 'biz_customer_info', tableComment: '客户信息表', className: 'BizCustomerInfo', tplCategory: 'crud', tplWebType: 'react-chakra',
      packageName: 'modules.biz', moduleName: 'biz', businessName: 'info', functionName: '客户信息', functionAuthor: 'caishui',
      genType: '0', genPath: '/', options: '{"parentMenuId":3}',
    });
    expect(initTable('orders', '').functionName).toBe('orders');
    expect(businessOf('orders')).toBe('orders');
    expect(businessOf('biz_Ledger')).toBe('ledger');
    // Names 生成代码 would refuse (类名 … 应为大写字母开头, 业务名 … 应为小写字母开头的字母数字) are not the defaults.
    expect(classOf('biz_part_2024')).toBe('BizPart2024');
    expect(classOf('2024_report')).toBe('T2024Report');
    expect(classOf('biz_订单')).toBe('Biz');
    expect(classOf('订单')).toBe('T');
    expect(businessOf('biz_part_2024')).toBe('part2024');
    expect(businessOf('biz_part_2024_01')).toBe('part202401');
    expect(businessOf('2024_01')).toBe('t202401');
    expect(businessOf('biz_订单')).toBe('biz');
    expect(businessOf('订单')).toBe('t');
    expect(businessOf(`biz_item_${'1234567890'.repeat(4)}`)).toBe(`item${'1234567890'.repeat(3)}`.slice(0, 30));
    expect(functionOf('t', ' 表 ')).toBe('t');
    expect(pascalCase('sys_user_role')).toBe('SysUserRole');
    expect(camelCase('create_time')).toBe('createTime');
    expect(camelCase('amount')).toBe('amount');
  });

  it('reads options leniently', () => {
    expect(parseOptions('{"treeCode":"id","parentMenuId":5}')).toEqual({ treeCode: 'id', parentMenuId: 5 });
    expect(parseOptions('not json')).toEqual({});
    expect(parseOptions('[1]')).toEqual({});
    expect(parseOptions(null)).toEqual({});
  });
});

describe('column defaults by SQLite type', () => {
  it.each([
    ['varchar(64)', 'string', 'input'], ['varchar(499)', 'string', 'input'], ['nvarchar(500)', 'string', 'textarea'], ['char(1)', 'string', 'input'],
    ['character(20)', 'string', 'input'], ['nchar(600)', 'string', 'textarea'], ['varchar2(2000)', 'string', 'textarea'], ['varchar', 'string', 'input'],
    ['text', 'string', 'textarea'], ['clob', 'string', 'textarea'], ['longtext', 'string', 'textarea'],
    ['datetime', 'string', 'datetime'], ['date', 'string', 'datetime'], ['time', 'string', 'datetime'], ['timestamp', 'string', 'datetime'],
    ['integer', 'number', 'input'], ['INT', 'number', 'input'], ['bigint', 'number', 'input'], ['decimal(10,2)', 'number', 'input'],
    ['numeric', 'number', 'input'], ['real', 'number', 'input'], ['double', 'number', 'input'], ['float', 'number', 'input'], ['tinyint(1)', 'number', 'input'],
    ['boolean', 'boolean', 'radio'], ['bool', 'boolean', 'radio'], ['bit', 'boolean', 'radio'],
    ['blob', 'string', 'input'], ['', 'string', 'input'], ['json', 'string', 'input'],
  ])('%s → %s / %s', (type, javaType, htmlType) => {
    expect(typeDefaults(type)).toMatchObject({ javaType, htmlType });
  });

  it('sets the flags of pk, base columns and NOT NULL columns', () => {
    const pk = initColumn(col('customer_id', 'INTEGER', { isPk: true, isIncrement: true, notNull: true }), 1);
    expect(pk).toMatchObject({ columnType: 'integer', javaType: 'number', javaField: 'customerId', isPk: '1', isIncrement: '1', isRequired: '0', isInsert: '1', isEdit: '0', isList: '0', isQuery: '0', queryType: 'EQ', sort: 1 });
    const req = initColumn(col('amount', 'decimal(10,2)', { notNull: true }), 2);
    expect(req).toMatchObject({ isRequired: '1', isInsert: '1', isEdit: '1', isList: '1', isQuery: '1', queryType: 'EQ', htmlType: 'input', dictType: '' });
    expect(initColumn(col('amount', 'decimal', { notNull: true, hasDefault: true }), 2).isRequired).toBe('0');
    const flags = (name: string) => { const c = initColumn(col(name, 'varchar(64)'), 1); return `${c.isEdit}${c.isList}${c.isQuery}`; };
    expect(flags('id')).toBe('000');
    expect(flags('create_by')).toBe('000');
    expect(flags('create_time')).toBe('000');
    expect(flags('del_flag')).toBe('000');
    expect(flags('update_by')).toBe('100');
    expect(flags('update_time')).toBe('100');
    expect(flags('remark')).toBe('110');
    expect(flags('title')).toBe('111');
  });

  it('applies the name suffix rules and BETWEEN for queried datetimes', () => {
    const c = (name: string, type = 'varchar(64)') => initColumn(col(name, type), 1);
    expect(c('customer_name')).toMatchObject({ queryType: 'LIKE', htmlType: 'input' });
    expect(c('status', 'char(1)')).toMatchObject({ queryType: 'EQ', htmlType: 'radio' });
    expect(c('biz_type')).toMatchObject({ htmlType: 'select' });
    expect(c('sex', 'char(1)')).toMatchObject({ htmlType: 'select' });
    expect(c('avatar_image')).toMatchObject({ htmlType: 'imageUpload' });
    expect(c('contract_file')).toMatchObject({ htmlType: 'fileUpload' });
    expect(c('notice_content', 'text')).toMatchObject({ htmlType: 'editor' });
    expect(c('sign_date', 'date')).toMatchObject({ queryType: 'BETWEEN', htmlType: 'datetime' });
    expect(c('update_time', 'datetime')).toMatchObject({ queryType: 'EQ', isQuery: '0' });
    expect(c('STATUS', 'char(1)').htmlType).toBe('radio');
  });

  it('treats text-like *_time / *_date columns as datetimes (issue 41 §4: times kept as TEXT)', () => {
    const c = (name: string, type: string) => initColumn(col(name, type), 1);
    expect(c('create_time', 'text')).toMatchObject({ javaType: 'string', htmlType: 'datetime', isQuery: '0', queryType: 'EQ' });
    expect(c('login_time', 'text')).toMatchObject({ javaType: 'string', htmlType: 'datetime', queryType: 'BETWEEN' });
    expect(c('birth_date', 'varchar(10)')).toMatchObject({ htmlType: 'datetime', queryType: 'BETWEEN' });
    expect(c('due_time', '')).toMatchObject({ htmlType: 'datetime' });
    expect(c('cost_time', 'bigint')).toMatchObject({ javaType: 'number', htmlType: 'input', queryType: 'EQ' });
    expect(c('note_time', 'blob')).toMatchObject({ htmlType: 'input' });
    expect(c('overtime', 'text')).toMatchObject({ htmlType: 'textarea' });
    expect(columnTypeDefaults('update_date', 'text')).toEqual({ javaType: 'string', htmlType: 'datetime', isTime: true });
  });
});

describe('synch plan', () => {
  const prevOf = (columnId: number, columnName: string, o: Partial<{ columnComment: string; dictType: string; queryType: string; isRequired: string; htmlType: string }> = {}) => ({
    columnId, columnName, columnComment: '', dictType: '', queryType: 'EQ', isRequired: '0', htmlType: 'input', ...o,
  });

  it('keeps edits of listed / non-pk columns, inserts new, removes vanished', () => {
    const plan = planSynch([
      col('id', 'integer', { isPk: true, isIncrement: true }),
      col('title', 'varchar(64)', { columnComment: '' }),
      col('create_time', 'datetime'),
      col('added', 'integer', { notNull: true }),
    ], [
      prevOf(1, 'id', { htmlType: 'select', dictType: 'x' }),
      prevOf(2, 'title', { columnComment: '标题', dictType: 'sys_yes_no', queryType: 'LIKE', isRequired: '1', htmlType: 'select' }),
      prevOf(3, 'create_time', { dictType: 'd', queryType: 'GT', isRequired: '1', htmlType: 'input' }),
      prevOf(4, 'gone'),
    ]);
    expect(plan.remove).toEqual([4]);
    expect(plan.insert).toEqual([expect.objectContaining({ columnName: 'added', isRequired: '1', sort: 4 })]);
    const [id, title, ct] = plan.update;
    expect(id).toMatchObject({ columnId: 1, htmlType: 'input', dictType: '', isPk: '1' });
    expect(title).toMatchObject({ columnId: 2, columnComment: '标题', dictType: 'sys_yes_no', queryType: 'LIKE', isRequired: '1', htmlType: 'select', sort: 2 });
    // create_time is not listed: dictType/queryType are defaults again; isRequired/htmlType are kept (not pk).
    expect(ct).toMatchObject({ columnId: 3, dictType: '', queryType: 'EQ', isRequired: '1', htmlType: 'input' });
  });

  it('takes the new DDL comment over the stored one', () => {
    const plan = planSynch([col('title', 'text', { columnComment: '新' })], [prevOf(2, 'title', { columnComment: '旧' })]);
    expect(plan.update[0].columnComment).toBe('新');
  });
});

describe('DDL comments', () => {
  const ddl = [
    'CREATE TABLE biz_customer ( -- 客户信息表',
    '  customer_id INTEGER PRIMARY KEY AUTOINCREMENT, -- 客户ID',
    "  \"customer_name\" varchar(64) NOT NULL DEFAULT 'a--b', -- 客户名称",
    '  `status` char(1),-- 状态',
    '  [memo] text -- 备注',
    '  , amount decimal(10,2) -- 金额',
    ')',
  ].join('\n');

  it('reads the table comment from the CREATE line or the line after it', () => {
    expect(tableCommentOf(ddl)).toBe('客户信息表');
    expect(tableCommentOf('CREATE TABLE t (\n  -- 台账表\n  id integer\n)')).toBe('台账表');
    expect(tableCommentOf('CREATE TABLE t\n-- 台账表\n(\n  id integer\n)')).toBe('台账表');
    expect(tableCommentOf('CREATE TABLE t (id integer -- 编号\n)')).toBe('');
    expect(tableCommentOf('CREATE TABLE t (\n  id integer -- 编号\n)')).toBe('');
    expect(tableCommentOf('')).toBe('');
  });

  it('reads column comments, quotes and trailing commas respected', () => {
    expect(Object.fromEntries(columnCommentsOf(ddl))).toEqual({ customer_id: '客户ID', customer_name: '客户名称', status: '状态', memo: '备注', amount: '金额' });
    expect(splitLineComment("a text default '--x' -- c")).toEqual({ code: "a text default '--x' ", comment: 'c' });
  });
});

describe('statement splitting', () => {
  it('splits at top-level semicolons only', () => {
    expect(splitStatements("CREATE TABLE a (x text default ';'); -- c;\nCREATE TABLE b (y int) /* ; */;\n-- end")).toEqual([
      "CREATE TABLE a (x text default ';')",
      " -- c;\nCREATE TABLE b (y int) /* ; */",
    ]);
    expect(splitStatements(' -- only a comment\n ; ;')).toEqual([]);
  });
});

describe('PostgreSQL declared types (pg-tables.ts pgColumnType, issue 43)', () => {
  const pgType = (dataType: string, o: { udtName?: string; charLength?: number; numericPrecision?: number; numericScale?: number } = {}) =>
    pgColumnType({ dataType, udtName: o.udtName ?? '', charLength: o.charLength ?? null, numericPrecision: o.numericPrecision ?? null, numericScale: o.numericScale ?? null });

  it('writes them in the short form the SQLite path records, with the same TS types', () => {
    const cases: Array<[string, string, string, string]> = [
      [pgType('integer', { numericPrecision: 32, numericScale: 0 }), 'integer', 'number', 'input'],
      [pgType('bigint', { numericPrecision: 64, numericScale: 0 }), 'bigint', 'number', 'input'],
      [pgType('smallint'), 'smallint', 'number', 'input'],
      [pgType('numeric', { numericPrecision: 10, numericScale: 2 }), 'numeric(10,2)', 'number', 'input'],
      [pgType('numeric'), 'numeric', 'number', 'input'],
      [pgType('double precision'), 'double precision', 'number', 'input'],
      [pgType('real'), 'real', 'number', 'input'],
      [pgType('text'), 'text', 'string', 'textarea'],
      [pgType('character varying', { charLength: 64 }), 'varchar(64)', 'string', 'input'],
      [pgType('character varying', { charLength: 600 }), 'varchar(600)', 'string', 'textarea'],
      [pgType('character varying'), 'varchar', 'string', 'input'],
      [pgType('character', { charLength: 1 }), 'char(1)', 'string', 'input'],
      [pgType('boolean'), 'boolean', 'boolean', 'radio'],
      [pgType('timestamp without time zone'), 'timestamp', 'string', 'datetime'],
      [pgType('timestamp with time zone'), 'timestamptz', 'string', 'datetime'],
      [pgType('date'), 'date', 'string', 'datetime'],
      [pgType('bytea'), 'bytea', 'string', 'input'],
      [pgType('ARRAY', { udtName: '_int4' }), 'int4[]', 'string', 'input'],
      [pgType('USER-DEFINED', { udtName: 'mood' }), 'mood', 'string', 'input'],
    ];
    for (const [type, expected, javaType, htmlType] of cases) {
      expect(type).toBe(expected);
      expect(typeDefaults(type), type).toMatchObject({ javaType, htmlType });
    }
  });
});
