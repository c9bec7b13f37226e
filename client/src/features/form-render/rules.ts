/**
 * Validation of a stored form's fields (reference §7 Parser buildRules; spec §5 "Form designer":
 * required → the placeholder, or `<label>不能为空`, or for arrays `请至少选择一个<label>`; plus the
 * `regList` patterns with their messages).
 */
import { valueFields } from './fields';
import type { FormConf, FormField } from './types';

export interface FieldRule {
  required?: boolean;
  /** A pattern rule checks only a non-empty value (async-validator behaviour). */
  pattern?: RegExp;
  message: string;
}

/** Tags validated when they lose focus; the others on change (form-generator ruleTrigger). */
const BLUR_TAGS = new Set(['el-input', 'el-input-number', 'tinymce']);

/** 'blur' for text inputs, 'change' for pickers. */
export function ruleTrigger(field: FormField): 'blur' | 'change' {
  return BLUR_TAGS.has(String(field.__config__.tag)) ? 'blur' : 'change';
}

/**
 * A regList pattern as stored by the designer ('/^1\\d{10}$/' or '/x/i', or a bare source) →
 * RegExp; null when it does not compile.
 */
export function toRegExp(pattern: unknown): RegExp | null {
  if (pattern instanceof RegExp) return pattern;
  if (typeof pattern !== 'string' || !pattern.trim()) return null;
  const s = pattern.trim();
  const m = /^\/(.*)\/([dgimsuvy]*)$/s.exec(s);
  try {
    return m ? new RegExp(m[1], m[2].replace(/g|y/g, '')) : new RegExp(s);
  } catch {
    return null;
  }
}

/** Empty for `required`: null/undefined, blank text, an empty array, or an upload's '[]'. */
export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '' || v.trim() === '[]';
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

/** The rules of one field: required first, then the regList patterns (a required field without regList still gets its rule). */
export function fieldRules(field: FormField): FieldRule[] {
  const config = field.__config__;
  if (!Array.isArray(config.regList) && !config.required) return [];
  const rules: FieldRule[] = [];
  if (config.required) {
    const placeholder = typeof field.placeholder === 'string' && field.placeholder ? field.placeholder : undefined;
    const message = Array.isArray(config.defaultValue) || field.multiple === true
      ? `请至少选择一个${config.label ?? ''}`
      : placeholder ?? `${config.label ?? ''}不能为空`;
    rules.push({ required: true, message });
  }
  for (const item of config.regList ?? []) {
    const re = toRegExp(item?.pattern);
    if (re) rules.push({ pattern: re, message: item.message ?? '' });
  }
  return rules;
}

/** The first failing message of a value against its rules, or null. */
export function checkValue(rules: FieldRule[], value: unknown): string | null {
  for (const r of rules) {
    if (r.required && isEmptyValue(value)) return r.message;
    if (r.pattern && !isEmptyValue(value)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => !r.pattern!.test(String(v)))) return r.message;
    }
  }
  return null;
}

/** `__vModel__` → rules for every field of the form that has any. */
export function buildRules(conf: FormConf): Record<string, FieldRule[]> {
  const out: Record<string, FieldRule[]> = {};
  for (const f of valueFields(conf.fields)) {
    const rules = fieldRules(f);
    if (rules.length) out[f.__vModel__!] = rules;
  }
  return out;
}

/** Messages of every failing field (`__vModel__` → message). */
export function validateModel(rules: Record<string, FieldRule[]>, model: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, list] of Object.entries(rules)) {
    const msg = checkValue(list, model[key]);
    if (msg) errors[key] = msg;
  }
  return errors;
}
