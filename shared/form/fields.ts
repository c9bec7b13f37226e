/**
 * Pure helpers over a stored form's fields (reference §7 Parser: the model
 * `{[__vModel__]: __config__.defaultValue}`, write-back of values into `defaultValue`; spec §3
 * "Option item": a numeric-string option value is a number; spec §8 layout mismatch).
 */
import { DETAIL_TABLE_TAG, type FormConf, type FormField, type FormOption } from './types';

/** The layout renderers a field may name (spec §3 "Designer component" layout). */
export const LAYOUTS = ['colFormItem', 'rowFormItem'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Spec §5/§8 text of a field whose layout has no renderer. */
export const LAYOUT_ERROR = '没有与 layout 匹配的layout';

/** The layout of a field; throws Error('没有与 layout 匹配的layout') when it is not a known one. */
export function layoutOf(field: FormField): Layout {
  const layout = field.__config__?.layout;
  if ((LAYOUTS as readonly string[]).includes(String(layout))) return layout as Layout;
  throw new Error(LAYOUT_ERROR);
}

/**
 * Every top-level field that holds a value (has `__vModel__`), in order, with the children of
 * row containers (`layout: 'rowFormItem'`) included. A detail table is one value field; its
 * columns are not walked (they are the table's row keys, see `detailColumns`).
 */
export function valueFields(fields: FormField[]): FormField[] {
  const out: FormField[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const f of list as FormField[]) {
      if (!isPlainObject(f) || !isPlainObject(f.__config__)) continue;
      if (typeof f.__vModel__ === 'string' && f.__vModel__) out.push(f);
      if (f.__config__.layout === 'rowFormItem') walk(f.__config__.children);
    }
  };
  walk(fields);
  return out;
}

/** True for a plain JSON object (not null, not an array). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True for a detail table (`__config__.tag === 'detail-table'`). */
export function isDetailTable(field: FormField): boolean {
  return isPlainObject(field) && isPlainObject(field.__config__) && field.__config__.tag === DETAIL_TABLE_TAG;
}

/** Tags a detail-table column may not have (the data format: no upload, rich text, row, button or table). */
export const DETAIL_COLUMN_EXCLUDED = ['el-upload', 'tinymce', 'el-row', 'el-button', DETAIL_TABLE_TAG] as const;

/** The value columns of a detail table: its colFormItem children with a `__vModel__` and an allowed tag. */
export function detailColumns(field: FormField): FormField[] {
  const children = isPlainObject(field?.__config__) ? field.__config__.children : undefined;
  if (!Array.isArray(children)) return [];
  return children.filter((c): c is FormField => isPlainObject(c) && isPlainObject(c.__config__)
    && typeof c.__vModel__ === 'string' && !!c.__vModel__ && c.__config__.layout !== 'rowFormItem'
    && !(DETAIL_COLUMN_EXCLUDED as readonly string[]).includes(String(c.__config__.tag)));
}

/** Keys never copied from input objects (prototype pollution). */
export const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Own property test that ignores the prototype chain. */
export const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** Deep copy of JSON-like data. */
export function deepCopy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** The form model: `__vModel__` → a copy of `__config__.defaultValue` (reference §7 Parser). */
export function buildModel(conf: FormConf): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  for (const f of valueFields(conf.fields)) {
    if (!UNSAFE_KEYS.has(f.__vModel__!)) model[f.__vModel__!] = deepCopy(f.__config__.defaultValue);
  }
  return model;
}

/**
 * Deep copy of the form with each field's value written into `__config__.defaultValue`
 * (reference §7: the config itself carries the filled values).
 */
export function writeBack(conf: FormConf, model: Record<string, unknown>): FormConf {
  const copy = deepCopy(conf);
  for (const f of valueFields(copy.fields)) {
    const key = f.__vModel__!;
    if (hasOwn(model, key)) f.__config__.defaultValue = deepCopy(model[key]);
  }
  return copy;
}

/** True for a string that reads as a finite number ('1', '-2.5'; not '', ' ', '0x1'). */
export function isNumberStr(v: unknown): v is string {
  return typeof v === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v.trim());
}

/** Options with numeric-string values turned into numbers, children included (spec §3 "Option item"). */
export function normaliseOptions(options: unknown, labelKey = 'label', valueKey = 'value', childrenKey = 'children'): FormOption[] {
  if (!Array.isArray(options)) return [];
  return options
    .filter((o): o is Record<string, unknown> => !!o && typeof o === 'object')
    .map((o) => {
      const raw = o[valueKey];
      const out: FormOption = { ...o, label: String(o[labelKey] ?? raw ?? ''), value: isNumberStr(raw) ? Number(raw) : raw };
      const children = o[childrenKey];
      if (Array.isArray(children) && children.length) out.children = normaliseOptions(children, labelKey, valueKey, childrenKey);
      else delete out.children;
      return out;
    });
}

/** Stable string key of an option value for Chakra collections (which key items by string). */
export function optionKey(v: unknown): string {
  return typeof v === 'string' ? `s:${v}` : `j:${JSON.stringify(v ?? null)}`;
}

/** Reads `a.b.0.c` from a reply (dynamic options `dataPath`); undefined when a step is missing. */
export function readPath(data: unknown, path: string | undefined): unknown {
  if (!path) return data;
  return path.split('.').filter(Boolean).reduce<unknown>((cur, key) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined), data);
}

/** Where dynamic options go: `__config__.dataConsumer`, else `options` (cascader) or `__slot__.options`. */
export function optionsConsumer(field: FormField): string {
  const consumer = field.__config__.dataConsumer;
  if (typeof consumer === 'string' && consumer) return consumer;
  return field.__config__.tag === 'el-cascader' ? 'options' : '__slot__.options';
}

/** The static options of a field (`options` for a cascader, `__slot__.options` otherwise). */
export function fieldOptions(field: FormField): unknown {
  return readPath(field, optionsConsumer(field));
}
