/**
 * Three code-generator models built by hand (issue 14, the compile-and-run test): a crud table
 * with every column kind, a tree and a master-detail pair. DDL as SQLite stores it; column flags as
 * the import rules would set them, then edited as a developer would on the edit screen. Also the
 * code-generator tests' way to create their business tables on both databases (createTables,
 * shownType; issue 43).
 */
import type { BuiltApp } from '../../server/app';
import { checkCreateTables, loadSqlParser, parseCreateTables, runCreateTables } from '../../server/modules/tool/gen/create-table';
import type { GenColumnModel, GenTableModel } from '../../server/modules/tool/gen/gen-model';
import { execSql, onPostgres } from './app';

/**
 * A column's type as the generator shows it (物理类型, `columnType`) for a table createTables made:
 * on SQLite the declared type, on PostgreSQL the type 创建 gives the column there (pg-ddl.ts: the
 * rowid key and epoch/duration `*_time` integers → bigint, char(n) → varchar(n), decimal / real →
 * double precision, datetime → timestamp, blob → bytea), as the catalogue reads it back. Both
 * spelled out by the test, so each database's value is asserted exactly.
 */
export const shownType = (sqlite: string, postgres: string): string => (onPostgres ? postgres : sqlite);

/**
 * Creates a code-generator test's business tables on either database (issue 43) from one text:
 * `script` is SQLite DDL (CREATE TABLE statements separated by `;`, with `-- comments` for the
 * table and its columns), as a user pastes it into 创建. On SQLite it runs as written (execSql), so
 * sqlite_master keeps the text with its comments. On PostgreSQL it goes through 创建's own parsing,
 * checks and conversion (create-table.ts parseCreateTables / checkCreateTables / runCreateTables,
 * pg-ddl.ts: rowid key → identity, types, `--` comments → COMMENT ON) in one `store.transaction`,
 * without 创建's import into gen_table: the catalogue then reads back the comments, keys and the
 * types the product gives such a table on PostgreSQL. Errors: 创建's refusals (仅支持 CREATE TABLE 语句 …).
 */
export async function createTables(app: BuiltApp, script: string): Promise<void> {
  const store = app.deps.store;
  if (store.kind !== 'postgres') return execSql(app, script);
  const parsed = parseCreateTables(script, new (await loadSqlParser())(), 'postgres');
  await store.transaction(async () => { await runCreateTables(store, await checkCreateTables(store, parsed)); });
}

type ColumnSpec = Partial<GenColumnModel> & Pick<GenColumnModel, 'columnName' | 'columnComment' | 'columnType'>;

const camel = (s: string) => s.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

/** One column with the import defaults (insert, edit, list on; query off; input; EQ). */
export function column(spec: ColumnSpec, sort: number): GenColumnModel {
  const audit = ['create_by', 'create_time', 'update_by', 'update_time'].includes(spec.columnName);
  return {
    javaType: /int|decimal|real|float|double/.test(spec.columnType) ? 'number' : 'string',
    javaField: camel(spec.columnName),
    isPk: false, isIncrement: false, isRequired: false,
    isInsert: true, isEdit: !audit, isList: !audit || spec.columnName === 'create_time', isQuery: false,
    queryType: 'EQ', htmlType: /datetime/.test(spec.columnType) ? 'datetime' : 'input', dictType: '',
    sort,
    ...spec,
  };
}

const columns = (specs: ColumnSpec[]) => specs.map((s, i) => column(s, i + 1));

const base = {
  packageName: 'modules.biz', moduleName: 'biz', functionAuthor: 'caishui', remark: '', parentMenuId: 3, withImport: false,
} satisfies Partial<GenTableModel>;

/** (a) crud over a table with every column kind. */
export function crudSample(): GenTableModel {
  return {
    ...base,
    tableName: 'biz_customer', tableComment: '客户信息表', className: 'BizCustomer', tplCategory: 'crud',
    businessName: 'customer', functionName: '客户信息', withImport: true,
    ddl: `CREATE TABLE biz_customer (
  customer_id integer PRIMARY KEY AUTOINCREMENT,
  customer_name varchar(30) NOT NULL,
  content text,
  status char(1) NOT NULL DEFAULT '0',
  customer_type varchar(20),
  sex char(1) DEFAULT '0',
  image varchar(255),
  file varchar(255),
  visit_time datetime,
  amount decimal(10,2),
  visit_count integer NOT NULL DEFAULT 0,
  vip_flag boolean DEFAULT 0,
  remark varchar(500),
  create_by varchar(64) DEFAULT '',
  create_time datetime,
  update_by varchar(64) DEFAULT '',
  update_time datetime
)`,
    columns: columns([
      { columnName: 'customer_id', columnComment: '客户编号', columnType: 'integer', isPk: true, isIncrement: true, isEdit: false },
      { columnName: 'customer_name', columnComment: '客户名称', columnType: 'varchar(30)', isRequired: true, isQuery: true, queryType: 'LIKE' },
      { columnName: 'content', columnComment: '客户介绍', columnType: 'text', htmlType: 'editor', isList: false },
      { columnName: 'status', columnComment: '状态', columnType: 'char(1)', htmlType: 'radio', dictType: 'sys_normal_disable', isQuery: true },
      { columnName: 'customer_type', columnComment: '客户类型', columnType: 'varchar(20)', htmlType: 'select', dictType: 'sys_notice_type', isQuery: true },
      { columnName: 'sex', columnComment: '性别', columnType: 'char(1)', htmlType: 'select', dictType: 'sys_user_sex', isEdit: false },
      { columnName: 'image', columnComment: '头像', columnType: 'varchar(255)', htmlType: 'imageUpload' },
      { columnName: 'file', columnComment: '合同', columnType: 'varchar(255)', htmlType: 'fileUpload', isList: false },
      { columnName: 'visit_time', columnComment: '拜访时间', columnType: 'datetime', htmlType: 'datetime', isQuery: true, queryType: 'BETWEEN' },
      { columnName: 'amount', columnComment: '金额', columnType: 'decimal(10,2)' },
      { columnName: 'visit_count', columnComment: '拜访次数', columnType: 'integer', isQuery: true },
      { columnName: 'vip_flag', columnComment: '是否VIP', columnType: 'boolean', javaType: 'boolean', htmlType: 'radio', isQuery: true },
      { columnName: 'remark', columnComment: '备注', columnType: 'varchar(500)', htmlType: 'textarea', isList: false },
      { columnName: 'create_by', columnComment: '创建者', columnType: 'varchar(64)' },
      { columnName: 'create_time', columnComment: '创建时间', columnType: 'datetime' },
      { columnName: 'update_by', columnComment: '更新者', columnType: 'varchar(64)' },
      { columnName: 'update_time', columnComment: '更新时间', columnType: 'datetime' },
    ]),
  };
}

/** (b) tree: id, parent_id, name, order_num. */
export function treeSample(): GenTableModel {
  return {
    ...base,
    tableName: 'biz_region', tableComment: '区域表', className: 'BizRegion', tplCategory: 'tree',
    businessName: 'region', functionName: '区域',
    treeCode: 'region_id', treeParentCode: 'parent_id', treeName: 'region_name',
    ddl: `CREATE TABLE biz_region (
  region_id integer PRIMARY KEY AUTOINCREMENT,
  parent_id integer NOT NULL DEFAULT 0,
  region_name varchar(50) NOT NULL,
  order_num integer DEFAULT 0
)`,
    columns: columns([
      { columnName: 'region_id', columnComment: '区域编号', columnType: 'integer', isPk: true, isIncrement: true, isEdit: false },
      { columnName: 'parent_id', columnComment: '上级区域', columnType: 'integer' },
      { columnName: 'region_name', columnComment: '区域名称', columnType: 'varchar(50)', isRequired: true, isQuery: true, queryType: 'LIKE' },
      { columnName: 'order_num', columnComment: '显示顺序', columnType: 'integer' },
    ]),
  };
}

/** (c) sub: an order (master) with its lines (detail, fk order_id). */
export function subSample(): GenTableModel {
  const detail: GenTableModel = {
    ...base,
    tableName: 'biz_order_item', tableComment: '订单明细表', className: 'BizOrderItem', tplCategory: 'crud',
    businessName: 'orderItem', functionName: '订单明细',
    ddl: `CREATE TABLE biz_order_item (
  item_id integer PRIMARY KEY AUTOINCREMENT,
  order_id integer NOT NULL,
  goods_name varchar(50) NOT NULL,
  quantity integer NOT NULL DEFAULT 1,
  price decimal(10,2)
)`,
    columns: columns([
      { columnName: 'item_id', columnComment: '明细编号', columnType: 'integer', isPk: true, isIncrement: true, isEdit: false },
      { columnName: 'order_id', columnComment: '订单编号', columnType: 'integer', isRequired: true },
      { columnName: 'goods_name', columnComment: '商品名称', columnType: 'varchar(50)', isRequired: true },
      { columnName: 'quantity', columnComment: '数量', columnType: 'integer' },
      { columnName: 'price', columnComment: '单价', columnType: 'decimal(10,2)' },
    ]),
  };
  return {
    ...base,
    tableName: 'biz_order', tableComment: '订单表', className: 'BizOrder', tplCategory: 'sub',
    businessName: 'order', functionName: '订单',
    subTable: detail, subTableFkName: 'order_id',
    ddl: `CREATE TABLE biz_order (
  order_id integer PRIMARY KEY AUTOINCREMENT,
  order_no varchar(32) NOT NULL,
  customer_name varchar(30),
  order_time datetime,
  status char(1) DEFAULT '0',
  create_by varchar(64) DEFAULT '',
  create_time datetime
)`,
    columns: columns([
      { columnName: 'order_id', columnComment: '订单编号', columnType: 'integer', isPk: true, isIncrement: true, isEdit: false },
      { columnName: 'order_no', columnComment: '订单号', columnType: 'varchar(32)', isRequired: true, isQuery: true },
      { columnName: 'customer_name', columnComment: '客户名称', columnType: 'varchar(30)', isQuery: true, queryType: 'LIKE' },
      { columnName: 'order_time', columnComment: '下单时间', columnType: 'datetime', htmlType: 'datetime' },
      { columnName: 'status', columnComment: '状态', columnType: 'char(1)', htmlType: 'radio', dictType: 'sys_normal_disable' },
      { columnName: 'create_by', columnComment: '创建者', columnType: 'varchar(64)' },
      { columnName: 'create_time', columnComment: '创建时间', columnType: 'datetime' },
    ]),
  };
}

/**
 * (d) crud variants the other samples do not cover: another module name, no audit columns, no
 * import, dict checkbox, boolean select, NE / GT / LTE filters, a number BETWEEN, a day filter,
 * a required number, boolean and date-time.
 */
export function variantSample(): GenTableModel {
  return {
    ...base,
    packageName: 'modules.crm', moduleName: 'crm',
    tableName: 'crm_note', tableComment: '备忘表', className: 'CrmNote', tplCategory: 'crud', businessName: 'note', functionName: '备忘',
    ddl: `CREATE TABLE "crm_note" (
  "note_id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "title" TEXT NOT NULL,
  "tags" varchar(100),
  "pinned" boolean NOT NULL,
  "level" integer NOT NULL,
  "score" real,
  "due_day" datetime NOT NULL,
  "kind" varchar(10) DEFAULT 'a'
)`,
    columns: columns([
      { columnName: 'note_id', columnComment: '', columnType: 'integer', isPk: true, isIncrement: true, isEdit: false },
      { columnName: 'title', columnComment: '标题', columnType: 'text', htmlType: 'textarea', isRequired: true, isQuery: true, queryType: 'NE' },
      { columnName: 'tags', columnComment: '标签', columnType: 'varchar(100)', htmlType: 'checkbox', dictType: 'sys_notice_type', isQuery: true },
      { columnName: 'pinned', columnComment: '置顶', columnType: 'boolean', javaType: 'boolean', htmlType: 'select', isRequired: true, isQuery: true },
      { columnName: 'level', columnComment: '级别', columnType: 'integer', isRequired: true, isQuery: true, queryType: 'BETWEEN' },
      { columnName: 'score', columnComment: '评分', columnType: 'real', isQuery: true, queryType: 'GT' },
      { columnName: 'due_day', columnComment: '到期', columnType: 'datetime', htmlType: 'datetime', isRequired: true, isQuery: true, queryType: 'LTE' },
      { columnName: 'kind', columnComment: '种类', columnType: 'varchar(10)', htmlType: 'radio', isQuery: false },
    ]),
  };
}
