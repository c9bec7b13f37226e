/**
 * The process variables as label/value pairs for the record page (workflow spec §2 "Workflow
 * record page": "the process variables"; reference §6 Start: the form values are top-level
 * variables, `variables` holds the filled start form config). Pure; each value's text by
 * `fieldText` (variable-text.ts).
 */
import type { FormField } from '../../../../shared/form/types';
import { fieldText, plainText } from './variable-text';

export interface VariableRow {
  key: string;
  label: string;
  value: string;
  /** A long value (rich text, textarea, detail table) that takes the whole grid line. */
  full?: boolean;
}

/** Engine / bookkeeping variables left out of the generic list. */
const HIDDEN = new Set(['variables', 'INITIATOR', 'approval']);

/** Value fields of a form, row containers opened (a detail table is one field: it has a `__vModel__`). */
function flatten(fields: FormField[]): FormField[] {
  return fields.flatMap((f) => (f.__config__?.layout === 'rowFormItem' || Array.isArray(f.__config__?.children) && !f.__vModel__
    ? flatten(f.__config__?.children ?? [])
    : [f]));
}

const isLong = (f: FormField) => ['tinymce', 'detail-table'].includes(String(f.__config__?.tag)) || f.type === 'textarea';

/**
 * Rows of the variables: with a form config (`variables.fields`), one row per form field (its
 * label, the variable's value, else the field's default, as `fieldText`; `full` for rich text,
 * textarea and detail table); otherwise one row per variable except the engine ones.
 */
export function variableRows(vars: Record<string, unknown> | null | undefined): VariableRow[] {
  if (!vars) return [];
  const conf = vars.variables as { fields?: FormField[] } | undefined;
  if (conf && typeof conf === 'object' && Array.isArray(conf.fields)) {
    return flatten(conf.fields).filter((f) => f.__vModel__).map((f) => {
      const key = f.__vModel__!;
      const value = key in vars ? vars[key] : f.__config__?.defaultValue;
      const row: VariableRow = { key, label: f.__config__?.label || key, value: fieldText(f, value) };
      return isLong(f) ? { ...row, full: true } : row;
    });
  }
  return Object.entries(vars).filter(([k]) => !HIDDEN.has(k)).map(([k, v]) => ({ key: k, label: k, value: plainText(v) }));
}
