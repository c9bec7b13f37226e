/**
 * What the templates receive (issue 14): one imported table with its settings and columns, in
 * the shape the generated code needs. Built by the service from gen_table / gen_table_column rows
 * (`gen.service.ts`), consumed by `templates/index.ts` `renderModule`. Pure data, no database.
 */

/** One column as the templates see it (flags as booleans). */
export interface GenColumnModel {
  columnName: string;
  columnComment: string;
  /** Declared SQLite type, lower case (`varchar(64)`, `integer`, `text`, `datetime`, `decimal(10,2)`). */
  columnType: string;
  /** TypeScript type of the field. */
  javaType: 'number' | 'string' | 'boolean';
  /** camelCase field name. */
  javaField: string;
  isPk: boolean;
  isIncrement: boolean;
  /** NOT NULL without default in the table, or ticked 必填 on the edit screen. */
  isRequired: boolean;
  isInsert: boolean;
  isEdit: boolean;
  isList: boolean;
  isQuery: boolean;
  queryType: 'EQ' | 'NE' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'LIKE' | 'BETWEEN';
  htmlType: 'input' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'datetime' | 'imageUpload' | 'fileUpload' | 'editor';
  dictType: string;
  sort: number;
}

export interface GenTableModel {
  tableName: string;
  /** Table description, e.g. 客户信息表. */
  tableComment: string;
  /** PascalCase entity name, e.g. BizCustomer. */
  className: string;
  tplCategory: 'crud' | 'tree' | 'sub';
  /** Dotted server folder below `server/`, e.g. `modules.biz` → server/modules/biz/<business>/. */
  packageName: string;
  /** tRPC top-level key, route folder and first perms segment, e.g. `biz`. */
  moduleName: string;
  /** Second key and perms segment, e.g. `customer`. */
  businessName: string;
  /** Menu and dialog title stem, e.g. 客户信息. */
  functionName: string;
  functionAuthor: string;
  remark: string;
  /** Tree template: id column, parent column, label column (column names). */
  treeCode?: string;
  treeParentCode?: string;
  treeName?: string;
  /** Menu parent (default 3 系统工具). */
  parentMenuId: number;
  /** Generate 导入 (Excel import) on the list screen. */
  withImport: boolean;
  columns: GenColumnModel[];
  /** `CREATE TABLE ...` exactly as sqlite_master stores it (on PostgreSQL: in that form, sqlite-tables.ts createTableText). */
  ddl: string;
  /** Master-detail template: the detail table and the detail column holding this table's pk. */
  subTable?: GenTableModel;
  subTableFkName?: string;
}

/** One output file: path relative to the project root (forward slashes), formatted content. */
export interface GenFile {
  path: string;
  content: string;
  language: 'typescript' | 'tsx' | 'sql' | 'markdown' | 'json';
}
