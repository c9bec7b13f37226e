/**
 * Shared pieces of the 代码生成 screens (RuoYi views/tool/gen/*.vue; workflow spec §3 "Generator
 * table / info / column", §5 messages): the option lists of the edit screen, the edit forms'
 * shapes, and the preview's tab naming.
 */
import type { GenColumnRow, GenTableRow, GenUpdateInput } from '../../../../../shared/schemas/tool/gen';

export type { GenColumnRow, GenTableRow };

/** 生成模板 (genInfoForm.vue). */
export const TPL_OPTIONS = [
  { value: 'crud', label: '单表（增删改查）' },
  { value: 'tree', label: '树表（增删改查）' },
  { value: 'sub', label: '主子表（增删改查）' },
] as const;

/** TS类型 (RuoYi's Java类型 select; TypeScript types, issue 14). */
export const JAVA_TYPE_OPTIONS = [
  { value: 'number', label: 'number' },
  { value: 'string', label: 'string' },
  { value: 'boolean', label: 'boolean' },
] as const;

/** 查询方式 (editTable.vue labels). */
export const QUERY_TYPE_OPTIONS = [
  { value: 'EQ', label: '=' },
  { value: 'NE', label: '!=' },
  { value: 'GT', label: '>' },
  { value: 'GTE', label: '>=' },
  { value: 'LT', label: '<' },
  { value: 'LTE', label: '<=' },
  { value: 'LIKE', label: 'LIKE' },
  { value: 'BETWEEN', label: 'BETWEEN' },
] as const;

/** 显示类型 (editTable.vue labels). */
export const HTML_TYPE_OPTIONS = [
  { value: 'input', label: '文本框' },
  { value: 'textarea', label: '文本域' },
  { value: 'select', label: '下拉框' },
  { value: 'radio', label: '单选框' },
  { value: 'checkbox', label: '复选框' },
  { value: 'datetime', label: '日期控件' },
  { value: 'imageUpload', label: '图片上传' },
  { value: 'fileUpload', label: '文件上传' },
  { value: 'editor', label: '富文本控件' },
] as const;

/** 基本信息 tab (basicInfoForm.vue). */
export interface BasicForm {
  tableName: string;
  tableComment: string;
  className: string;
  functionAuthor: string;
  remark: string;
}

/** 生成信息 tab (genInfoForm.vue), with the `params` of the save. */
export interface GenInfoForm {
  tplCategory: string;
  packageName: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  parentMenuId?: number;
  genType: '0' | '1';
  genPath: string;
  treeCode: string;
  treeParentCode: string;
  treeName: string;
  subTableName: string;
  subTableFkName: string;
  withImport: boolean;
}

export const basicOf = (t: GenTableRow): BasicForm => ({
  tableName: t.tableName ?? '',
  tableComment: t.tableComment ?? '',
  className: t.className ?? '',
  functionAuthor: t.functionAuthor ?? '',
  remark: t.remark ?? '',
});

export const genInfoOf = (t: GenTableRow): GenInfoForm => ({
  tplCategory: t.tplCategory ?? '',
  packageName: t.packageName ?? '',
  moduleName: t.moduleName ?? '',
  businessName: t.businessName ?? '',
  functionName: t.functionName ?? '',
  parentMenuId: t.parentMenuId ?? undefined,
  genType: t.genType === '1' ? '1' : '0',
  genPath: t.genPath || '/',
  treeCode: t.treeCode ?? '',
  treeParentCode: t.treeParentCode ?? '',
  treeName: t.treeName ?? '',
  subTableName: t.subTableName ?? '',
  subTableFkName: t.subTableFkName ?? '',
  withImport: !!t.withImport,
});

/** A column as `columnName：columnComment` (the tree / sub-table selects). */
export const columnLabel = (c: { columnName: string; columnComment?: string | null }) => `${c.columnName}：${c.columnComment ?? ''}`;

/** The file name of a preview path (`a/b/Foo.ts` → `Foo.ts`): the tab title. */
export const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.vm$/, '');

/** The file name, with its folder when another file has the same name (the two `generated.ts`). */
export function tabTitle(path: string, all: string[]) {
  const name = fileNameOf(path);
  if (all.filter((p) => fileNameOf(p) === name).length < 2) return name;
  const dir = path.slice(0, path.lastIndexOf('/'));
  return `${dir.slice(dir.lastIndexOf('/') + 1)}/${name}`;
}

/** The CodeMirror language of a previewed file. */
export function languageOf(path: string): 'typescript' | 'javascript' | 'json' | 'sql' | 'text' {
  const name = fileNameOf(path).toLowerCase();
  if (/\.(ts|tsx)$/.test(name)) return 'typescript';
  if (/\.(js|jsx|mjs|cjs)$/.test(name)) return 'javascript';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.sql')) return 'sql';
  return 'text';
}

/** The save body of `tool.gen.update` from the two forms and the column rows. */
export function toUpdateBody(tableId: number, b: BasicForm, g: GenInfoForm, columns: GenColumnRow[]): GenUpdateInput {
  return {
    tableId,
    ...b,
    tplCategory: g.tplCategory as GenUpdateInput['tplCategory'],
    packageName: g.packageName,
    moduleName: g.moduleName,
    businessName: g.businessName,
    functionName: g.functionName,
    genType: g.genType,
    genPath: g.genPath,
    subTableName: g.subTableName || null,
    subTableFkName: g.subTableFkName || null,
    columns: columns.map((c, i) => ({
      columnId: c.columnId, columnName: c.columnName, columnComment: c.columnComment, javaType: c.javaType as 'string', javaField: c.javaField,
      isInsert: c.isInsert as '0' | '1', isEdit: c.isEdit as '0' | '1', isList: c.isList as '0' | '1', isQuery: c.isQuery as '0' | '1',
      isRequired: c.isRequired as '0' | '1', queryType: c.queryType as 'EQ', htmlType: c.htmlType as 'input', dictType: c.dictType, sort: i + 1,
    })),
    params: {
      treeCode: g.treeCode || null, treeParentCode: g.treeParentCode || null, treeName: g.treeName || null, parentMenuId: g.parentMenuId,
      withImport: g.withImport,
    },
  };
}
