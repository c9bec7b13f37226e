/**
 * Immutable edits of a designer component for the right panel (spec §2 "Form designer": every
 * edit hands the designer a new object; the selected component is never mutated), and the
 * default-value text conversions of form-generator's 默认值 input. Pure; tested in edit.test.ts.
 */
import { isNumberStr } from '../../../../../shared/form/fields';
import type { FormField } from '../../../../../shared/form/types';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Throws Error('非法属性名：<key>') for `__proto__`, `constructor` and `prototype`. */
export function assertSafeKey(key: string): void {
  if (FORBIDDEN.has(key)) throw new Error(`非法属性名：${key}`);
}

/**
 * A copy of `obj` with `path` set to `value` (each object on the path is copied; missing steps
 * become `{}`). `value === undefined` removes the last key. Throws on a forbidden key.
 */
export function setIn<T extends object>(obj: T, path: readonly string[], value: unknown): T {
  if (path.length === 0) return obj;
  const [head, ...rest] = path;
  assertSafeKey(head);
  const src = obj as Record<string, unknown>;
  const copy: Record<string, unknown> = Array.isArray(obj) ? ([...obj] as unknown as Record<string, unknown>) : { ...src };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else {
    const child = src[head];
    copy[head] = setIn(child && typeof child === 'object' ? (child as object) : {}, rest, value);
  }
  return copy as T;
}

/** Reads `path` from `obj` (undefined when a step is missing). */
export function getIn(obj: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((cur, key) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined), obj);
}

/** A copy of the field with `__config__[key] = value` (undefined removes it). */
export function setConfig(field: FormField, key: string, value: unknown): FormField {
  return setIn(field, ['__config__', key], value);
}

/** The 默认值 input text of a value (form-generator setDefaultValue: arrays joined by ','; null → ''). */
export function defaultValueText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : String(v))).join(',');
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The default value typed in the 默认值 input (form-generator onDefaultValueInput): an array value
 * stays an array (split by ',', numeric strings → numbers; '' → []); a switch takes 'true'/'false'
 * as booleans; numbers (el-input-number, el-slider, el-rate) take numeric text as a number ('' →
 * undefined); anything else keeps the text.
 */
export function parseDefaultValue(field: FormField, text: string): unknown {
  const current = field.__config__.defaultValue;
  const tag = field.__config__.tag;
  const asItem = (s: string) => (isNumberStr(s) ? Number(s) : s);
  if (Array.isArray(current) || arrayValued(field)) {
    return text.trim() === '' ? [] : text.split(',').map((s) => asItem(s.trim()));
  }
  if (tag === 'el-switch') {
    if (text === 'true') return true;
    if (text === 'false') return false;
    return asItem(text);
  }
  if (tag === 'el-input-number' || tag === 'el-slider' || tag === 'el-rate') {
    if (text.trim() === '') return undefined;
    return asItem(text.trim());
  }
  return text;
}

/** True when the field's value is an array (checkboxes, cascader, multiple select, ranges, range slider). */
export function arrayValued(field: FormField): boolean {
  const tag = field.__config__.tag;
  if (tag === 'el-checkbox-group' || tag === 'el-cascader' || tag === 'detail-table') return true;
  if (tag === 'el-select') return field.multiple === true;
  if (tag === 'el-time-picker') return field['is-range'] === true;
  if (tag === 'el-date-picker') return String(field.type ?? '').endsWith('range');
  if (tag === 'el-slider') return field.range === true;
  return false;
}

/** A number typed in a numeric property: '' → undefined, otherwise clamped to `min` when given; NaN → undefined. */
export function numberInput(text: string, min?: number): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  return min !== undefined && n < min ? min : n;
}

/**
 * The component after 组件类型 switches it to `template` (form-generator tagChange): a copy of the
 * template keeping the component's `__vModel__`, label, formId, renderKey, span, required,
 * showLabel, labelWidth, regList and visibility rule; the default value stays when its type
 * matches the template's; the placeholder becomes the template's suffixed with the label.
 */
export function changeTag(field: FormField, template: FormField): FormField {
  const next = JSON.parse(JSON.stringify(template)) as FormField;
  const old = field.__config__;
  const config = { ...next.__config__ };
  for (const key of ['label', 'formId', 'renderKey', 'span', 'required', 'showLabel', 'labelWidth', 'regList', 'showWhen'] as const) {
    if (old[key] !== undefined) (config as Record<string, unknown>)[key] = old[key];
  }
  if (typeof old.defaultValue === typeof template.__config__.defaultValue && Array.isArray(old.defaultValue) === Array.isArray(template.__config__.defaultValue)) {
    config.defaultValue = old.defaultValue;
  }
  next.__config__ = config;
  if (field.__vModel__ !== undefined) next.__vModel__ = field.__vModel__;
  if (typeof next.placeholder === 'string' && config.label) next.placeholder = `${next.placeholder}${config.label}`;
  return next;
}
