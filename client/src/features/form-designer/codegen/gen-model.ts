/**
 * Generation-time data of the code generator (codegen/generate.ts): literals, the component name,
 * and each value field's rule descriptor that the generated file's validate() reads. The messages
 * follow the shared form rules (shared/form: spec §5 "Form designer" required messages, regList,
 * numbers, maxlength, options, detail tables, shapes), computed here once so the generated file
 * only compares.
 */
import { normaliseOptions, numberProp, requiredMessage, toRegExp } from '../../../../../shared/form';
import { detailColumns, fieldOptions, isDetailTable, UNSAFE_KEYS } from '../../../../../shared/form';
import type { FormField, FormOption } from '../../../components/form-render';

/**
 * A JS literal of `v` for the generated source: JSON text (so any label / string is a plain string
 * literal), with U+2028 / U+2029 escaped and `__proto__` / `constructor` / `prototype` keys left
 * out; `undefined` → `undefined`. `space` indents objects and arrays over several lines.
 */
export function lit(v: unknown, space?: number): string {
  if (v === undefined) return 'undefined';
  return JSON.stringify(v, (key, value) => (UNSAFE_KEYS.has(key) ? undefined : value), space)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Names the generated file already uses, which the component may not take. */
const TAKEN = new Set([
  'Values', 'Cond', 'Rule', 'Option', 'FormItem', 'CascaderSelects', 'Box', 'Button', 'Checkbox', 'CheckboxGroup', 'CloseButton',
  'Dialog', 'Field', 'FileUpload', 'Flex', 'Grid', 'GridItem', 'HStack', 'Input', 'InputGroup', 'NativeSelect', 'NumberInput',
  'Portal', 'RadioGroup', 'RatingGroup', 'Slider', 'Switch', 'Table', 'Text', 'Textarea', 'React', 'ReactNode',
]);

/**
 * The component name of a file name: the extension dropped, words PascalCased ('my-form.tsx' →
 * 'MyForm'); prefixed with 'Form' when it would start with a digit ('1718000000000.tsx' →
 * 'Form1718000000000'); 'GeneratedForm' when nothing usable is left; suffixed 'Form' when it
 * clashes with a name the file imports or declares.
 */
export function componentName(fileName: string): string {
  const base = String(fileName ?? '').replace(/\.[A-Za-z0-9]+$/, '');
  const words = base.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  if (!name) return 'GeneratedForm';
  if (/^[0-9]/.test(name)) name = `Form${name}`;
  return TAKEN.has(name) ? `${name}Form` : name;
}

/** A visibility condition as the generated file stores it. */
export interface Cond {
  field: string;
  value?: unknown;
}

/** The rule descriptor of one value field in the generated file (its `Rule` interface). */
export interface GenRule {
  label: string;
  kind: 'text' | 'number' | 'numbers' | 'list' | 'value' | 'path' | 'table';
  required?: string;
  patterns?: { source: string; flags: string; message: string }[];
  min?: number;
  max?: number;
  maxlength?: number;
  /** Allowed values of a static select / radio / checkbox. */
  options?: unknown[];
  /** Allowed paths of a static cascader. */
  paths?: unknown[][];
  /** Values a switch may hold. */
  allowed?: unknown[];
  minRows?: number;
  maxRows?: number;
  columns?: Record<string, GenRule>;
  when?: Cond[];
}

const RANGE_DATE_TYPES = new Set(['daterange', 'monthrange', 'datetimerange']);

const labelOf = (f: FormField) => (typeof f.__config__.label === 'string' ? f.__config__.label : '');

/** The showWhen of a component as a condition, or null. */
export function condOf(field: FormField): Cond | null {
  const rule = field.__config__.showWhen as { field?: unknown; value?: unknown } | undefined;
  if (!rule || typeof rule !== 'object' || typeof rule.field !== 'string' || !rule.field) return null;
  return Object.prototype.hasOwnProperty.call(rule, 'value') ? { field: rule.field, value: rule.value } : { field: rule.field };
}

/** Cascader `props.props` (label / value / children keys, multiple, checkStrictly). */
export function cascaderKeys(field: FormField): { label: string; value: string; children: string; checkStrictly: boolean } {
  const outer = field.props as { props?: Record<string, unknown> } | undefined;
  const p = (outer && typeof outer === 'object' && outer.props && typeof outer.props === 'object' ? outer.props : {}) as Record<string, unknown>;
  const key = (k: unknown, d: string) => (typeof k === 'string' && k ? k : d);
  return { label: key(p.label, 'label'), value: key(p.value, 'value'), children: key(p.children, 'children'), checkStrictly: p.checkStrictly === true };
}

/** The static options of a select / radio / checkbox / cascader as `{label, value, children?}` (numeric strings → numbers). */
export function staticOptions(field: FormField): FormOption[] {
  if (field.__config__.tag === 'el-cascader') {
    const k = cascaderKeys(field);
    const strip = (list: FormOption[]): FormOption[] =>
      list.map((o) => (o.children?.length ? { label: o.label, value: o.value, children: strip(o.children) } : { label: o.label, value: o.value }));
    return strip(normaliseOptions(fieldOptions(field), k.label, k.value, k.children));
  }
  return normaliseOptions(fieldOptions(field)).map((o) => ({ label: o.label, value: o.value }));
}

function cascaderPathsOf(options: FormOption[], strict: boolean): unknown[][] {
  const out: unknown[][] = [];
  const walk = (list: FormOption[], prefix: unknown[]) => {
    for (const o of list) {
      const path = [...prefix, o.value];
      if (strict || !o.children?.length) out.push(path);
      if (o.children?.length) walk(o.children, path);
    }
  };
  walk(options, []);
  return out;
}

/** True when the field's options are static (not fetched from a url) and the field takes no created entries. */
export const hasStaticOptions = (field: FormField) => field.__config__.dataType !== 'dynamic' && field['allow-create'] !== true;

/** The kind of value a tag holds (drives the shape check of the generated validate()). */
function kindOf(field: FormField): GenRule['kind'] {
  const tag = String(field.__config__.tag ?? '');
  switch (tag) {
    case 'el-input-number':
    case 'el-rate':
      return 'number';
    case 'el-slider':
      return field.range === true ? 'numbers' : 'number';
    case 'el-select':
      return field.multiple === true ? 'list' : 'value';
    case 'el-checkbox-group':
    case 'el-upload':
      return 'list';
    case 'el-radio-group':
    case 'el-switch':
      return 'value';
    case 'el-cascader':
      return 'path';
    case 'el-time-picker':
      return field['is-range'] === true ? 'list' : 'text';
    case 'el-date-picker':
      return RANGE_DATE_TYPES.has(String(field.type ?? '')) ? 'list' : 'text';
    case 'detail-table':
      return 'table';
    default:
      return 'text';
  }
}

/** The rule descriptor of a value field; `when` = the visibility conditions of it and its containers. */
export function ruleOf(field: FormField, when: Cond[]): GenRule {
  const config = field.__config__;
  const tag = String(config.tag ?? '');
  const rule: GenRule = { label: labelOf(field), kind: kindOf(field) };
  if (config.required === true) rule.required = requiredMessage(field);
  const patterns = (Array.isArray(config.regList) ? config.regList : [])
    .map((item) => ({ re: toRegExp(item?.pattern), message: typeof item?.message === 'string' ? item.message : '' }))
    .filter((p): p is { re: RegExp; message: string } => p.re !== null)
    .map((p) => ({ source: p.re.source, flags: p.re.flags, message: p.message }));
  if (patterns.length) rule.patterns = patterns;
  if (tag === 'el-input-number' || tag === 'el-slider' || tag === 'el-rate') {
    rule.min = numberProp(field, 'min', tag === 'el-input-number' ? undefined : 0);
    rule.max = numberProp(field, 'max', tag === 'el-slider' ? 100 : tag === 'el-rate' ? 5 : undefined);
  }
  if (tag === 'el-input') rule.maxlength = numberProp(field, 'maxlength');
  if ((tag === 'el-select' || tag === 'el-radio-group' || tag === 'el-checkbox-group') && hasStaticOptions(field)) {
    rule.options = staticOptions(field).map((o) => o.value);
  }
  if (tag === 'el-cascader' && hasStaticOptions(field)) rule.paths = cascaderPathsOf(staticOptions(field), cascaderKeys(field).checkStrictly);
  if (tag === 'el-switch') rule.allowed = [switchValue(field, true), switchValue(field, false)];
  if (isDetailTable(field)) {
    rule.minRows = numberProp(config, 'minRows') ?? 0;
    const maxRows = numberProp(config, 'maxRows');
    if (maxRows !== undefined) rule.maxRows = maxRows;
    rule.columns = {};
    for (const column of detailColumns(field)) {
      const cond = condOf(column);
      rule.columns[column.__vModel__!] = ruleOf(column, cond ? [cond] : []);
    }
  }
  if (when.length) rule.when = when;
  for (const key of Object.keys(rule) as (keyof GenRule)[]) if (rule[key] === undefined) delete rule[key];
  return rule;
}

/** The on / off value of a switch (`active-value` / `inactive-value`, default true / false). */
export function switchValue(field: FormField, on: boolean): unknown {
  const key = on ? 'active-value' : 'inactive-value';
  return Object.prototype.hasOwnProperty.call(field, key) ? field[key] : on;
}

/** `text` indented by `n` spaces on every non-empty line. */
export function indent(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text.split('\n').map((l) => (l ? pad + l : l)).join('\n');
}
