/**
 * The server's hold of a task submission to the node's field permissions (issue 16; the rules in
 * permissions.ts): which submitted start-form values a node may change. Used by
 * server/modules/flowable/common/form-submission.ts before the field rules run. Pure.
 *
 * - hidden field: any submitted value is refused (the node never saw it);
 * - read-only field: a value equal to the stored one is ignored (nothing to write), any other is refused;
 * - editable field: kept (the caller then checks it with the field's rules and saves it);
 * - detail table with an editable column: rows are matched by position; when a column is locked
 *   (or the table itself is not editable) the row count must stay; a locked cell keeps its stored
 *   value (a hidden column's cell may not be sent, a read-only one only unchanged);
 * - detail table without an editable column: as a read-only field.
 *
 * Messages: `字段「<label>」在当前节点不可编辑`, `字段「<table>」的「<column>」列在当前节点不可编辑`,
 * `字段「<table>」在当前节点不能增删行`.
 */
import { cleanRows } from './validate';
import { detailColumns, hasOwn, isDetailTable, isPlainObject, UNSAFE_KEYS, valueFields } from './fields';
import { columnPermission, fieldPermission, type FieldPermissions } from './permissions';
import type { FormConf, FormField } from './types';

export type PermissionCheck = { values: Record<string, unknown>; error?: undefined } | { error: string; values?: undefined };

const labelOf = (f: FormField) => (typeof f.__config__.label === 'string' && f.__config__.label ? f.__config__.label : f.__vModel__ ?? '');

/** JSON text with object keys sorted (values compared regardless of key order). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isPlainObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** Two JSON values are equal (object key order ignored; undefined reads as null). */
export const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

export const notEditable = (label: string) => `字段「${label}」在当前节点不可编辑`;
export const columnNotEditable = (table: string, column: string) => `字段「${table}」的「${column}」列在当前节点不可编辑`;
export const rowsFixed = (table: string) => `字段「${table}」在当前节点不能增删行`;

/**
 * The submitted start-form values (`submitted`: `__vModel__` → value, start-form keys only) a
 * node with permissions `perms` may write, given the stored values `stored`: `{values}` (read-only
 * unchanged keys left out, detail-table rows with their locked cells restored) or `{error}` (the
 * first refusal, see the file comment). Keys that are no field of `start` are left out.
 */
export function permittedValues(start: FormConf, perms: FieldPermissions, stored: Record<string, unknown>, submitted: Record<string, unknown>): PermissionCheck {
  const fields = new Map(valueFields(isPlainObject(start) && Array.isArray(start.fields) ? start.fields : []).map((f) => [f.__vModel__!, f]));
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(submitted)) {
    const field = fields.get(key);
    if (!field || UNSAFE_KEYS.has(key)) continue;
    const before = hasOwn(stored, key) ? stored[key] : undefined;
    const perm = fieldPermission(perms, key);
    if (perm === 'hidden') return { error: notEditable(labelOf(field)) };
    const table = isDetailTable(field);
    if (table && detailColumns(field).some((c) => columnPermission(perms, key, c.__vModel__!) === 'editable')) {
      const r = tableRows(field, perms, before, submitted[key]);
      if (r.error !== undefined) return { error: r.error };
      values[key] = r.rows;
    } else if (!table && perm === 'editable') {
      values[key] = submitted[key];
    } else if (!sameJson(submitted[key], before) && !(table && sameJson(cleanRows(field, submitted[key]), before))) {
      return { error: notEditable(labelOf(field)) };
    }
  }
  return { values };
}

/** The rows an editable table may take (locked cells restored), or the refusal's message. */
function tableRows(field: FormField, perms: FieldPermissions, before: unknown, value: unknown): { rows: unknown; error?: undefined } | { error: string } {
  const key = field.__vModel__!;
  if (!Array.isArray(value) || !value.every(isPlainObject)) return { rows: value }; // the field rules answer <label>格式错误
  const columns = detailColumns(field);
  const locked = columns.filter((c) => columnPermission(perms, key, c.__vModel__!) !== 'editable');
  if (!locked.length && fieldPermission(perms, key) === 'editable') return { rows: value };
  const old = (Array.isArray(before) ? before : []).map((r) => (isPlainObject(r) ? r : {}));
  if (value.length !== old.length) return { error: rowsFixed(labelOf(field)) };
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < value.length; i++) {
    const row: Record<string, unknown> = { ...(value[i] as Record<string, unknown>) };
    for (const c of locked) {
      const col = c.__vModel__!;
      const perm = columnPermission(perms, key, col);
      if (hasOwn(row, col) && (perm === 'hidden' || !sameJson(row[col], old[i][col]))) return { error: columnNotEditable(labelOf(field), labelOf(c)) };
      if (hasOwn(old[i], col)) row[col] = old[i][col];
      else delete row[col];
    }
    rows.push(row);
  }
  return { rows };
}
