/**
 * Required and regList rules of a stored form's fields (reference §7 Parser buildRules; spec §5
 * "Form designer": required → the placeholder, or `<label>不能为空`, or for arrays
 * `请至少选择一个<label>`; plus the `regList` patterns with their messages). The other rules
 * (numbers, maxlength, options, detail tables, shapes) are in validate.ts, which starts from these.
 */
import { valueFields } from './fields';
import { compileStoredPattern, patternProblem, splitPattern, type SafePattern } from './regex-safety';
import { DETAIL_TABLE_TAG, type FormConf, type FormField } from './types';

export interface FieldRule {
  required?: boolean;
  /** A pattern rule checks only a non-empty value (async-validator behaviour); run in linear time (issue 38 §6). */
  pattern?: SafePattern;
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
 * RegExp, for the code generator's output; null when it does not compile or may not be stored
 * (regex-safety.ts patternProblem: too long, lookaround, catastrophic backtracking — issue 38 §6).
 * Validation never runs this RegExp: fieldRules uses compileStoredPattern (linear time).
 */
export function toRegExp(pattern: unknown): RegExp | null {
  if (pattern instanceof RegExp) return patternProblem(`/${pattern.source}/${pattern.flags}`) ? null : pattern;
  const parts = splitPattern(pattern);
  if (!parts || patternProblem(pattern)) return null;
  try {
    return new RegExp(parts.source, parts.flags);
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

/**
 * The `required` message of a field (spec §5 "Form designer"): a detail table
 * `请至少添加一行<label>`; an array value or a `multiple` field `请至少选择一个<label>`; else the
 * placeholder, or `<label>不能为空`.
 */
export function requiredMessage(field: FormField): string {
  const config = field.__config__;
  const label = typeof config.label === 'string' ? config.label : '';
  if (config.tag === DETAIL_TABLE_TAG) return `请至少添加一行${label}`;
  const placeholder = typeof field.placeholder === 'string' && field.placeholder ? field.placeholder : undefined;
  return Array.isArray(config.defaultValue) || field.multiple === true || config.tag === 'el-checkbox-group'
    ? `请至少选择一个${label}`
    : placeholder ?? `${label}不能为空`;
}

/** The rules of one field: required first, then the regList patterns (a required field without regList still gets its rule). */
export function fieldRules(field: FormField): FieldRule[] {
  const config = field.__config__;
  if (!config || (!Array.isArray(config.regList) && !config.required)) return [];
  const rules: FieldRule[] = [];
  if (config.required === true) rules.push({ required: true, message: requiredMessage(field) });
  for (const item of Array.isArray(config.regList) ? config.regList : []) {
    const re = compileStoredPattern(item?.pattern);
    if (re) rules.push({ pattern: re, message: typeof item.message === 'string' ? item.message : '' });
  }
  return rules;
}

/** The first failing message of a value against its rules, or null. */
export function checkValue(rules: FieldRule[], value: unknown): string | null {
  for (const r of rules) {
    if (r.required && isEmptyValue(value)) return r.message;
    if (r.pattern && !isEmptyValue(value)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => !r.pattern!.test(typeof v === 'string' ? v : JSON.stringify(v) ?? ''))) return r.message;
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
