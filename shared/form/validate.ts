/**
 * One check of a submission against its stored form, used by the renderer (client) and by the
 * server (start, complete, resolve): every visible value field's rules (field-check.ts), and
 * detail tables (data format: an array of plain row objects; `<label>至少需要<minRows>行`,
 * `<label>最多<maxRows>行` with maxRows at most DETAIL_TABLE_MAX_ROWS, a failing cell `<label>第<n>行：<cell message>`, required
 * `请至少添加一行<label>`, not an array `<label>格式错误`). Hidden fields (visibility.ts) are
 * skipped. Pure: never throws on any JSON input and never changes its inputs.
 */
import { fieldError, numberProp } from './field-check';
import { detailColumns, hasOwn, isDetailTable, isPlainObject, UNSAFE_KEYS } from './fields';
import { isEmptyValue, requiredMessage } from './rules';
import type { FieldError, FormConf, FormField } from './types';
import { isVisible, visibleValueFields } from './visibility';

export interface ValidateOptions {
  /** Only the keys present in `values` are checked (nothing is re-required). */
  partial?: boolean;
}

/**
 * Most rows a detail table may hold, whatever its `maxRows` says (issue 38 §6: a row cap so one
 * submission cannot make every reader walk an unbounded table): `<label>最多1000行`.
 */
export const DETAIL_TABLE_MAX_ROWS = 1000;

const labelOf = (field: FormField) => (typeof field.__config__.label === 'string' ? field.__config__.label : '');

/** The detail table's message for `rows`, or null (see the file comment). `model` = the form's values (for column visibility). */
export function detailTableError(field: FormField, rows: unknown, model: Record<string, unknown> = {}): string | null {
  const config = field.__config__;
  const label = labelOf(field);
  if (rows === undefined || rows === null || (Array.isArray(rows) && rows.length === 0)) {
    if (config.required === true) return requiredMessage(field);
  }
  if (rows === undefined || rows === null) rows = [];
  if (!Array.isArray(rows)) return `${label}格式错误`;
  const minRows = numberProp(config, 'minRows') ?? 0;
  const own = numberProp(config, 'maxRows');
  // The form's maxRows, never above the platform's cap (issue 38 §6); checked before any row is read.
  const maxRows = own === undefined ? DETAIL_TABLE_MAX_ROWS : Math.min(own, DETAIL_TABLE_MAX_ROWS);
  if (rows.length > maxRows) return `${label}最多${maxRows}行`;
  if (!rows.every(isPlainObject)) return `${label}格式错误`;
  if (rows.length < minRows) return `${label}至少需要${minRows}行`;
  const columns = detailColumns(field);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    const scope = { ...safeCopy(model), ...safeCopy(row) };
    for (const column of columns) {
      if (!isVisible(column, scope)) continue;
      const key = column.__vModel__!;
      const msg = fieldError(column, hasOwn(row, key) ? row[key] : undefined);
      if (msg !== null) return `${label}第${i + 1}行：${msg}`;
    }
  }
  return null;
}

/** A shallow copy without the unsafe keys. */
function safeCopy(o: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isPlainObject(o)) return out;
  for (const key of Object.keys(o)) if (!UNSAFE_KEYS.has(key)) out[key] = o[key];
  return out;
}

/**
 * The message of one field's value (detail table or any other component), or null. `model` is
 * the whole value map (detail-table columns may have visibility rules naming other fields).
 */
export function checkField(field: FormField, value: unknown, model: Record<string, unknown> = {}): string | null {
  if (!isPlainObject(field) || !isPlainObject(field.__config__)) return null;
  return isDetailTable(field) ? detailTableError(field, value, model) : fieldError(field, value);
}

/**
 * Every failing visible value field of `values` (`__vModel__` → value) against form `conf`, in
 * form order: `[{field: __vModel__, message}]` (empty when valid). With `partial`, keys absent
 * from `values` are not checked. Input that is not a plain object counts as no values.
 */
export function validateSubmission(conf: FormConf, values: unknown, opts: ValidateOptions = {}): FieldError[] {
  const model = safeCopy(values);
  const out: FieldError[] = [];
  if (!isPlainObject(conf) || !Array.isArray(conf.fields)) return out;
  for (const field of visibleValueFields(conf, model)) {
    const key = field.__vModel__!;
    if (UNSAFE_KEYS.has(key)) continue;
    const present = hasOwn(model, key);
    if (opts.partial === true && !present) continue;
    const message = checkField(field, present ? model[key] : undefined, model);
    if (message !== null) out.push({ field: key, message });
  }
  return out;
}

/** Detail-table rows restricted to their columns' keys (a new array of new objects). */
export function cleanRows(field: FormField, rows: unknown): Record<string, unknown>[] {
  if (!Array.isArray(rows)) return [];
  const keys = detailColumns(field).map((c) => c.__vModel__!).filter((k) => !UNSAFE_KEYS.has(k));
  return rows.filter(isPlainObject).map((row) => {
    const out: Record<string, unknown> = {};
    for (const k of keys) if (hasOwn(row, k)) out[k] = row[k];
    return out;
  });
}
