/**
 * The visibility rule of a stored form's components (data format: `__config__.showWhen =
 * {field, value?}`): a component shows only when the field whose `__vModel__` is `field` is
 * non-empty (no `value` key), or equals `value` (when that field's value is an array: contains
 * it). Numeric strings compare as numbers (spec §3 "Option item"). A hidden field is not
 * rendered, not validated, and its key is left out of the submitted values; a hidden row
 * container hides its children; a field whose trigger is itself hidden counts its trigger as empty.
 */
import { hasOwn, isNumberStr, isPlainObject, UNSAFE_KEYS, valueFields } from './fields';
import { isEmptyValue } from './rules';
import type { FormConf, FormField } from './types';

/** Two option-like values equal, numeric strings read as numbers ('1' equals 1). */
export function sameValue(a: unknown, b: unknown): boolean {
  const na = isNumberStr(a) ? Number(a) : a;
  const nb = isNumberStr(b) ? Number(b) : b;
  if (na === nb) return true;
  if (typeof na === 'object' && typeof nb === 'object' && na !== null && nb !== null) return JSON.stringify(na) === JSON.stringify(nb);
  return false;
}

/**
 * True when `field`'s own rule holds against `model` (`__vModel__` → value): no rule (or a
 * malformed one) → true. Does not look at containers or at the trigger's own visibility (see
 * hiddenKeys / visibleValues for that).
 */
export function isVisible(field: FormField, model: Record<string, unknown>): boolean {
  const rule = isPlainObject(field) && isPlainObject(field.__config__) ? field.__config__.showWhen : undefined;
  if (!isPlainObject(rule) || typeof rule.field !== 'string' || !rule.field) return true;
  const v = isPlainObject(model) && hasOwn(model, rule.field) ? model[rule.field] : undefined;
  if (!hasOwn(rule, 'value')) return !isEmptyValue(v);
  if (Array.isArray(v)) return v.some((x) => sameValue(x, rule.value));
  return sameValue(v, rule.value);
}

/** Every component with a `__vModel__` or children, with the chain of row containers above it. */
function walkAll(fields: unknown, parents: FormField[] = [], out: Array<{ field: FormField; parents: FormField[] }> = []) {
  if (!Array.isArray(fields)) return out;
  for (const f of fields as FormField[]) {
    if (!isPlainObject(f) || !isPlainObject(f.__config__)) continue;
    out.push({ field: f, parents });
    if (f.__config__.layout === 'rowFormItem') walkAll(f.__config__.children, [...parents, f], out);
  }
  return out;
}

/**
 * The components hidden by their rule or by a hidden container, given `model`. Computed to a
 * fixed point: a hidden field's value counts as empty for the rules that name it (the hidden
 * set only grows, so this ends).
 */
export function hiddenFields(conf: FormConf, model: Record<string, unknown>): Set<FormField> {
  const all = walkAll(isPlainObject(conf) ? conf.fields : undefined);
  const source = isPlainObject(model) ? model : {};
  const hidden = new Set<FormField>();
  for (let pass = 0; pass <= all.length; pass++) {
    const hiddenKeys = new Set([...hidden].map((f) => f.__vModel__).filter((k): k is string => typeof k === 'string'));
    const seen: Record<string, unknown> = {};
    for (const key of Object.keys(source)) if (!hiddenKeys.has(key) && !UNSAFE_KEYS.has(key)) seen[key] = source[key];
    let grew = false;
    for (const { field, parents } of all) {
      if (hidden.has(field)) continue;
      if (parents.some((p) => hidden.has(p)) || !isVisible(field, seen)) {
        hidden.add(field);
        grew = true;
      }
    }
    if (!grew) break;
  }
  return hidden;
}

/** The `__vModel__`s of the hidden value fields (top level and row children). */
export function hiddenKeys(conf: FormConf, model: Record<string, unknown>): Set<string> {
  const hidden = hiddenFields(conf, model);
  return new Set(valueFields(isPlainObject(conf) && Array.isArray(conf.fields) ? conf.fields : [])
    .filter((f) => hidden.has(f)).map((f) => f.__vModel__!));
}

/** The visible value fields of the form, in order. */
export function visibleValueFields(conf: FormConf, model: Record<string, unknown>): FormField[] {
  const hidden = hiddenFields(conf, model);
  return valueFields(isPlainObject(conf) && Array.isArray(conf.fields) ? conf.fields : []).filter((f) => !hidden.has(f));
}

/**
 * The submitted value map: `__vModel__` → value for every visible value field present in
 * `model` (hidden fields' keys are left out). A new object; `model` is not changed.
 */
export function visibleValues(conf: FormConf, model: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isPlainObject(model)) return out;
  for (const f of visibleValueFields(conf, model)) {
    const key = f.__vModel__!;
    if (!UNSAFE_KEYS.has(key) && hasOwn(model, key)) out[key] = model[key];
  }
  return out;
}
