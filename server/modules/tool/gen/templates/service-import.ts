/**
 * Template part of `<b>.service.ts` for modules generated with 导入 (withImport): the import
 * template sheet and the import, after system.user importData (one `store.transaction` for the
 * whole file; any failing row writes nothing and the reply lists the failures).
 * The workbook is parsed and the dictionaries the sheet's labels need are read (dictionary cache,
 * on the async store) before that transaction, which only awaits the store's own queries.
 */
import type { GenTableModel } from '../gen-model';
import { AUDIT_COLUMNS, formColumns, hasColumn, label, lit, namesOf, pkOf } from './naming';
import { stemOf } from './repo';

/** Source of the import functions (inside the service file). */
export function renderImportService(model: GenTableModel): string {
  const n = namesOf(model);
  const S = stemOf(model);
  const b = n.businessName;
  const pk = pkOf(model);
  const cols = formColumns(model);
  const audit = AUDIT_COLUMNS.some((c) => hasColumn(model, c)) ? ', login.userName, when' : '';
  const headers = [label(pk), ...cols.map(label)];
  const fieldOf = cols.map((c) => `  ${lit(label(c))}: '${c.javaField}',`);
  const dictCols = cols.filter((c) => c.dictType && c.javaType !== 'boolean');
  const boolCols = cols.filter((c) => c.javaType === 'boolean');
  const dictTypes = [...new Set(dictCols.map((c) => c.dictType))];
  const conversions = [
    ...dictCols.map((c) => `  form.${c.javaField} = dictValue(dicts[${lit(c.dictType)}], form.${c.javaField});`),
    ...boolCols.map((c) => `  form.${c.javaField} = form.${c.javaField} === '是' ? 'true' : form.${c.javaField} === '否' ? 'false' : form.${c.javaField};`),
  ];
  return `/** Headers of the import sheet: ${label(pk)} (optional: with 更新已存在数据 it names the row to update), then the form fields. */
export const ${S.toUpperCase()}_IMPORT_HEADERS = [${headers.map(lit).join(', ')}] as const;

/** Import sheet header → form field. */
const IMPORT_FIELDS: Record<string, string> = {
${fieldOf.join('\n')}
};

/** \`POST ${n.restBase}/importTemplate\`: an empty sheet with the import headers. */
export function ${b}ImportTemplate(deps: Pick<AppDeps, 'clock'>): Promise<FileReply> {
  const columns: ExcelColumn<Record<string, string>>[] = ${S.toUpperCase()}_IMPORT_HEADERS.map((h) => ({ header: h, value: h }));
  return exportXlsx(${lit(`${model.functionName}数据`)}, columns, [], deps.clock.now());
}
${dictCols.length ? `
/** Entries of the dictionaries the sheet's labels are read with, by dictType. */
type ImportDicts = Record<string, Awaited<ReturnType<typeof dictEntries>>>;

/** A dictionary label (or value) of the sheet → its value; unknown text is kept for the form rules. */
function dictValue(entries: ImportDicts[string], text: string): string {
  return entries.find((d) => d.dictLabel === text)?.dictValue ?? text;
}
` : ''}
/** One sheet row → the add form's raw input (dictionary labels and 是/否 turned into values). */
function importForm(${dictCols.length ? 'dicts: ImportDicts, ' : ''}raw: Record<string, string>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [header, field] of Object.entries(IMPORT_FIELDS)) form[field] = raw[header] ?? '';
${conversions.join('\n')}
  return form;
}

/** The first issue of a row: the rule's Chinese text, or the field and zod's text. */
function issueText(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return '数据格式不正确';
  return /[\\u4e00-\\u9fff]/.test(issue.message) ? issue.message : \`\${issue.path.join('.')}：\${issue.message}\`;
}

/**
 * \`POST ${n.restBase}/importData\` (multipart \`file\`, \`updateSupport\`) → 恭喜您，数据已全部导入成功！共 N 条…
 * A row whose ${label(pk)} exists is updated with \`updateSupport\`, else reported 已存在. Errors (500):
 * 文件格式不正确…, 导入数据不能为空！, 很抱歉，导入失败！共 N 条数据格式不正确… (nothing written).
 */
export async function ${b}Import(deps: Deps, ${audit ? 'login' : '_login'}: LoginUser, file: UploadedFileShape, updateSupport: boolean): Promise<string> {
  let rows: Record<string, string>[];
  try {
    rows = await readXlsx(Buffer.from(file.data));
  } catch {
    throw new AppError('invalid', '文件格式不正确，请上传 xlsx 格式的 Excel 文件');
  }
  if (rows.length === 0) throw new AppError('invalid', '导入数据不能为空！');
  ${dictTypes.length ? `const dicts: ImportDicts = {\n${dictTypes.map((t) => `    ${lit(t)}: await dictEntries(deps.store, ${lit(t)}),`).join('\n')}\n  };\n  ` : ''}${audit ? 'const when = nowText(deps.clock);\n  ' : ''}const ok: string[] = [];
  const failed: string[] = [];
  await deps.store.transaction(async () => {
    for (const [i, raw] of rows.entries()) {
      const line = \`第 \${i + 2} 行\`;
      const parsed = ${b}AddInput.safeParse(importForm(${dictCols.length ? 'dicts, ' : ''}raw));
      if (!parsed.success) {
        failed.push(\`\${failed.length + 1}、\${line} \${issueText(parsed.error)}\`);
        continue;
      }
      const id = Number(raw[${lit(label(pk))}] || 0);
      if (id > 0 && (await find${S}(deps.store, id))) {
        if (!updateSupport) {
          failed.push(\`\${failed.length + 1}、\${line} ${label(pk)} \${id} 已存在\`);
          continue;
        }
        await update${S}(deps.store, id, editValues(parsed.data${audit}));
        ok.push(\`\${ok.length + 1}、\${line} 更新成功\`);
        continue;
      }
      await insert${S}(deps.store, addValues(parsed.data${audit}));
      ok.push(\`\${ok.length + 1}、\${line} 导入成功\`);
    }
    if (failed.length) throw new AppError('invalid', \`很抱歉，导入失败！共 \${failed.length} 条数据格式不正确，错误如下：<br/>\${failed.join('<br/>')}\`);
  });
  return \`恭喜您，数据已全部导入成功！共 \${ok.length} 条，数据如下：<br/>\${ok.join('<br/>')}\`;
}`;
}
