/**
 * Pure model helpers of the renderer (reference §7 Parser model; data format: a detail table's
 * value is an array of row objects and starts with `minRows` new rows; the submitted values leave
 * hidden fields out, shared/form visibility). One source of rules: shared/form.
 */
import {
  asNumber, buildModel, checkField, deepCopy, cleanRows, detailColumns, isDetailTable, numberProp, validateSubmission, valueFields, visibleValues,
  type FormConf, type FormField,
} from '../../../../shared/form';

/** The starting model: `buildModel`, with each detail table padded to its `minRows` new rows. */
export function initialModel(form: FormConf): Record<string, unknown> {
  const model = buildModel(form);
  for (const f of valueFields(form.fields)) {
    if (!isDetailTable(f)) continue;
    const rows = tableRows(model[f.__vModel__!]);
    const minRows = numberProp(f.__config__, 'minRows') ?? 0;
    while (rows.length < minRows) rows.push(newRow(detailColumns(f)));
    model[f.__vModel__!] = rows;
  }
  return model;
}

/** `__vModel__` → field for every top-level value field. */
export function fieldMap(form: FormConf): Map<string, FormField> {
  return new Map(valueFields(form.fields).map((f) => [f.__vModel__!, f]));
}

/** Every failing visible field: `__vModel__` → message (shared/form validateSubmission). */
export function modelErrors(form: FormConf, model: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of validateSubmission(form, model)) out[e.field] = e.message;
  return out;
}

/** The message of one field's value in `model`, or null (shared/form checkField). */
export function fieldMessage(field: FormField | undefined, model: Record<string, unknown>): string | null {
  return field ? checkField(field, model[field.__vModel__!], model) : null;
}

/** The submitted value map: visible fields only; detail-table rows keep only their columns. */
export function submittedValues(form: FormConf, model: Record<string, unknown>): Record<string, unknown> {
  const values = visibleValues(form, model);
  for (const f of valueFields(form.fields)) {
    const key = f.__vModel__!;
    if (isDetailTable(f) && Object.prototype.hasOwnProperty.call(values, key)) values[key] = cleanRows(f, values[key]);
  }
  return JSON.parse(JSON.stringify(values)) as Record<string, unknown>;
}

export type Row = Record<string, unknown>;

/** The rows of a table value (anything else → no rows). */
export function tableRows(value: unknown): Row[] {
  return Array.isArray(value) ? value.filter((r): r is Row => !!r && typeof r === 'object' && !Array.isArray(r)) : [];
}

/** A new row: each column's `__config__.defaultValue` (copied). */
export function newRow(columns: FormField[]): Row {
  const row: Row = {};
  for (const c of columns) row[c.__vModel__!] = deepCopy(c.__config__.defaultValue);
  return row;
}

/** Sum of a number column over the rows (non-numbers ignored), rounded to 10 decimals. */
export function columnSum(rows: Row[], key: string): number {
  const total = rows.reduce((s, r) => s + (asNumber(r[key]) ?? 0), 0);
  return Number(total.toFixed(10));
}

