/**
 * 表单权限 of a user task (issue 16: per-node permissions of the start form's fields), read by the
 * server from `<bpmn:userTask flowable:fieldPermissions>` (shared/bpmn/flowable-moddle.ts
 * `UserTaskExt`): compact JSON of the non-default entries, `{"day":"editable","items.amount":"hidden"}`
 * (rules: shared/form/permissions.ts). A field without an entry is 只读; a detail-table column
 * without one follows its table (同表格). No entries left removes the attribute. The start form is
 * the `flowable:formKey` (a sys_form id) of the process's start event.
 */
import {
  columnKey, columnPermission, detailColumns, fieldPermission, hasOwn, isDetailTable, isPlainObject, parseFieldPermissions, setFieldPermission,
  stringifyFieldPermissions, valueFields, type FieldPermission, type FieldPermissions, type FormConf,
} from '../../../../../../shared/form';
import { ext, type ModdleEl, type ModdleOps } from '../ops';

/** The permissions written on `bo` (`{}` when none). */
export function readFieldPermissions(bo: ModdleEl): FieldPermissions {
  return parseFieldPermissions(ext(bo, 'fieldPermissions'));
}

/** Sets one entry (`undefined`: back to the default: 只读 for a field, 同表格 for a column); one command. */
export function writeFieldPermission(ops: ModdleOps, bo: ModdleEl, key: string, perm: FieldPermission | undefined): void {
  ops.update(bo, { 'flowable:fieldPermissions': stringifyFieldPermissions(setFieldPermission(readFieldPermissions(bo), key, perm)) });
}

/** Keeps only the entries of `keys` (stale ones of removed fields dropped); one command. */
export function keepFieldPermissions(ops: ModdleOps, bo: ModdleEl, keys: ReadonlySet<string>): void {
  const kept = Object.fromEntries(Object.entries(readFieldPermissions(bo)).filter(([k]) => keys.has(k))) as FieldPermissions;
  ops.update(bo, { 'flowable:fieldPermissions': stringifyFieldPermissions(kept) });
}

/** Removes the attribute (every field back to 只读). */
export function clearFieldPermissions(ops: ModdleOps, bo: ModdleEl): void {
  ops.update(bo, { 'flowable:fieldPermissions': undefined });
}

/** The process that holds `bo` (through sub-processes), or undefined. */
function processOf(bo: ModdleEl): ModdleEl | undefined {
  let el: ModdleEl | undefined = bo;
  while (el && el.$type !== 'bpmn:Process') el = el.$parent;
  return el;
}

/**
 * The start form id of the process of `bo`: `flowable:formKey` of its top-level start event (a
 * none start event first); '' when there is none.
 */
export function startFormKey(bo: ModdleEl): string {
  const process = processOf(bo);
  const starts = ((process?.get('flowElements') as ModdleEl[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:StartEvent');
  const none = starts.filter((e) => !((e.get('eventDefinitions') as unknown[] | undefined) ?? []).length);
  for (const e of [...none, ...starts]) {
    const key = ext(e, 'formKey').trim();
    if (key) return key;
  }
  return '';
}

/** One line of the section: a field, or a column of the detail table above it. */
export interface PermissionLine {
  key: string;
  label: string;
  /** `__vModel__` of the field or column. */
  name: string;
  column: boolean;
  /** The effective permission. */
  value: FieldPermission;
  /** A column without its own entry (it follows its table). */
  inherited: boolean;
}

/** The lines of the start form `conf` with `perms`, in form order (row children included, each table followed by its columns). */
export function permissionLines(conf: FormConf, perms: FieldPermissions): PermissionLine[] {
  const out: PermissionLine[] = [];
  const fields = isPlainObject(conf) && Array.isArray(conf.fields) ? conf.fields : [];
  for (const f of valueFields(fields)) {
    const name = f.__vModel__!;
    const label = typeof f.__config__.label === 'string' && f.__config__.label ? f.__config__.label : name;
    out.push({ key: name, label, name, column: false, value: fieldPermission(perms, name), inherited: false });
    if (!isDetailTable(f)) continue;
    for (const c of detailColumns(f)) {
      const key = columnKey(name, c.__vModel__!);
      const cl = typeof c.__config__.label === 'string' && c.__config__.label ? c.__config__.label : c.__vModel__!;
      out.push({ key, label: cl, name: c.__vModel__!, column: true, value: columnPermission(perms, name, c.__vModel__!), inherited: !hasOwn(perms, key) });
    }
  }
  return out;
}
