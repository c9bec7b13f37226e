/**
 * Parsing stored form JSON and building process variables from a submission
 * (spec §5 "Form designer" JSON rule, §8 'JSON格式错误，请检查'; reference §6 Start / Complete, §7).
 */
import type { FormConf, FormSubmit } from './types';

export const JSON_ERROR = 'JSON格式错误，请检查';

/** Parses a stored form's `formContent`; throws Error('JSON格式错误，请检查') on bad JSON or no `fields` array. */
export function parseFormContent(text: string): FormConf {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(JSON_ERROR);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(JSON_ERROR);
  const conf = parsed as FormConf;
  if (!Array.isArray(conf.fields)) throw new Error(JSON_ERROR);
  return conf;
}

/**
 * Process variables of a submitted form (reference §6 Start / Complete): the value map as
 * top-level variables, plus `variables` = the filled config, read-only and without buttons.
 */
export function formVariables(s: FormSubmit): Record<string, unknown> {
  return { ...s.valData, variables: { ...s.formData, disabled: true, formBtns: false } };
}
