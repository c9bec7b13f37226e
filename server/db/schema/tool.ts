/**
 * Code generator tables (workflow spec §3 "Generator table/info/column"; reference §3 gen_table,
 * gen_table_column). Property names are RuoYi's JSON names; `javaType`/`javaField` keep their
 * RuoYi names on the wire but hold TypeScript types (number, string, boolean) and camelCase field
 * names. Flags are '1' yes / '0' no.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { audit } from './common';

export const genTable = sqliteTable('gen_table', {
  tableId: integer('table_id').primaryKey({ autoIncrement: true }),
  tableName: text('table_name').notNull(),
  tableComment: text('table_comment').notNull().default(''),
  /** Detail table of the master-detail ('sub') template. */
  subTableName: text('sub_table_name'),
  /** Column of the detail table that points at this table's primary key. */
  subTableFkName: text('sub_table_fk_name'),
  className: text('class_name').notNull().default(''),
  /** crud | tree | sub */
  tplCategory: text('tpl_category').notNull().default('crud'),
  tplWebType: text('tpl_web_type').notNull().default('react-chakra'),
  packageName: text('package_name').notNull().default(''),
  moduleName: text('module_name').notNull().default(''),
  businessName: text('business_name').notNull().default(''),
  functionName: text('function_name').notNull().default(''),
  functionAuthor: text('function_author').notNull().default(''),
  /** '0' zip download, '1' write under the project at genPath. */
  genType: text('gen_type').notNull().default('0'),
  genPath: text('gen_path').notNull().default('/'),
  /** JSON: treeCode, treeParentCode, treeName, parentMenuId, parentMenuName, withImport. */
  options: text('options'),
  ...audit,
}, (t) => [uniqueIndex('gen_table_name_uq').on(t.tableName)]);

export const genTableColumn = sqliteTable('gen_table_column', {
  columnId: integer('column_id').primaryKey({ autoIncrement: true }),
  tableId: integer('table_id').notNull(),
  columnName: text('column_name').notNull(),
  columnComment: text('column_comment').notNull().default(''),
  /** The declared SQLite type, lower case, e.g. `varchar(64)`, `integer`, `text`. */
  columnType: text('column_type').notNull().default(''),
  /** TypeScript type: number | string | boolean (RuoYi: Long, String, Date, ...). */
  javaType: text('java_type').notNull().default('string'),
  javaField: text('java_field').notNull().default(''),
  isPk: text('is_pk').notNull().default('0'),
  isIncrement: text('is_increment').notNull().default('0'),
  isRequired: text('is_required').notNull().default('0'),
  isInsert: text('is_insert').notNull().default('0'),
  isEdit: text('is_edit').notNull().default('0'),
  isList: text('is_list').notNull().default('0'),
  isQuery: text('is_query').notNull().default('0'),
  queryType: text('query_type').notNull().default('EQ'),
  htmlType: text('html_type').notNull().default('input'),
  dictType: text('dict_type').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  ...audit,
}, (t) => [index('gen_table_column_table_idx').on(t.tableId)]);
