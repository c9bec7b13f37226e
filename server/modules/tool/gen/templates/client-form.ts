/**
 * Template of `client/src/routes/<m>/<b>/<Class>FormDialog.tsx`: the add/edit dialog (after
 * PostFormDialog) with one control per htmlType; tree: the parent as a TreeSelect; sub: the
 * detail rows edited inline (添加 / 删除 a row) and saved with the master.
 */
import type { GenColumnModel, GenTableModel } from '../gen-model';
import { dictRef, dictTypesOf, hasDict, YES_NO_OPTIONS } from './client-kit';
import { defaultLiteral, formColumns, label, lit, maxLengthOf, namesOf, pkOf, subListKey, treeFields } from './naming';
import { detailFormColumns } from './schema';

/** The form's fields: the form columns, plus a key the user types (not auto-increment). */
export const dialogColumns = (model: GenTableModel) => [...model.columns.filter((c) => c.isPk && !c.isIncrement), ...formColumns(model)];

/** A new form's text for a field: the column's DDL default (`'0'`, `'false'`), else ''. */
export function initialText(model: GenTableModel, c: GenColumnModel): string {
  const d = defaultLiteral(model, c);
  if (d === undefined) return "''";
  return c.javaType === 'string' ? d : lit(d);
}

/** The control of one form field (inside its FormItem). */
export function formControl(c: GenColumnModel, parentField?: string): string {
  const k = c.javaField;
  const l = label(c);
  const set = (v: string) => `set('${k}', ${v})`;
  if (k === parentField) {
    return `<TreeSelect name="${k}" data={parentOptions} value={form.${k} === '' ? undefined : Number(form.${k})} onChange={(id) => ${set(`id === undefined ? '' : String(id)`)}} placeholder=${lit(`请选择${l}`)} />`;
  }
  if (c.javaType === 'boolean') {
    return c.htmlType === 'radio'
      ? `<DictRadio name="${k}" options={YES_NO} value={form.${k}} onChange={(v) => ${set('v')}} />`
      : `<OptionSelect name="${k}" placeholder=${lit(`请选择${l}`)} w="100%" options={${YES_NO_OPTIONS}} value={form.${k}} onChange={(v) => ${set('v')}} />`;
  }
  switch (c.htmlType) {
    case 'textarea':
      return `<Textarea size="sm" name="${k}" placeholder="请输入内容" value={form.${k}} onChange={(e) => ${set('e.target.value')}} />`;
    case 'select':
      if (hasDict(c)) return `<DictSelect name="${k}" placeholder=${lit(`请选择${l}`)} w="100%" options={${dictRef(c.dictType)}} value={form.${k}} onChange={(v) => ${set('v')}} />`;
      break;
    case 'radio':
      if (hasDict(c)) return `<DictRadio name="${k}" options={${dictRef(c.dictType)}} value={form.${k}} onChange={(v) => ${set('v')}} />`;
      break;
    case 'checkbox':
      if (hasDict(c)) return `<MultiSelect name="${k}" placeholder=${lit(`请选择${l}`)} options={${dictRef(c.dictType)}} value={form.${k} ? form.${k}.split(',') : []} onChange={(v) => ${set(`v.join(',')`)}} />`;
      break;
    case 'datetime':
      return `<DatePicker type="datetime" name="${k}" placeholder=${lit(`请选择${l}`)} w="100%" value={form.${k}} onChange={(v) => ${set('v')}} />`;
    case 'imageUpload':
      return `<ImageUpload value={form.${k}} onChange={(v) => ${set('v')}} />`;
    case 'fileUpload':
      return `<FileUpload value={form.${k}} onChange={(v) => ${set('v')}} />`;
    case 'editor':
      return `<RichTextEditorLazy value={form.${k}} onChange={(v) => ${set('v')}} height={300} testId="${k}-editor" />`;
    default:
      break;
  }
  const max = c.javaType === 'string' ? ` maxLength={${maxLengthOf(c)}}` : '';
  return `<FormInput state={f} field="${k}" placeholder=${lit(`请输入${l}`)}${max} />`;
}

/** Composite controls are not wrapped in a Chakra Field (FormItem `plain`). */
const isPlain = (c: GenColumnModel, parentField?: string) =>
  c.javaField === parentField || c.htmlType === 'radio' || c.htmlType === 'checkbox' || c.htmlType === 'imageUpload' || c.htmlType === 'fileUpload' || c.htmlType === 'editor';

/** The value of a field in the request body. */
export const bodyValue = (c: GenColumnModel, from = 'form') => (c.javaType === 'boolean' ? `${from}.${c.javaField} as 'true' | 'false' | ''` : `${from}.${c.javaField}`);

/** A row value loaded into a form field (text). */
export const loadValue = (c: GenColumnModel, from = 'r') =>
  c.javaType === 'number' ? `numText(${from}.${c.javaField})` : c.javaType === 'boolean' ? `${from}.${c.javaField} === null ? '' : String(${from}.${c.javaField})` : `${from}.${c.javaField} ?? ''`;

/** A detail-row cell control. */
function detailControl(c: GenColumnModel): string {
  const k = c.javaField;
  const set = (v: string) => `setDetail(i, '${k}', ${v})`;
  if (c.javaType === 'boolean') return `<OptionSelect name={\`detail-\${i}-${k}\`} placeholder="请选择" w="100%" options={${YES_NO_OPTIONS}} value={d.${k}} onChange={(v) => ${set('v')}} />`;
  if (hasDict(c)) return `<DictSelect name={\`detail-\${i}-${k}\`} placeholder="请选择" w="100%" options={${dictRef(c.dictType)}} value={d.${k}} onChange={(v) => ${set('v')}} />`;
  if (c.htmlType === 'datetime') return `<DatePicker type="datetime" name={\`detail-\${i}-${k}\`} w="100%" value={d.${k}} onChange={(v) => ${set('v')}} />`;
  return `<Input size="sm" name={\`detail-\${i}-${k}\`} placeholder=${lit(`请输入${label(c)}`)} value={d.${k}} onChange={(e) => ${set('e.target.value')}} />`;
}

/** Source of the dialog. */
export function renderFormDialog(model: GenTableModel): string {
  const n = namesOf(model);
  const C = model.className;
  const pk = pkOf(model);
  const tree = model.tplCategory === 'tree';
  const sub = model.subTable;
  const tf = tree ? treeFields(model) : undefined;
  const cols = dialogColumns(model);
  const details = sub ? detailFormColumns(model) : [];
  const dicts = dictTypesOf([...cols, ...details]);
  const kinds = new Set<string>(cols.map((c) => (c.javaField === tf?.parent ? 'tree' : c.javaType === 'boolean' ? (c.htmlType === 'radio' ? 'yesno-radio' : 'yesno') : hasDict(c) ? c.htmlType : c.htmlType === 'select' || c.htmlType === 'radio' || c.htmlType === 'checkbox' ? 'input' : c.htmlType)));
  for (const c of details) kinds.add(c.javaType === 'boolean' ? 'yesno' : hasDict(c) ? 'select' : c.htmlType === 'datetime' ? 'datetime' : 'detail-input');
  const required = cols.filter((c) => c.isRequired);
  const subKey = sub ? subListKey(model) : '';
  const kit = [...(kinds.has('radio') || kinds.has('yesno-radio') ? ['DictRadio'] : []), 'FormInput', 'FormItem', ...(kinds.has('checkbox') ? ['MultiSelect'] : []), 'required', 'type Rules', 'useForm']
    .filter((x) => x !== 'required' || required.length > 0);
  const optionSelect = [...(kinds.has('select') ? ['DictSelect'] : []), ...(kinds.has('yesno') ? ['OptionSelect'] : [])];
  const chakra = [...(sub ? ['Button', 'Table'] : []), ...(kinds.has('detail-input') ? ['Input'] : []), ...(kinds.has('textarea') ? ['Textarea'] : [])].sort();
  const usesNum = cols.some((c) => c.javaType === 'number') || details.some((c) => c.javaType === 'number');
  const imports = [
    ...(chakra.length ? [`import { ${chakra.join(', ')} } from '@chakra-ui/react';`] : []),
    `import { useMutation, useQuery } from '@tanstack/react-query';`,
    `import { ${tree ? 'useEffect, useMemo' : sub ? 'useEffect, useState' : 'useEffect'} } from 'react';`,
    ...(kinds.has('editor') ? [`import { RichTextEditorLazy } from '../../../components/editor/RichTextEditorLazy';`] : []),
    `import { FormDialog } from '../../../components/feedback/AppDialog';`,
    ...(optionSelect.length ? [`import { ${optionSelect.join(', ')} } from '../../../components/form/OptionSelect';`] : []),
    ...(usesNum ? [`import { numText } from '../../../components/form/OrderInput';`] : []),
    `import { ${kit.join(', ')} } from '../../../components/form/form-kit';`,
    `import { saveForm } from '../../../components/form/save-form';`,
    ...(kinds.has('datetime') ? [`import { DatePicker } from '../../../components/pickers/DatePicker';`] : []),
    ...(tree ? [`import { TreeSelect } from '../../../components/tree/TreeSelect';`] : []),
    ...(kinds.has('fileUpload') ? [`import { FileUpload } from '../../../components/upload/FileUpload';`] : []),
    ...(kinds.has('imageUpload') ? [`import { ImageUpload } from '../../../components/upload/ImageUpload';`] : []),
    ...(dicts.length ? [`import { useDict } from '../../../hooks/useDict';`] : []),
    ...(kinds.has('yesno-radio') ? [`import { toDictOptions } from '../../../hooks/dict-cache';`] : []),
    `import { useTRPC } from '../../../lib/trpc';`,
    ...(tree ? [`import { toTreeNodes } from '../../../components/table/tree-table-kit';`] : []),
  ];
  const stateDoc = tree
    ? `/** \`{}\` add at the top, \`{${tf!.parent}}\` add below a row, \`{${pk.javaField}}\` edit. */`
    : `/** \`{}\` add, \`{${pk.javaField}}\` edit. */`;
  const items = cols.map((c) => {
    const attrs = [`label=${lit(label(c))}`, ...(c.isRequired ? ['required', `error={errors.${c.javaField}}`] : []), ...(isPlain(c, tf?.parent) ? ['plain'] : [])];
    const item = `<FormItem ${attrs.join(' ')}>
        ${formControl(c, tf?.parent)}
      </FormItem>`;
    // A column not ticked 编辑 is filled when adding and left out of the edit form (the server ignores it on update).
    return c.isEdit || c.isPk ? `      ${item}` : `      {isAdd && (
        ${item}
      )}`;
  });
  const detailBlock = sub
    ? `
      <FormItem label=${lit(sub.functionName || sub.tableComment || sub.tableName)} plain>
        <Button size="xs" colorPalette="blue" variant="subtle" mb="2" onClick={() => setDetails((ds) => [...ds, EMPTY_DETAIL])} data-testid="detail-add">
          添加
        </Button>
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="60px">序号</Table.ColumnHeader>
${details.map((c) => `              <Table.ColumnHeader>${label(c)}</Table.ColumnHeader>`).join('\n')}
              <Table.ColumnHeader w="80px">操作</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {details.map((d, i) => (
              <Table.Row key={i}>
                <Table.Cell>{i + 1}</Table.Cell>
${details.map((c) => `                <Table.Cell>\n                  ${detailControl(c)}\n                </Table.Cell>`).join('\n')}
                <Table.Cell>
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDetails((ds) => ds.filter((_, j) => j !== i))}>
                    删除
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </FormItem>`
    : '';
  const body = cols.map((c) => `${c.javaField}: ${bodyValue(c)}`);
  if (sub) body.push(`${subKey}: details.map((d) => ({ ${details.map((c) => `${c.javaField}: ${bodyValue(c, 'd')}`).join(', ')} }))`);
  const hasEditor = kinds.has('editor');
  return `/**
 * 添加${model.functionName} / 修改${model.functionName} dialog (generated by the code generator): ${cols.map(label).join(', ')}${sub ? `, and the
 * detail rows (${sub.tableComment || sub.tableName}) edited inline` : ''}. 确 定 → 新增成功 / 修改成功; refusals come back from the server.
 */
${imports.join('\n')}

${stateDoc}
export interface ${C}DialogState {
  ${pk.javaField}?: number;${tree ? `\n  ${tf!.parent}?: number;` : ''}
}

interface ${C}Form {
${cols.map((c) => `  ${c.javaField}: string;`).join('\n')}
}

const EMPTY: ${C}Form = { ${cols.map((c) => `${c.javaField}: ${initialText(model, c)}`).join(', ')} };
${sub ? `
interface DetailForm {
${details.map((c) => `  ${c.javaField}: string;`).join('\n')}
}

const EMPTY_DETAIL: DetailForm = { ${details.map((c) => `${c.javaField}: ${initialText(sub!, c)}`).join(', ')} };
` : ''}${kinds.has('yesno-radio') ? `\nconst YES_NO = toDictOptions([{ dictValue: 'true', dictLabel: '是' }, { dictValue: 'false', dictLabel: '否' }]);\n` : ''}
const RULES: Rules<${C}Form> = {
${required.map((c) => `  ${c.javaField}: [required(${lit(`${label(c)}不能为空`)})],`).join('\n')}
};

export function ${C}FormDialog({ state, onClose, onSaved }: { state: ${C}DialogState; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const ${pk.javaField} = state.${pk.javaField};
  const isAdd = ${pk.javaField} === undefined;${dicts.length ? `\n  const dict = useDict(${dicts.map(lit).join(', ')});` : ''}
  const f = useForm<${C}Form>(${tree ? `{ ...EMPTY, ${tf!.parent}: state.${tf!.parent} === undefined ? '' : String(state.${tf!.parent}) }` : 'EMPTY'}, RULES);
  const { form, errors, set, check, reset } = f;${sub ? '\n  const [details, setDetails] = useState<DetailForm[]>([]);\n  const setDetail = (i: number, key: keyof DetailForm, value: string) => setDetails((ds) => ds.map((d, j) => (j === i ? { ...d, [key]: value } : d)));' : ''}
  const row = useQuery({ ...trpc.${n.key}.get.queryOptions({ ${pk.javaField}: ${pk.javaField} ?? 0 }), enabled: !isAdd, gcTime: 0 });${tree ? `
  const all = useQuery(trpc.${n.key}.list.queryOptions({}));
  const parentOptions = useMemo(
    () => [{ id: 0, label: '顶级节点', children: toTreeNodes(all.data ?? [], '${tf!.id}', '${tf!.parent}', '${tf!.name}') }],
    [all.data],
  );` : ''}
  const add = useMutation(trpc.${n.key}.add.mutationOptions());
  const update = useMutation(trpc.${n.key}.update.mutationOptions());

  useEffect(() => {
    const r = row.data;
    if (isAdd || !r) return;
    reset({ ${cols.map((c) => `${c.javaField}: ${loadValue(c)}`).join(', ')} });${sub ? `\n    setDetails(r.${subKey}.map((d) => ({ ${details.map((c) => `${c.javaField}: ${loadValue(c, 'd')}`).join(', ')} })));` : ''}
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAdd, row.data]);

  const submit = () => {
    if (!check()) return;
    const body = { ${body.join(', ')} };
    saveForm(isAdd, add, update, body, { ...body, ${pk.javaField}: ${pk.javaField}! }, onSaved);
  };

  return (
    <FormDialog
      title={isAdd ? ${lit(`添加${model.functionName}`)} : ${lit(`修改${model.functionName}`)}}
      width="${sub ? '960px' : hasEditor ? '800px' : '600px'}"
      testId="${n.businessName}-dialog"
      onClose={onClose}
      onSubmit={submit}
      pending={add.isPending || update.isPending}
    >
${items.join('\n')}${detailBlock}
    </FormDialog>
  );
}
`;
}
