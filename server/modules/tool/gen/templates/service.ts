/**
 * Template of `<pkgdir>/<b>/<b>.service.ts`: the module's business rules (audit columns filled
 * here, never by the form; tree: no delete of a node with children; sub: details replaced in the
 * master's transaction), the xlsx export with dictionary labels and, when asked, the import.
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';
import { exportColumns, editColumns, formColumns, hasColumn, importPath, isNullable, label, lit, namesOf, pkOf, subFkField, subListKey, treeFields } from './naming';
import { stemOf } from './repo';
import { renderImportService } from './service-import';

/** `field: f.field` (nullable: `?? null`, so an emptied field is cleared) for each column. */
export function valueLines(model: GenTableModel, cols: GenColumnModel[], f = 'f'): string[] {
  return cols.map((c) => {
    const v = `${f}.${c.javaField}`;
    const empty = isNullable(model, c) ? 'null' : 'undefined';
    if (c.htmlType === 'editor' && c.javaType === 'string') return `${c.javaField}: ${c.isRequired ? `sanitizeRichText(${v})` : `${v} === undefined ? ${empty} : sanitizeRichText(${v})`}`;
    return `${c.javaField}: ${v}${empty === 'null' ? ' ?? null' : ''}`;
  });
}

/** One export column `{ header, value, labels? }`. */
export function exportColumn(c: GenColumnModel): string {
  const h = lit(label(c));
  if (c.javaType === 'boolean') return `{ header: ${h}, value: (r) => (r.${c.javaField} === null ? '' : r.${c.javaField} ? '是' : '否') }`;
  if (c.dictType) return `{ header: ${h}, value: '${c.javaField}', labels: await dictLabels(deps, ${lit(c.dictType)}) }`;
  return `{ header: ${h}, value: '${c.javaField}'${c.htmlType === 'datetime' ? ', width: 20' : ''} }`;
}

/** Source of the service file. */
export function renderService(model: GenTableModel): string {
  const n = namesOf(model);
  const S = stemOf(model);
  const b = n.businessName;
  const pk = pkOf(model);
  const Row = `${model.className}Row`;
  const tree = model.tplCategory === 'tree';
  const sub = model.subTable;
  const file = n.serviceFile;
  const audit = (col: string, v: string) => (hasColumn(model, col) ? [`${col.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}: ${v}`] : []);
  const createAudit = [...audit('create_by', 'by'), ...audit('create_time', 'when')];
  const updateAudit = [...audit('update_by', 'by'), ...audit('update_time', 'when')];
  const usesLogin = createAudit.length + updateAudit.length > 0;
  const cols = exportColumns(model);
  const usesDict = cols.some((c) => c.dictType && c.javaType !== 'boolean');
  const subKey = sub ? subListKey(model) : '';
  const fk = sub ? subFkField(model) : '';
  const repoNames = [`delete${S}`, `find${S}`, `insert${S}`, `list${S}`, `update${S}`];
  if (tree) repoNames.push(`count${S}Children`);
  if (sub) repoNames.push(`delete${S}Details`, `insert${S}Details`, `list${S}Details`);
  repoNames.sort();
  const withImport = model.tplCategory === 'crud' && model.withImport;
  // Dictionaries are read through the dictionary cache on the async store (issue 43), before any transaction.
  const readsDicts = usesDict || (withImport && formColumns(model).some((c) => c.dictType && c.javaType !== 'boolean'));
  const parts: string[] = [];

  parts.push(`type Deps = Pick<AppDeps, 'store' | 'clock'>;

export type ${S}Form = z.output<typeof ${b}AddInput>;
export type ${S}UpdateForm = z.output<typeof ${b}UpdateInput>;`);
  if (usesDict) {
    parts.push(`/** Value → label of an enabled dictionary (the export's 状态 / 类型 columns). */
const dictLabels = async (deps: Deps, dictType: string) => Object.fromEntries((await dictEntries(deps.store, dictType)).map((d) => [d.dictValue, d.dictLabel]));`);
  }
  parts.push(tree
    ? `/** \`GET ${n.restBase}/list\` → every matching row (the client builds the tree). Errors: 参数不符合规范，不能进行查询 (order column). */
export const ${b}List = (deps: Deps, f: ${S}Filter) => list${S}(deps.store, f);`
    : `/** \`GET ${n.restBase}/list\` → \`{rows, total}\`. Errors: 参数不符合规范，不能进行查询 (order column). */
export const ${b}List = (deps: Deps, f: ${S}Filter) => list${S}(deps.store, f);`);
  parts.push(sub
    ? `/** \`GET ${n.restBase}/{${pk.javaField}}\` → the row with its detail rows \`${subKey}\`, or null. */
export async function ${b}Get(deps: Deps, ${pk.javaField}: number) {
  const row = await find${S}(deps.store, ${pk.javaField});
  return row ? { ...row, ${subKey}: await list${S}Details(deps.store, ${pk.javaField}) } : null;
}`
    : `/** \`GET ${n.restBase}/{${pk.javaField}}\` → the row or null. */
export const ${b}Get = async (deps: Deps, ${pk.javaField}: number) => (await find${S}(deps.store, ${pk.javaField})) ?? null;`);

  const addValues = [...valueLines(model, formColumns(model).concat(model.columns.filter((c) => c.isPk && !c.isIncrement))), ...createAudit];
  const editValues = [...valueLines(model, editColumns(model)), ...updateAudit];
  const sig = usesLogin ? ', by: string, when: string' : '';
  const args = usesLogin ? ', login.userName, when' : '';
  const whenLine = usesLogin ? 'const when = nowText(deps.clock);\n  ' : '';
  const loginParam = usesLogin ? 'login' : '_login';
  parts.push(`/** Row values of the add form${usesLogin ? '; the audit columns come from the caller (by) and the clock (when)' : ''}. */
function addValues(f: ${S}Form${sig}) {
  return { ${addValues.join(', ')} };
}

/** Row values an edit may change${updateAudit.length ? ', with update_by / update_time' : ''}. */
function editValues(f: ${S}Form${sig}) {
  return { ${editValues.join(', ')} };
}`);
  const detailSave = sub ? `\n    await insert${S}Details(deps.store, ${pk.javaField}, f.${subKey});` : '';
  const tf = tree ? treeFields(model) : undefined;
  const cycleCheck = tf
    ? `\n    for (let p = f.${tf.parent}; p; p = (await find${S}(deps.store, p))?.${tf.parent} ?? 0) {
      if (p === f.${pk.javaField}) throw new AppError('invalid', \`修改${model.functionName}'\${f.${tf.name}}'失败，上级${model.functionName}不能是自己或下级\`);
    }`
    : '';
  parts.push(`/** \`POST ${n.restBase}\` → the new ${pk.javaField}${sub ? ' (with its detail rows, one transaction)' : ''}. */
export function ${b}Add(deps: Deps, ${loginParam}: LoginUser, f: ${S}Form): Promise<number> {
  ${whenLine}return deps.store.transaction(async () => {
    const ${pk.javaField} = await insert${S}(deps.store, addValues(f${args}));${detailSave}
    return ${pk.javaField};
  });
}

/**
 * \`POST ${n.restBase}/update\`${sub ? ': the row, and its detail rows replaced' : ''}. Errors (500): ${tf ? `修改${model.functionName}'x'失败，上级${model.functionName}不能是自己或下级; ` : ''}操作失败 when the
 * row does not exist.
 */
export async function ${b}Update(deps: Deps, ${loginParam}: LoginUser, f: ${S}UpdateForm): Promise<void> {
  ${whenLine}await deps.store.transaction(async () => {${cycleCheck}
    if (await update${S}(deps.store, f.${pk.javaField}, editValues(f${args})) === 0) throw new AppError('notFound', '操作失败');${sub ? `\n    await delete${S}Details(deps.store, [f.${pk.javaField}]);\n    await insert${S}Details(deps.store, f.${pk.javaField}, f.${subKey});` : ''}
  });
}`);
  const treeCheck = tree
    ? `\n    for (const id of ids) {\n      if (await count${S}Children(deps.store, id) > 0) throw new AppError('warn', '存在下级${model.functionName},不允许删除');\n    }`
    : '';
  parts.push(`/**
 * \`POST ${n.restBase}/delete/{ids}\`: all or nothing${sub ? ', detail rows included' : ''}. Errors: ${tree ? `601 存在下级${model.functionName},不允许删除; ` : ''}500 操作失败 when none exists.
 */
export async function ${b}Remove(deps: Deps, ids: number[]): Promise<void> {
  await deps.store.transaction(async () => {${treeCheck}${sub ? `\n    await delete${S}Details(deps.store, ids);` : ''}
    if (await delete${S}(deps.store, ids) === 0) throw new AppError('notFound', '操作失败');
  });
}`);
  parts.push(`/** \`POST ${n.restBase}/export\` → \`data_{timestamp}.xlsx\` of the matching rows (sheet ${model.functionName}数据). */
export async function ${b}Export(deps: Deps, f: ${S}Filter): Promise<FileReply> {
  return exportSheet<${Row}>(${lit(`${model.functionName}数据`)}, [
    ${cols.map(exportColumn).join(',\n    ')},
  ], (await list${S}(deps.store, { ...f, pageNum: undefined, pageSize: undefined }))${tree ? '' : '.rows'}, deps.clock.now());
}`);
  if (withImport) parts.push(renderImportService(model));

  const imports = [
    ...(withImport ? [`import { z } from 'zod';`] : [`import type { z } from 'zod';`]),
    `import type { AppDeps } from '${importPath(file, 'server/deps.ts')}';`,
    `import type { LoginUser } from '${importPath(file, 'server/core/authz.ts')}';`,
    ...(usesLogin ? [`import { nowText } from '${importPath(file, 'server/core/clock.ts')}';`] : []),
    `import { AppError } from '${importPath(file, 'server/core/errors.ts')}';`,
    ...(formColumns(model).some((c) => c.htmlType === 'editor' && c.javaType === 'string') ? [`import { sanitizeRichText } from '${importPath(file, 'server/core/rich-text.ts')}';`] : []),
    ...(withImport ? [`import { exportXlsx, readXlsx, type ExcelColumn } from '${importPath(file, 'server/core/excel.ts')}';`] : []),
    `import type { FileReply } from '${importPath(file, 'server/core/files.ts')}';`,
    `import { exportSheet } from '${importPath(file, 'server/modules/common/export-file.ts')}';`,
    ...(readsDicts ? [`import { dictEntries } from '${importPath(file, 'server/modules/system/dict/dict.cache.ts')}';`] : []),
    `import { ${b}AddInput, ${b}UpdateInput } from '${importPath(file, n.schemaFile)}';`,
    ...(withImport ? [`import type { UploadedFileShape } from '${importPath(file, 'shared/schemas/system/user.ts')}';`] : []),
    `import { ${repoNames.join(', ')}, type ${S}Filter, type ${Row} } from '${importPath(file, n.repoFile)}';`,
  ];
  return `/**
 * ${model.functionName} services (\`${model.tableName}\`; generated by the code generator${model.functionAuthor ? `, author ${model.functionAuthor}` : ''}).
 * ${usesLogin ? 'The audit columns are filled here from the caller and the clock, never from the form;\n * on' : 'On'} the async store (issue 43): one \`store.transaction\` per command${formColumns(model).some((c) => c.htmlType === 'editor') ? '; rich text is sanitised (core/rich-text)' : ''}.
 */
${imports.join('\n')}

${parts.join('\n\n')}
`;
}
