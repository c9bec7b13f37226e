/**
 * Pure helpers over a stored form's fields (reference §7 Parser: the model
 * `{[__vModel__]: __config__.defaultValue}`, write-back of values into `defaultValue`; spec §3
 * "Option item": a numeric-string option value is a number; spec §8 layout mismatch).
 */
import type { FormConf, FormField, FormOption } from './types';

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

/** Every field that holds a value (has `__vModel__`), row children included, in order. */
export function valueFields(fields: FormField[]): FormField[] {
  const out: FormField[] = [];
  const walk = (list: FormField[]) => {
    for (const f of list ?? []) {
      if (f.__vModel__) out.push(f);
      const children = f.__config__?.children;
      if (Array.isArray(children)) walk(children);
    }
  };
  walk(fields);
  return out;
}

/** Deep copy of JSON-like data. */
export function deepCopy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** The form model: `__vModel__` → a copy of `__config__.defaultValue` (reference §7 Parser). */
export function buildModel(conf: FormConf): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  for (const f of valueFields(conf.fields)) model[f.__vModel__!] = deepCopy(f.__config__.defaultValue);
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
    if (key in model) f.__config__.defaultValue = deepCopy(model[key]);
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
