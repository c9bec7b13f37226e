/**
 * Template of `shared/schemas/<m>/<b>.ts`: the zod inputs of a module (list / export filters, add,
 * update, id), built on the helpers of shared/schemas/common.ts, system/dept.ts and gen-fields.ts.
 * BETWEEN query fields become a `<field>Begin` / `<field>End` pair.
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';
import {
  betweenKeys, formColumns, isDecimal, isAudit, label, lit, maxLengthOf, namesOf, pkOf, queryColumns, sorted, subFkField, subListKey,
} from './naming';

/** The zod expression of a form field (add / update). */
export function formFieldExpr(c: GenColumnModel): string {
  const l = lit(label(c));
  const req = c.isRequired;
  if (c.javaType === 'boolean') return req ? `requiredBool(${l})` : 'optionalBool';
  if (c.javaType === 'number') {
    if (isDecimal(c)) return req ? `requiredNumber(${l})` : 'optionalNumber';
    return req ? `requiredInt(${l})` : 'optionalInt';
  }
  if (c.htmlType === 'datetime') return req ? `requiredDateTime(${l})` : 'optionalDateTime';
  const lines = c.htmlType === 'textarea' || c.htmlType === 'editor' ? `, 'multiline'` : '';
  return `${req ? 'requiredText' : 'optionalText'}(${l}, ${maxLengthOf(c)}${lines})`;
}

/** The zod expression of a filter value of `c` (one bound of BETWEEN included). */
export function filterExpr(c: GenColumnModel): string {
  if (c.javaType === 'boolean') return 'optionalBool';
  if (c.javaType === 'number') return isDecimal(c) ? 'optionalNumber' : 'optionalInt';
  if (c.htmlType === 'datetime') return 'filterDay';
  return 'filterText';
}

/** The `key: expr` lines of the list filters. */
export function filterLines(model: GenTableModel): string[] {
  return queryColumns(model).flatMap((c) => {
    if (c.queryType === 'BETWEEN') {
      const k = betweenKeys(c);
      return [`  /** ${label(c)} from (inclusive). */\n  ${k.begin}: ${filterExpr(c)},`, `  /** ${label(c)} to (inclusive${c.htmlType === 'datetime' ? '; a day covers the whole day' : ''}). */\n  ${k.end}: ${filterExpr(c)},`];
    }
    return [`  /** ${label(c)} (${c.queryType}). */\n  ${c.javaField}: ${filterExpr(c)},`];
  });
}

/** The key's expression in update / id inputs. */
export const pkExpr = (c: GenColumnModel) => (c.javaType === 'number' ? 'idValue' : `requiredText(${lit(label(c))}, ${maxLengthOf(c)})`);

/** Field lines of a form object. */
const formLines = (cols: GenColumnModel[]) => cols.map((c) => `  ${c.javaField}: ${formFieldExpr(c)},`);

/** Detail-row fields: everything the form may set but the detail key (auto) and the master key. */
export function detailFormColumns(model: GenTableModel): GenColumnModel[] {
  const sub = model.subTable!;
  const fk = subFkField(model);
  return sorted(sub).filter((c) => c.isInsert && !isAudit(c) && !c.isPk && c.javaField !== fk);
}

/** Source of the schema file. */
export function renderSchema(model: GenTableModel): string {
  const n = namesOf(model);
  const b = n.businessName;
  const pk = pkOf(model);
  const body: string[] = [];
  const exprs: string[] = [];
  const listBlock = filterLines(model);
  exprs.push(...listBlock);
  body.push(`/** \`GET ${n.restBase}/list\` filters (paged${model.tplCategory === 'tree' ? '; the tree list ignores paging' : ''}) and \`POST ${n.restBase}/export\`. */
export const ${b}ListInput = pageInput.extend({
${listBlock.join('\n')}
});
export type ${n.Business}ListInput = z.input<typeof ${b}ListInput>;

/** Export: the same filters, every matching row. */
export const ${b}ExportInput = ${b}ListInput.omit({ pageNum: true, pageSize: true });`);

  const addFields = formLines(formColumns(model).concat(model.columns.filter((c) => c.isPk && !c.isIncrement)));
  exprs.push(...addFields);
  if (model.subTable) {
    const detail = formLines(detailFormColumns(model));
    exprs.push(...detail);
    body.push(`/** One detail row (${model.subTable.tableComment || model.subTable.tableName}) of the add / edit form. */
export const ${camelOf(model.subTable.className)}Input = z.object({
${detail.join('\n')}
});`);
  }
  const subField = model.subTable ? `\n  /** The detail rows; saving replaces them all. */\n  ${subListKey(model)}: z.array(${camelOf(model.subTable.className)}Input).default([]),` : '';
  body.push(`/** Add form (\`POST ${n.restBase}\`). */
export const ${b}AddInput = z.object({
${addFields.join('\n')}${subField}
});
export type ${n.Business}AddInput = z.input<typeof ${b}AddInput>;

/** Edit form (\`POST ${n.restBase}/update\`). */
export const ${b}UpdateInput = ${b}AddInput.extend({ ${pk.javaField}: ${pkExpr(pk)} });
export type ${n.Business}UpdateInput = z.input<typeof ${b}UpdateInput>;

/** \`{${pk.javaField}}\` of \`GET ${n.restBase}/{${pk.javaField}}\`. */
export const ${b}IdInput = z.object({ ${pk.javaField}: ${pkExpr(pk)} });`);
  if (model.tplCategory === 'crud' && model.withImport) {
    body.push(`/** \`POST ${n.restBase}/importData\`: multipart \`file\` (xlsx), \`updateSupport\` (update rows whose ${label(pk)} exists). */
export const ${b}ImportInput = z.object({
  file: uploadedFile('请选择要导入的文件 (file)'),
  updateSupport: boolText.optional().transform((v) => v ?? false),
});`);
  }
  exprs.push(pkExpr(pk));

  const used = (name: string) => exprs.some((e) => new RegExp(`\\b${name}\\b`).test(e));
  const dept = ['filterText', 'idValue', 'optionalInt', 'optionalText', 'requiredInt', 'requiredText'].filter((x) => x === 'idValue' || used(x));
  const gen = ['filterDay', 'optionalBool', 'optionalDateTime', 'optionalNumber', 'requiredBool', 'requiredDateTime', 'requiredNumber'].filter(used);
  const imports = [
    `import { z } from 'zod';`,
    `import { pageInput } from '../common';`,
    gen.length ? `import { ${gen.join(', ')} } from '../gen-fields';` : '',
    `import { ${dept.join(', ')} } from '../system/dept';`,
    model.tplCategory === 'crud' && model.withImport ? `import { boolText, uploadedFile } from '../system/user';` : '',
  ].filter(Boolean);
  return `/**
 * ${model.functionName} shapes (${model.tableName}; generated by the code generator): list filters,
 * add / edit forms and the id. Required fields answer \`<label>不能为空\`.
 */
${imports.join('\n')}

${body.join('\n\n')}
`;
}

const camelOf = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
