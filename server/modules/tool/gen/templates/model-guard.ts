/**
 * What may reach generated source (issue 14; design.md "Security": nothing a user types becomes
 * code). Names that become identifiers, table and column names that become SQL and string
 * literals must be plain identifiers (`checkIdentifiers` refuses the model otherwise), and the
 * free texts (table and column comments, function name, author, remark) are made inert for every
 * place a template puts them — doc comments, quoted strings, JSX attributes and JSX text — by
 * `inertModel`: line breaks and control characters become spaces, `*​/` cannot close a comment,
 * and the characters that delimit code (' " ` \ { } < > $) become their full-width forms, which
 * read the same in a Chinese label.
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';

const FULL_WIDTH: Record<string, string> = {
  "'": '’', '"': '”', '`': '‘', '\\': '＼', '{': '｛', '}': '｝', '<': '＜', '>': '＞', '$': '＄',
};

/** A label or comment text safe in any template position (see the file comment). */
export function inertText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/['"`\\{}<>$]/g, (ch) => FULL_WIDTH[ch])
    .replace(/\*\//g, '* /')
    .trim();
}

const inertColumn = (c: GenColumnModel): GenColumnModel => ({ ...c, columnComment: inertText(c.columnComment) });

/** The model with every free text made inert (subTable too); names are left to checkIdentifiers. */
export function inertModel(model: GenTableModel): GenTableModel {
  return {
    ...model,
    tableComment: inertText(model.tableComment),
    functionName: inertText(model.functionName),
    functionAuthor: inertText(model.functionAuthor),
    remark: inertText(model.remark),
    columns: model.columns.map(inertColumn),
    subTable: model.subTable ? inertModel(model.subTable) : undefined,
  };
}

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FIELD = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const DICT = /^[A-Za-z0-9_:.-]*$/;

/**
 * Refuses a model whose table, column, field or dictionary names are not plain identifiers.
 * Errors (Error, shown as 生成代码失败：…): 表名…只能包含字母、数字和下划线 / 字段名… / TS属性… / 字典类型….
 */
export function checkIdentifiers(model: GenTableModel): void {
  if (!SQL_NAME.test(model.tableName)) throw new Error(`表名 ${model.tableName} 只能包含字母、数字和下划线`);
  for (const c of model.columns) {
    if (!SQL_NAME.test(c.columnName)) throw new Error(`表 ${model.tableName} 的字段名 ${c.columnName} 只能包含字母、数字和下划线`);
    if (!FIELD.test(c.javaField)) throw new Error(`字段 ${c.columnName} 的TS属性 ${c.javaField} 不是合法的标识符`);
    if (!DICT.test(c.dictType)) throw new Error(`字段 ${c.columnName} 的字典类型 ${c.dictType} 只能包含字母、数字、下划线、冒号、点和减号`);
  }
  for (const name of [model.treeCode, model.treeParentCode, model.treeName, model.subTableFkName]) {
    if (name && !SQL_NAME.test(name)) throw new Error(`字段名 ${name} 只能包含字母、数字和下划线`);
  }
  if (model.subTable) checkIdentifiers(model.subTable);
}
