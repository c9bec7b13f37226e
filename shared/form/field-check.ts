/**
 * The check of one value against one component's rules, in this order: required (spec §5 "Form
 * designer"), the value's shape (`<label>格式错误`), regList (its own message), numbers
 * (el-input-number, el-slider, el-rate: `<label>必须是数字`, `<label>不能小于<min>`,
 * `<label>不能大于<max>`; spec §9 slider 0-100, rate max 5), el-input maxlength
 * (`<label>长度不能超过<maxlength>个字符`), static options of select / radio / checkbox / cascader
 * (`<label>的选项不在可选范围内`; numeric-string options are numbers, spec §3 "Option item").
 * Detail tables are checked in validate.ts. Pure; never throws on any JSON value.
 */
import { cascaderPaths } from './cascader';
import { fieldOptions, isNumberStr, isPlainObject, normaliseOptions } from './fields';
import { checkValue, fieldRules, isEmptyValue, requiredMessage } from './rules';
import type { FormField } from './types';
import { sameValue } from './visibility';

const NUMBER_TAGS = new Set(['el-input-number', 'el-slider', 'el-rate']);
const TEXT_TAGS = new Set(['el-input', 'tinymce', 'el-color-picker']);
const RANGE_DATE_TYPES = new Set(['daterange', 'monthrange', 'datetimerange']);

const labelOf = (field: FormField) => (typeof field.__config__.label === 'string' ? field.__config__.label : '');
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** A number prop (`min`, `max`, `maxlength`, `minRows`) of a field or config, or `fallback` when absent or not a number. */
export function numberProp(field: Record<string, unknown>, key: string, fallback?: number): number | undefined {
  const v = field[key];
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'number' ? v : isNumberStr(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A value read as a number (a number or a numeric string), else null. */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return isNumberStr(v) ? Number(v) : null;
}

/** Whether el-cascader / el-select hold several values. */
const cascaderProps = (field: FormField): Record<string, unknown> => {
  const outer = field.props;
  const inner = isPlainObject(outer) ? outer.props : undefined;
  return isPlainObject(inner) ? inner : {};
};

/** True for the upload value the renderer stores: JSON text of a list of {url}, a list, or comma-joined urls. */
function uploadShapeOk(v: unknown): boolean {
  let list: unknown = v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (!s.startsWith('[') && !s.startsWith('{')) return true;
    try {
      list = JSON.parse(s);
    } catch {
      return false;
    }
  }
  return Array.isArray(list) && list.every((i) => (typeof i === 'string') || (isPlainObject(i) && typeof i.url === 'string'));
}

/** True when `value` has the shape the component's renderer stores (after the empty check). */
export function shapeOk(field: FormField, value: unknown): boolean {
  const tag = String(field.__config__.tag ?? '');
  if (TEXT_TAGS.has(tag)) return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
  switch (tag) {
    case 'el-select':
      return field.multiple === true ? Array.isArray(value) && value.every(isScalar) : isScalar(value);
    case 'el-radio-group':
      return isScalar(value);
    case 'el-checkbox-group':
      return Array.isArray(value) && value.every(isScalar);
    case 'el-cascader':
      return cascaderProps(field).multiple === true
        ? Array.isArray(value) && value.every((p) => Array.isArray(p) && p.every(isScalar))
        : Array.isArray(value) && value.every(isScalar);
    case 'el-switch': {
      const on = 'active-value' in field ? field['active-value'] : true;
      const off = 'inactive-value' in field ? field['inactive-value'] : false;
      return typeof value === 'boolean' || sameValue(value, on) || sameValue(value, off);
    }
    case 'el-time-picker':
      return field['is-range'] === true ? Array.isArray(value) && value.length === 2 && value.every((x) => typeof x === 'string' || x === null) : typeof value === 'string';
    case 'el-date-picker':
      return RANGE_DATE_TYPES.has(String(field.type ?? ''))
        ? Array.isArray(value) && value.length === 2 && value.every((x) => typeof x === 'string' || typeof x === 'number' || x === null)
        : typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
    case 'el-upload':
      return uploadShapeOk(value);
    default:
      return true;
  }
}

/** `<label>必须是数字` / `<label>不能小于<min>` / `<label>不能大于<max>` for a number field (each end of a slider range). */
function numberError(field: FormField, value: unknown): string | null {
  const tag = String(field.__config__.tag);
  const label = labelOf(field);
  const min = numberProp(field, 'min', tag === 'el-slider' || tag === 'el-rate' ? 0 : undefined);
  const max = numberProp(field, 'max', tag === 'el-slider' ? 100 : tag === 'el-rate' ? 5 : undefined);
  const values = tag === 'el-slider' && field.range === true ? (Array.isArray(value) && value.length === 2 ? value : [null]) : [value];
  for (const v of values) {
    const n = asNumber(v);
    if (n === null) return `${label}必须是数字`;
    if (min !== undefined && n < min) return `${label}不能小于${min}`;
    if (max !== undefined && n > max) return `${label}不能大于${max}`;
  }
  return null;
}

/** `<label>的选项不在可选范围内` when a value is not one of the static options (dynamic / allow-create skip). */
function optionError(field: FormField, value: unknown): string | null {
  const config = field.__config__;
  const tag = String(config.tag);
  if (config.dataType === 'dynamic' || field['allow-create'] === true) return null;
  const raw = fieldOptions(field);
  if (!Array.isArray(raw)) return null;
  const message = `${labelOf(field)}的选项不在可选范围内`;
  if (tag === 'el-cascader') {
    const p = cascaderProps(field);
    const keys = [p.label, p.value, p.children].map((k) => (typeof k === 'string' && k ? k : undefined));
    const paths = cascaderPaths(normaliseOptions(raw, keys[0], keys[1], keys[2]), p.checkStrictly === true).map((x) => x.values);
    const chosen = (p.multiple === true ? value : [value]) as unknown[][];
    const known = (path: unknown[]) => paths.some((q) => q.length === path.length && q.every((x, i) => sameValue(x, path[i])));
    return chosen.every(known) ? null : message;
  }
  const values = normaliseOptions(raw).map((o) => o.value);
  const chosen = Array.isArray(value) ? value : [value];
  return chosen.every((v) => values.some((o) => sameValue(o, v))) ? null : message;
}

const OPTION_TAGS = new Set(['el-select', 'el-radio-group', 'el-checkbox-group', 'el-cascader']);

/**
 * The first message of `value` against `field`'s rules, or null when it passes (see the file
 * comment for the order and the texts). An empty value passes unless the field is required.
 * Not for detail tables (validate.ts checks those).
 */
export function fieldError(field: FormField, value: unknown): string | null {
  const config = field.__config__;
  const tag = String(config.tag ?? '');
  if (isEmptyValue(value)) return config.required === true ? requiredMessage(field) : null;
  if (!NUMBER_TAGS.has(tag) && !shapeOk(field, value)) return `${labelOf(field)}格式错误`;
  if (NUMBER_TAGS.has(tag) && isPlainObject(value)) return `${labelOf(field)}必须是数字`;
  const ruleMsg = checkValue(fieldRules(field).filter((r) => !r.required), value);
  if (ruleMsg !== null) return ruleMsg;
  if (NUMBER_TAGS.has(tag)) return numberError(field, value);
  if (tag === 'el-input') {
    const maxlength = numberProp(field, 'maxlength');
    if (maxlength !== undefined && String(value).length > maxlength) return `${labelOf(field)}长度不能超过${maxlength}个字符`;
  }
  if (OPTION_TAGS.has(tag)) return optionError(field, value);
  return null;
}
