/**
 * The form of a task screen (`flowTaskForm`, PRE-VFORM; reference §6 "Task form"): the filled start
 * form config stored in variable `variables`, plus the node's own form (userTask formKey = sys_form
 * id) appended editable; a node form whose fields are already in `variables` (the node ran before:
 * returned, rejected or delegated back) is shown once, editable, with the values it was saved with.
 *
 * Field permissions (issue 16, shared/form/permissions.ts): when the node has
 * `flowable:fieldPermissions`, the start-form part follows them (editable fields enabled, read-only
 * ones disabled, hidden ones and hidden detail-table columns removed with their values, so this
 * reply never carries them); the fields of the deployment's main form are the start fields, other
 * fields of `variables` (forms of earlier nodes) stay read-only. A node with an editable start field
 * answers `formKeyExist: true` with an enabled form even without a node form (the screen then
 * validates and submits it). A node without the attribute answers exactly what it did before.
 */
import type { AppDeps } from '../../../deps';
import { applyFieldPermissions, isPlainObject, valueFields, type FormConf, type FormField } from '../../../../shared/form';
import type { TaskView } from '../../../engine';
import { parseForm } from '../library/library.service';
import { mainForm } from '../common/form-submission';
import { formOfDeployment } from '../library/form-versions.repo';
import { nodeFieldPermissions } from '../common/field-permissions';

type Deps = Pick<AppDeps, 'store' | 'engine'>;

/** What `flowTaskForm` answers: the config to render, and whether the screen has something to fill in. */
export interface TaskFormView {
  formData: Record<string, unknown> | null;
  formKeyExist: boolean;
}

const fieldsOf = (conf: unknown): FormField[] => (isPlainObject(conf) && Array.isArray(conf.fields) ? (conf.fields as FormField[]) : []);

/** The node form's fields, each with the value saved the last time the node ran (found in `stored`). */
function withSavedValues(nodeFields: FormField[], stored: FormField[]): FormField[] {
  const storedByName = new Map(stored.filter((f) => isPlainObject(f) && f.__vModel__).map((f) => [f.__vModel__, f]));
  return nodeFields.map((f) => {
    const prev = f.__vModel__ ? storedByName.get(f.__vModel__) : undefined;
    return prev?.__config__ && 'defaultValue' in prev.__config__ ? { ...f, __config__: { ...f.__config__, defaultValue: prev.__config__.defaultValue } } : f;
  });
}

/** The task form of `task` (the caller checked the reader): see the file comment. */
export async function taskFormView(deps: Deps, task: TaskView): Promise<TaskFormView> {
  const vars = await deps.engine.variables({ taskId: task.taskId });
  const start = (isPlainObject(vars.variables) ? vars.variables : null) as Record<string, unknown> | null;
  // The node form as this instance's deployment got it (form-versions.repo.ts; issue 16).
  const nodeRow = task.formKey && /^\d+$/.test(task.formKey) ? await formOfDeployment(deps.store, task.deployId, Number(task.formKey)) : undefined;
  const node = nodeRow ? (parseForm(nodeRow.formContent) as Record<string, unknown> | null) : null;
  const stored = fieldsOf(start);
  const nodeFields = fieldsOf(node);
  const nodeNames = new Set(nodeFields.map((f) => f.__vModel__).filter(Boolean));
  const startPart = stored.filter((f) => !f.__vModel__ || !nodeNames.has(f.__vModel__));
  const perms = start ? await nodeFieldPermissions(deps, task.procDefId, task.taskDefKey) : null;

  if (!perms) {
    if (!nodeRow) return { formData: start, formKeyExist: false };
    const disabled = startPart.map((f) => ({ ...f, disabled: true }));
    return { formData: { ...(node ?? {}), ...(start ?? {}), fields: [...disabled, ...withSavedValues(nodeFields, stored)], disabled: false, formBtns: true }, formKeyExist: true };
  }

  const main = await mainForm(deps, task.deployId);
  const startKeys = new Set(valueFields(main?.fields ?? []).map((f) => f.__vModel__!).filter((k) => !nodeNames.has(k)));
  const view = applyFieldPermissions({ ...(start as FormConf), fields: startPart }, startKeys, perms);
  if (!nodeRow && !view.editable) return { formData: { ...start, fields: view.conf.fields }, formKeyExist: false };
  return {
    formData: { ...(node ?? {}), ...start, fields: [...view.conf.fields, ...withSavedValues(nodeFields, stored)], disabled: false, formBtns: true },
    formKeyExist: true,
  };
}
