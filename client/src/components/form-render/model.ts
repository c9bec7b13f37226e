/**
 * Pure model helpers of the renderer (reference §7 Parser model; data format: a detail table's
 * value is an array of row objects and starts with `minRows` new rows; the submitted values leave
 * hidden fields out, shared/form visibility). Fields and detail-table columns a task node locked
 * (`__config__.permission` readonly / hidden, shared/form permissions.ts) are neither validated nor
 * submitted. One source of rules: shared/form.
 */
import {
  asNumber, buildModel, checkField, deepCopy, cleanRows, detailColumns, isDetailTable, isLocked, numberProp, unlockedTable, validateSubmission, valueFields, visibleValues,
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

/** The `__vModel__`s of the value fields a task node locked (not validated, not submitted). */
export function lockedKeys(form: FormConf): Set<string> {
  return new Set(valueFields(form.fields).filter(isLocked).map((f) => f.__vModel__!));
}

/** The form as it is checked: each detail table without its locked columns (row containers included). */
function checkedForm(form: FormConf): FormConf {
  const strip = (list: FormField[]): FormField[] => list.map((f) => {
    if (f?.__config__?.layout === 'rowFormItem' && Array.isArray(f.__config__.children)) return { ...f, __config__: { ...f.__config__, children: strip(f.__config__.children) } };
    return isDetailTable(f) ? unlockedTable(f) : f;
  });
  return { ...form, fields: strip(Array.isArray(form.fields) ? form.fields : []) };
}

/** Every failing visible field this form may change: `__vModel__` → message (shared/form validateSubmission). */
export function modelErrors(form: FormConf, model: Record<string, unknown>): Record<string, string> {
  const locked = lockedKeys(form);
  const out: Record<string, string> = {};
  for (const e of validateSubmission(checkedForm(form), model)) if (!locked.has(e.field)) out[e.field] = e.message;
  return out;
}

/** The message of one field's value in `model`, or null (shared/form checkField; null for a locked field). */
export function fieldMessage(field: FormField | undefined, model: Record<string, unknown>): string | null {
  if (!field || isLocked(field)) return null;
  return checkField(isDetailTable(field) ? unlockedTable(field) : field, model[field.__vModel__!], model);
}

/**
 * The submitted value map: visible fields only, locked ones left out; detail-table rows keep only
 * their columns that are not locked.
 */
export function submittedValues(form: FormConf, model: Record<string, unknown>): Record<string, unknown> {
  const values = visibleValues(form, model);
  for (const key of lockedKeys(form)) delete values[key];
  for (const f of valueFields(form.fields)) {
    const key = f.__vModel__!;
    if (isDetailTable(f) && Object.prototype.hasOwnProperty.call(values, key)) values[key] = cleanRows(unlockedTable(f), values[key]);
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

