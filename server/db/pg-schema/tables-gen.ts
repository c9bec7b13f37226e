/**
 * GENERATED FILE, do not edit: `npm run db:generate:pg` rewrites it (scripts/gen-pg-schema.ts, from the
 * SQLite schema server/db/schema through server/db/pg-schema/generate.ts, whose comment lists the
 * type mapping), then drizzle-kit writes the migration into drizzle-pg/. Change the SQLite schema
 * and regenerate. The PostgreSQL schema of issue 43: the same exported names, tables, columns,
 * keys and indexes as the SQLite schema.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const genTable = pgTable('gen_table', {
  tableId: integer('table_id').primaryKey().generatedByDefaultAsIdentity(),
  tableName: text('table_name').notNull(),
  tableComment: text('table_comment').notNull().default(''),
  subTableName: text('sub_table_name'),
  subTableFkName: text('sub_table_fk_name'),
  className: text('class_name').notNull().default(''),
  tplCategory: text('tpl_category').notNull().default('crud'),
  tplWebType: text('tpl_web_type').notNull().default('react-chakra'),
  packageName: text('package_name').notNull().default(''),
  moduleName: text('module_name').notNull().default(''),
  businessName: text('business_name').notNull().default(''),
  functionName: text('function_name').notNull().default(''),
  functionAuthor: text('function_author').notNull().default(''),
  genType: text('gen_type').notNull().default('0'),
  genPath: text('gen_path').notNull().default('/'),
  options: text('options'),
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  uniqueIndex('gen_table_name_uq').on(t.tableName),
]);

export const genTableColumn = pgTable('gen_table_column', {
  columnId: integer('column_id').primaryKey().generatedByDefaultAsIdentity(),
  tableId: integer('table_id').notNull(),
  columnName: text('column_name').notNull(),
  columnComment: text('column_comment').notNull().default(''),
  columnType: text('column_type').notNull().default(''),
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
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
}, (t) => [
  index('gen_table_column_table_idx').on(t.tableId),
]);
