/**
 * Per-node form field permissions (issue 16): a user task's `flowable:fieldPermissions` holds
 * compact JSON `{"<__vModel__>": perm, "<table>.<column>": perm}` for the fields of the process's
 * start form, perm one of `editable` (可编辑), `readonly` (只读) or `hidden` (隐藏). A field that
 * is not listed is read-only (the default, i.e. the start form as the task screen always showed
 * it); a detail-table column that is not listed follows its table; a hidden table hides all its
 * columns. Only non-default entries are stored, and no attribute at all when every field is at its
 * default. Shared by the designer (writes it), the server's task form and submission check
 * (server/modules/flowable/task/task-form.ts, form-submission.ts) and the renderer. Pure.
 *
 * The task form marks each field of the start-form part with `__config__.permission` (and
 * `disabled`); `permission` readonly / hidden means: shown disabled / not shown, never validated
 * nor submitted by the renderer (`isLocked`, `unlockedTable`).
 */
import { buildModel, deepCopy, detailColumns, hasOwn, isDetailTable, isPlainObject, UNSAFE_KEYS } from './fields';
import type { FormConf, FormField } from './types';
import { hiddenKeys, isVisible } from './visibility';

export type FieldPermission = 'editable' | 'readonly' | 'hidden';
/** `key` (a `__vModel__`, or `table.column`) → permission; only non-default entries. */
export type FieldPermissions = Record<string, FieldPermission>;

export const FIELD_PERMISSIONS: readonly FieldPermission[] = ['editable', 'readonly', 'hidden'];
/** The designer's labels. */
export const PERMISSION_LABELS: Record<FieldPermission, string> = { editable: '可编辑', readonly: '只读', hidden: '隐藏' };
/** A field without an entry. */
export const DEFAULT_FIELD_PERMISSION: FieldPermission = 'readonly';

/** True for one of the three permissions. */
export const isFieldPermission = (v: unknown): v is FieldPermission => v === 'editable' || v === 'readonly' || v === 'hidden';

/** The key of a detail-table column: `table.column`. */
export const columnKey = (table: string, column: string) => `${table}.${column}`;

/** A key is a `__vModel__` or `table.column`, with no empty or unsafe part. */
function validKey(key: string): boolean {
  const parts = key.split('.');
  return parts.length <= 2 && parts.every((p) => p !== '' && !UNSAFE_KEYS.has(p));
}

/**
 * The permissions of an attribute text: entries with a valid key and permission are kept, anything
 * else is ignored (bad JSON or a non-object → `{}`, i.e. every field read-only).
 */
export function parseFieldPermissions(text: unknown): FieldPermissions {
  const out: FieldPermissions = {};
  if (typeof text !== 'string' || !text.trim()) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return out;
  }
  if (!isPlainObject(parsed)) return out;
  for (const [key, value] of Object.entries(parsed)) if (validKey(key) && isFieldPermission(value)) out[key] = value;
  return out;
}

/**
 * The attribute text of `perms`: compact JSON of the non-default entries (a field's `readonly`
 * is dropped; a column entry is kept, it overrides its table), or undefined when none is left.
 */
export function stringifyFieldPermissions(perms: FieldPermissions): string | undefined {
  const entries = Object.entries(perms).filter(([key, value]) => validKey(key) && isFieldPermission(value) && (key.includes('.') || value !== DEFAULT_FIELD_PERMISSION));
  return entries.length ? JSON.stringify(Object.fromEntries(entries)) : undefined;
}

/** A copy of `perms` with `key` set to `perm`; undefined (or a field's default) removes the entry. */
export function setFieldPermission(perms: FieldPermissions, key: string, perm: FieldPermission | undefined): FieldPermissions {
  const out: FieldPermissions = {};
  for (const [k, v] of Object.entries(perms)) if (k !== key) out[k] = v;
  if (perm && validKey(key) && (key.includes('.') || perm !== DEFAULT_FIELD_PERMISSION)) out[key] = perm;
  return out;
}

/** The permission of field `key` (default read-only). */
export function fieldPermission(perms: FieldPermissions, key: string): FieldPermission {
  return hasOwn(perms, key) && isFieldPermission(perms[key]) ? perms[key] : DEFAULT_FIELD_PERMISSION;
}

/** The permission of column `column` of table `table`: hidden with a hidden table, else its own entry, else the table's. */
export function columnPermission(perms: FieldPermissions, table: string, column: string): FieldPermission {
  const own = fieldPermission(perms, table);
  if (own === 'hidden') return 'hidden';
  const key = columnKey(table, column);
  return hasOwn(perms, key) && isFieldPermission(perms[key]) ? perms[key] : own;
}

/** The permission mark the task form put on a component (undefined when none). */
export function markOf(field: FormField): FieldPermission | undefined {
  const v = isPlainObject(field) && isPlainObject(field.__config__) ? field.__config__.permission : undefined;
  return isFieldPermission(v) ? v : undefined;
}

/** A component this node may not change (marked read-only or hidden): not validated, not submitted. */
export const isLocked = (field: FormField) => markOf(field) === 'readonly' || markOf(field) === 'hidden';

/** The detail table without its locked columns (the part a node validates and submits); the table itself when none is locked. */
export function unlockedTable(field: FormField): FormField {
  const children = isPlainObject(field?.__config__) ? field.__config__.children : undefined;
  if (!isDetailTable(field) || !Array.isArray(children) || !children.some(isLocked)) return field;
  return { ...field, __config__: { ...field.__config__, children: children.filter((c) => !isLocked(c)) } };
}

const mark = (field: FormField, perm: FieldPermission, extra: Record<string, unknown> = {}): FormField =>
  ({ ...field, disabled: perm !== 'editable', __config__: { ...field.__config__, ...extra, permission: perm } });

/** What `applyFieldPermissions` answers. */
export interface PermissionView {
  /** The start-form part as this node shows it. */
  conf: FormConf;
  /** Some field or column is editable here. */
  editable: boolean;
  /** The `__vModel__`s removed (hidden here). */
  hidden: string[];
}

/**
 * The start-form part of a task's form (`conf` = the stored, filled config) as node permissions
 * `perms` show it. Value fields whose key is in `startKeys` (row children included): hidden →
 * removed with their value; read-only → `disabled: true`, `__config__.permission: 'readonly'`;
 * editable → `disabled: false`, `permission: 'editable'`. Other value fields (forms of earlier
 * nodes) and components without a value are read-only. A detail table: hidden columns are removed
 * from its columns and from every row of its value; it is editable when one of its columns is, and
 * then its rows are fixed (`minRows = maxRows = rows`) when a column is locked or the table itself
 * is not editable, since locked cells keep their stored values by row. A visibility rule that names
 * a hidden field is decided here with the stored values (visible → the rule is dropped, so the
 * screen shows it; otherwise kept, and the screen, missing the value, hides it too). A new config;
 * `conf` is not changed.
 */
export function applyFieldPermissions(conf: FormConf, startKeys: ReadonlySet<string>, perms: FieldPermissions): PermissionView {
  const source = isPlainObject(conf) && Array.isArray(conf.fields) ? conf : { ...conf, fields: [] };
  const hidden: string[] = [];
  let editable = false;

  const table = (f: FormField, key: string, own: FieldPermission): FormField => {
    const columns = detailColumns(f);
    const perm = new Map(columns.map((c) => [c, startKeys.has(key) ? columnPermission(perms, key, c.__vModel__!) : own] as const));
    const hiddenCols = new Set(columns.filter((c) => perm.get(c) === 'hidden').map((c) => c.__vModel__!));
    const open = columns.some((c) => perm.get(c) === 'editable');
    const locked = columns.some((c) => perm.get(c) !== 'editable');
    const children = (f.__config__.children ?? [])
      .filter((c) => !(isPlainObject(c) && hiddenCols.has(c.__vModel__ as string)))
      .map((c) => (perm.has(c) ? mark(c, perm.get(c)!) : c));
    const value = f.__config__.defaultValue;
    const rows = Array.isArray(value) ? value.map((r) => (isPlainObject(r) ? Object.fromEntries(Object.entries(r).filter(([k]) => !hiddenCols.has(k))) : r)) : value;
    const fixed = open && (locked || own !== 'editable') && Array.isArray(rows) ? { minRows: rows.length, maxRows: rows.length } : {};
    editable ||= open;
    return mark(f, open ? 'editable' : 'readonly', { children, ...(value === undefined ? {} : { defaultValue: rows }), ...fixed });
  };

  const walk = (list: FormField[]): FormField[] => list.flatMap((f): FormField[] => {
    if (!isPlainObject(f) || !isPlainObject(f.__config__)) return [f];
    if (f.__config__.layout === 'rowFormItem') {
      const children = Array.isArray(f.__config__.children) ? walk(f.__config__.children) : f.__config__.children;
      return [{ ...f, __config__: { ...f.__config__, children } }];
    }
    const key = typeof f.__vModel__ === 'string' && f.__vModel__ ? f.__vModel__ : '';
    const perm = key && startKeys.has(key) ? fieldPermission(perms, key) : 'readonly';
    if (key && perm === 'hidden') {
      hidden.push(key);
      return [];
    }
    if (key && isDetailTable(f)) return [table(f, key, perm)];
    editable ||= perm === 'editable';
    return [mark(f, perm)];
  });

  const fields = walk(deepCopy(source.fields));
  if (hidden.length) resolveRules(fields, new Set(hidden), source);
  return { conf: { ...source, fields }, editable, hidden };
}

/** Drops (in place) the visibility rules that name a hidden key and hold with the stored values of `source`. */
function resolveRules(fields: FormField[], hidden: ReadonlySet<string>, source: FormConf): void {
  const model = buildModel(source);
  for (const key of hiddenKeys(source, model)) delete model[key];
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const f of list as FormField[]) {
      if (!isPlainObject(f) || !isPlainObject(f.__config__)) continue;
      const rule = f.__config__.showWhen;
      if (isPlainObject(rule) && typeof rule.field === 'string' && hidden.has(rule.field) && isVisible(f, model)) delete f.__config__.showWhen;
      visit(f.__config__.children);
    }
  };
  visit(fields);
}
