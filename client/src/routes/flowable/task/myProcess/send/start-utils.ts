/**
 * Pure rules of the start screen (workflow spec §2 "Start-process screen", §4 "Starting a
 * process"; reference §6 Start, §7 Parser): the editable form of the deployment's main form, and
 * the variables a start sends.
 */
import { formVariables, type FormConf, type FormSubmit } from '../../../../../components/form-render';

/**
 * The main form of `startFlow` as an editable form without its own buttons (the screen shows
 * 提交 / 重置), or null when the deployment has none (or the stored JSON has no `fields`).
 */
export function startConf(formData: unknown): FormConf | null {
  if (!formData || typeof formData !== 'object' || Array.isArray(formData)) return null;
  const conf = formData as FormConf;
  if (!Array.isArray(conf.fields)) return null;
  return { ...conf, disabled: false, formBtns: false };
}

/**
 * The variables of `definition.start`: the form's (value map + read-only copy as `variables`,
 * see formVariables) or none without a form, plus the picked recipients (`approval` or the
 * multi-instance collection).
 */
export function startVariables(submit: FormSubmit | null, recipients: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(submit ? formVariables(submit) : {}), ...recipients };
}
