/**
 * Code generator (代码生成) shapes: workflow spec §3 "Generator table", "Generator info",
 * "Generator column", §5 "Code generator" (messages word for word), §7 "Code generator";
 * reference §2 `/tool/gen` and §8. `javaType` keeps RuoYi's field name but holds the TypeScript
 * type of the generated field (issue 14: TypeScript types in place of Java ones).
 */
import { z } from 'zod';
import { dictCode } from '../dict-code';
import { pageInput } from '../common';
import { filterText, idValue, optionalInt, optionalText } from '../system/dept';
import { controlCharsMessage, isOneLine } from '../text';

export const TPL_CATEGORIES = ['crud', 'tree', 'sub'] as const;
export type TplCategory = (typeof TPL_CATEGORIES)[number];
/** TypeScript types offered for a column (RuoYi: Long, String, Integer, Double, BigDecimal, Date, Boolean). */
export const GEN_JAVA_TYPES = ['number', 'string', 'boolean'] as const;
export const GEN_QUERY_TYPES = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'] as const;
export const GEN_HTML_TYPES = ['input', 'textarea', 'select', 'radio', 'checkbox', 'datetime', 'imageUpload', 'fileUpload', 'editor'] as const;
/**
 * The names the templates can write (server/modules/tool/gen/templates checkModel), checked again on
 * save and followed by the import defaults (gen-rules classOf / businessOf): a class name starts with
 * a capital, a business name with a lower-case letter, then letters and digits; a business name has at
 * most GEN_MAX_BUSINESS_NAME characters.
 */
export const GEN_CLASS_NAME = /^[A-Z][a-zA-Z0-9]*$/;
export const GEN_BUSINESS_NAME = /^[a-z][a-zA-Z0-9]*$/;
export const GEN_MAX_BUSINESS_NAME = 30;
/** A module name (a folder and a registry key): lower-case letters and digits, a letter first. */
export const GEN_MODULE_NAME = /^[a-z][a-z0-9]*$/;
/** A package path: module-name parts separated by dots. */
export const GEN_PACKAGE_NAME = /^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)*$/;
/** Top-level tRPC keys and client route folders a generated module may not take. */
export const GEN_RESERVED_MODULES = ['auth', 'home', 'system', 'monitor', 'common', 'flowable', 'tool', 'trpc'] as const;

/** The field 生成路径 (genPath) as messages name it. */
export const GEN_PATH_LABEL = '生成路径';

/** Spec §5 messages. */
export const GEN_MSG = {
  tplCategory: '请选择生成模板',
  packageName: '请输入生成包路径',
  moduleName: '请输入生成模块名',
  businessName: '请输入生成业务名',
  functionName: '请输入生成功能名',
  tableName: '请输入表名称',
  tableComment: '请输入表描述',
  className: '请输入实体类名称',
  functionAuthor: '请输入作者',
  formInvalid: '表单校验未通过，请重新检查提交内容',
  treeCode: '树编码字段不能为空',
  treeParentCode: '树父编码字段不能为空',
  treeName: '树名称字段不能为空',
  subTableName: '关联子表的表名不能为空',
  subTableFkName: '子表关联的外键名不能为空',
  tableGone: '同步数据失败，原表结构不存在',
} as const;

/** `GET /tool/gen/list`: tableName, tableComment (LIKE), create time range (params[beginTime]/[endTime]). */
export const genListInput = pageInput.extend({ tableName: filterText, tableComment: filterText });
export type GenListInput = z.input<typeof genListInput>;

/** `GET /tool/gen/db/list`: the database's tables not yet imported, same filters. */
export const genDbListInput = pageInput.extend({ tableName: filterText, tableComment: filterText });

/** `POST /tool/gen/importTable?tables=a,b` (the REST row splits the list). */
export const genImportInput = z.object({ tables: z.array(z.string().min(1).max(128)).min(1, '请选择要导入的表') });

/** `POST /tool/gen/createTable?sql=` (admin only). */
export const genCreateTableInput = z.object({ sql: z.string().trim().min(1, '请输入建表语句').max(20000) });

export const genTableIdInput = z.object({ tableId: idValue });
/** `/genCode/{tableName}`, `/synchDb/{tableName}`, `/download/{tableName}`. */
export const genTableNameInput = z.object({ tableName: z.string().min(1).max(128) });
/** `GET /tool/gen/batchGenCode?tables=a,b`. */
export const genBatchInput = z.object({ tables: z.array(z.string().min(1).max(128)).min(1, '请选择要生成的数据') });

const flag = dictCode(['0', '1']).or(z.literal('').transform(() => '0' as const)).or(z.null().transform(() => '0' as const)).default('0');

/** One column row of the edit screen's 字段信息 tab. */
export const genColumnInput = z.object({
  columnId: idValue,
  columnName: z.string().max(128).optional(),
  columnComment: z.string().max(500).nullish().transform((v) => v ?? ''),
  javaType: z.enum(GEN_JAVA_TYPES),
  javaField: z.string().trim().min(1, 'Java属性不能为空').max(100).regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'Java属性只能是字母、数字和下划线'),
  isInsert: flag, isEdit: flag, isList: flag, isQuery: flag, isRequired: flag,
  queryType: z.enum(GEN_QUERY_TYPES),
  htmlType: z.enum(GEN_HTML_TYPES),
  dictType: z.string().max(100).nullish().transform((v) => v ?? ''),
  /** Position after drag sorting (the server renumbers from the array order when absent). */
  sort: optionalInt,
});
export type GenColumnInput = z.input<typeof genColumnInput>;

/** Tree and menu settings (RuoYi sends them as `params`; kept in gen_table.options). */
export const genParamsInput = z.object({
  treeCode: z.string().max(128).nullish(),
  treeParentCode: z.string().max(128).nullish(),
  treeName: z.string().max(128).nullish(),
  parentMenuId: optionalInt,
  /** Generate an Excel import (导入) with the list screen. */
  withImport: z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')]).optional(),
}).partial();

/** `POST /tool/gen/update` (RuoYi `PUT /tool/gen`): the whole edit screen. */
export const genUpdateInput = z.object({
  tableId: idValue,
  tableName: z.string({ error: GEN_MSG.tableName }).trim().min(1, GEN_MSG.tableName).max(128),
  tableComment: z.string({ error: GEN_MSG.tableComment }).trim().min(1, GEN_MSG.tableComment).max(500),
  className: z.string({ error: GEN_MSG.className }).trim().min(1, GEN_MSG.className).max(100)
    .regex(GEN_CLASS_NAME, '实体类名称只能是字母和数字，大写字母开头'),
  functionAuthor: z.string({ error: GEN_MSG.functionAuthor }).trim().min(1, GEN_MSG.functionAuthor).max(50),
  remark: optionalText('备注', 500, 'multiline'),
  tplCategory: z.enum(TPL_CATEGORIES, { error: GEN_MSG.tplCategory }),
  tplWebType: z.string().max(30).optional(),
  packageName: z.string({ error: GEN_MSG.packageName }).trim().min(1, GEN_MSG.packageName).max(100)
    .regex(GEN_PACKAGE_NAME, '生成包路径只能是小写字母和数字，以点分隔'),
  moduleName: z.string({ error: GEN_MSG.moduleName }).trim().min(1, GEN_MSG.moduleName).max(30).regex(GEN_MODULE_NAME, '生成模块名只能是小写字母和数字'),
  businessName: z.string({ error: GEN_MSG.businessName }).trim().min(1, GEN_MSG.businessName).max(GEN_MAX_BUSINESS_NAME).regex(GEN_BUSINESS_NAME, '生成业务名只能是字母和数字，小写字母开头'),
  functionName: z.string({ error: GEN_MSG.functionName }).trim().min(1, GEN_MSG.functionName).max(50),
  genType: dictCode(['0', '1']).default('0'),
  /** Issue 38 §2: a NUL or other control character answers 生成路径不能包含控制字符. */
  genPath: z.string().max(255).refine(isOneLine, controlCharsMessage(GEN_PATH_LABEL)).nullish().transform((v) => v || '/'),
  subTableName: z.string().max(128).nullish().transform((v) => v || null),
  subTableFkName: z.string().max(128).nullish().transform((v) => v || null),
  columns: z.array(genColumnInput).min(1),
  params: genParamsInput.optional(),
});
export type GenUpdateInput = z.input<typeof genUpdateInput>;

/** One column as the API answers it (gen_table_column row). */
export interface GenColumnRow {
  columnId: number; tableId: number; columnName: string; columnComment: string; columnType: string;
  javaType: string; javaField: string; isPk: string; isIncrement: string; isRequired: string; isInsert: string;
  isEdit: string; isList: string; isQuery: string; queryType: string; htmlType: string; dictType: string; sort: number;
  createBy: string; createTime: string | null; updateBy: string; updateTime: string | null;
}

/** One table as the API answers it: gen_table row, with `options` spread into the fields below. */
export interface GenTableRow {
  tableId: number; tableName: string; tableComment: string; subTableName: string | null; subTableFkName: string | null;
  className: string; tplCategory: TplCategory; tplWebType: string; packageName: string; moduleName: string; businessName: string;
  functionName: string; functionAuthor: string; genType: '0' | '1'; genPath: string; options: string | null;
  createBy: string; createTime: string | null; updateBy: string; updateTime: string | null; remark: string | null;
  treeCode?: string; treeParentCode?: string; treeName?: string; parentMenuId?: number; parentMenuName?: string; withImport?: boolean;
  columns?: GenColumnRow[];
}

/** A database table offered by 导入 (`/tool/gen/db/list` row). */
export interface GenDbTableRow { tableName: string; tableComment: string; createTime: string | null; updateTime: string | null }
