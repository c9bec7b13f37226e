/**
 * Extension vocabulary tables (workflow spec §3 "Flow node properties": form fields, extension
 * properties, input and output parameters): `<flowable:formProperty id name type default
 * required>`, `<flowable:properties><flowable:property name value>`, and
 * `<flowable:inputOutput>` with `<flowable:inputParameter name>value</…>` / outputParameter.
 */
import { extOfType, replaceExt, type ModdleEl, type ModdleOps } from '../ops';

export interface FormFieldRow { id: string; name: string; type: string; default: string; required: boolean }
export const FORM_FIELD_TYPES = [
  { value: 'string', label: '字符串' }, { value: 'long', label: '长整型' }, { value: 'boolean', label: '布尔' },
  { value: 'date', label: '日期' }, { value: 'enum', label: '枚举' },
];

export function readFormFields(bo: ModdleEl): FormFieldRow[] {
  return extOfType(bo, 'flowable:FormProperty').map((p) => ({
    id: String(p.get('id') ?? ''), name: String(p.get('name') ?? ''), type: String(p.get('type') ?? ''),
    default: String(p.get('default') ?? ''), required: p.get('required') === true,
  }));
}

const blank = (s: string) => (s.trim() ? s.trim() : undefined);

export function writeFormFields(ops: ModdleOps, bo: ModdleEl, rows: FormFieldRow[]): void {
  const items = rows.filter((r) => r.id.trim()).map((r) => ops.create('flowable:FormProperty', {
    id: r.id.trim(), name: blank(r.name), type: blank(r.type), default: blank(r.default), required: r.required ? true : undefined,
  }));
  replaceExt(ops, bo, ['flowable:FormProperty'], items);
}

export interface NameValue { name: string; value: string }

export function readProperties(bo: ModdleEl): NameValue[] {
  return extOfType(bo, 'flowable:Properties').flatMap((ps) => ((ps.get('values') as ModdleEl[] | undefined) ?? []))
    .map((p) => ({ name: String(p.get('name') ?? ''), value: String(p.get('value') ?? '') }));
}

export function writeProperties(ops: ModdleOps, bo: ModdleEl, rows: NameValue[]): void {
  const kept = rows.filter((r) => r.name.trim());
  const items = kept.length
    ? [(() => {
      const values = kept.map((r) => ops.create('flowable:Property', { name: r.name.trim(), value: r.value }));
      return ops.create('flowable:Properties', { values });
    })()]
    : [];
  replaceExt(ops, bo, ['flowable:Properties'], items);
}

export interface InputOutputForm { inputs: NameValue[]; outputs: NameValue[] }

export function readInputOutput(bo: ModdleEl): InputOutputForm {
  const io = extOfType(bo, 'flowable:InputOutput')[0];
  const rows = (name: string) => ((io?.get(name) as ModdleEl[] | undefined) ?? []).map((p) => ({ name: String(p.get('name') ?? ''), value: String(p.get('value') ?? '') }));
  return { inputs: rows('inputParameters'), outputs: rows('outputParameters') };
}

export function writeInputOutput(ops: ModdleOps, bo: ModdleEl, form: InputOutputForm): void {
  const ins = form.inputs.filter((r) => r.name.trim()).map((r) => ops.create('flowable:InputParameter', { name: r.name.trim(), value: r.value || undefined }));
  const outs = form.outputs.filter((r) => r.name.trim()).map((r) => ops.create('flowable:OutputParameter', { name: r.name.trim(), value: r.value || undefined }));
  const items = ins.length || outs.length ? [ops.create('flowable:InputOutput', { inputParameters: ins, outputParameters: outs })] : [];
  replaceExt(ops, bo, ['flowable:InputOutput'], items);
}
