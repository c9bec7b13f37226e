/**
 * The process variables as label/value pairs for the record page (workflow spec §2 "Workflow
 * record page": "the process variables"; reference §6 Start: the form values are top-level
 * variables, `variables` holds the filled start form config). Pure.
 */

interface FieldLike {
  __config__?: { label?: string; defaultValue?: unknown; children?: FieldLike[]; layout?: string };
  __slot__?: { options?: { label?: string; value?: unknown; children?: unknown[] }[] };
  __vModel__?: string;
  [key: string]: unknown;
}

export interface VariableRow {
  key: string;
  label: string;
  value: string;
}

/** Engine / bookkeeping variables left out of the generic list. */
const HIDDEN = new Set(['variables', 'INITIATOR', 'approval']);

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return v.map(show).filter(Boolean).join('，');
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  return String(v);
};

type Options = NonNullable<FieldLike['__slot__']>['options'];

function optionLabel(options: Options, v: unknown): string {
  if (!options?.length) return show(v);
  const one = (x: unknown) => options.find((o) => String(o.value) === String(x))?.label ?? show(x);
  return Array.isArray(v) ? v.map(one).join('，') : one(v);
}

function flatten(fields: FieldLike[]): FieldLike[] {
  return fields.flatMap((f) => (f.__config__?.layout === 'rowFormItem' || Array.isArray(f.__config__?.children) && !f.__vModel__
    ? flatten(f.__config__?.children ?? [])
    : [f]));
}

/**
 * Rows of the variables: with a form config (`variables.fields`), one row per form field
 * (its label, the variable's value, option values shown by their labels); otherwise one row per
 * variable except the engine ones.
 */
export function variableRows(vars: Record<string, unknown> | null | undefined): VariableRow[] {
  if (!vars) return [];
  const conf = vars.variables as { fields?: FieldLike[] } | undefined;
  if (conf && typeof conf === 'object' && Array.isArray(conf.fields)) {
    return flatten(conf.fields).filter((f) => f.__vModel__).map((f) => {
      const key = f.__vModel__!;
      const value = key in vars ? vars[key] : f.__config__?.defaultValue;
      return { key, label: f.__config__?.label || key, value: optionLabel(f.__slot__?.options, value) };
    });
  }
  return Object.entries(vars).filter(([k]) => !HIDDEN.has(k)).map(([k, v]) => ({ key: k, label: k, value: show(v) }));
}
