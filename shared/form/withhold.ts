/**
 * Values withheld from a reader (issue 16 field permissions outside the task screen): keys are
 * start-form `__vModel__`s or detail-table columns `table.column` (shared/form/permissions.ts
 * keys). `withholdVariables` removes them from an instance's variables: the top-level values
 * (columns from every row) and the stored form copy `variables` (fields, columns and their
 * values). A new object; the input is not changed.
 */
import { isDetailTable, isPlainObject } from './fields';
import type { FormField } from './types';

type Vars = Record<string, unknown>;

/** Rows without the columns `cols`. */
const stripRows = (rows: unknown, cols: ReadonlySet<string>) =>
  Array.isArray(rows) ? rows.map((r) => (isPlainObject(r) ? Object.fromEntries(Object.entries(r).filter(([k]) => !cols.has(k))) : r)) : rows;

/** The columns of `table` among `keys` (`table.column`). */
function columnsOf(keys: ReadonlySet<string>, table: string): Set<string> {
  const out = new Set<string>();
  for (const k of keys) if (k.startsWith(`${table}.`)) out.add(k.slice(table.length + 1));
  return out;
}

function withholdFields(list: unknown, keys: ReadonlySet<string>): unknown {
  if (!Array.isArray(list)) return list;
  return (list as FormField[]).flatMap((f): FormField[] => {
    if (!isPlainObject(f) || !isPlainObject(f.__config__)) return [f];
    const key = typeof f.__vModel__ === 'string' ? f.__vModel__ : '';
    if (key && keys.has(key)) return [];
    if (f.__config__.layout === 'rowFormItem') return [{ ...f, __config__: { ...f.__config__, children: withholdFields(f.__config__.children, keys) as FormField[] } }];
    if (key && isDetailTable(f)) {
      const cols = columnsOf(keys, key);
      if (!cols.size) return [f];
      const children = (f.__config__.children ?? []).filter((c) => !(isPlainObject(c) && cols.has(c.__vModel__ as string)));
      const value = f.__config__.defaultValue;
      return [{ ...f, __config__: { ...f.__config__, children, ...(value === undefined ? {} : { defaultValue: stripRows(value, cols) }) } }];
    }
    return [f];
  });
}

/** `vars` without the values of `keys` (see the file comment). */
export function withholdVariables(vars: Vars, keys: ReadonlySet<string>): Vars {
  if (!keys.size) return vars;
  const out: Vars = {};
  for (const [k, v] of Object.entries(vars)) {
    if (keys.has(k)) continue;
    const cols = columnsOf(keys, k);
    out[k] = cols.size ? stripRows(v, cols) : v;
  }
  if (isPlainObject(out.variables) && Array.isArray(out.variables.fields)) out.variables = { ...out.variables, fields: withholdFields(out.variables.fields, keys) };
  return out;
}
