/**
 * The field permissions of a deployed user task (issue 16; the rules in shared/form/permissions.ts):
 * the `flowable:fieldPermissions` attribute of `<userTask>` (shared/bpmn/flowable-moddle.ts
 * UserTaskExt; `activiti:` / `camunda:` prefixes read alike by the engine's parser), read from the
 * deployed graph (`engine.nodeAttributes`, cached by the engine per definition).
 */
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../core/errors';
import { parseFieldPermissions, permittedValues, type FieldPermissions, type FormConf } from '../../../../shared/form';

type Deps = Pick<AppDeps, 'engine'>;

/**
 * The permissions of user task `taskDefKey` of definition `definitionId`, or null when the node has
 * no `flowable:fieldPermissions` (today's behaviour: see form-submission.ts). A present but
 * malformed attribute gives `{}` (every start field read-only).
 */
export async function nodeFieldPermissions(deps: Deps, definitionId: string, taskDefKey: string): Promise<FieldPermissions | null> {
  const text = (await deps.engine.nodeAttributes(definitionId, taskDefKey))['flowable:fieldPermissions'];
  return text === undefined ? null : parseFieldPermissions(text);
}

/**
 * The start-form values a task of node `task.taskDefKey` may write (shared/form permittedValues),
 * or `submitted` unchanged when its node has no permissions. `task`: the task's definition and node
 * (engine.taskFormContext). Error: AppError('refused', e.g. 字段「请假天数」在当前节点不可编辑).
 */
export async function holdToPermissions(
  deps: Deps, task: { definitionId: string; taskDefKey: string }, start: FormConf, stored: Record<string, unknown>, submitted: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const perms = await nodeFieldPermissions(deps, task.definitionId, task.taskDefKey);
  if (!perms) return submitted;
  const r = permittedValues(start, perms, stored, submitted);
  if (r.error !== undefined) throw new AppError('refused', r.error);
  return r.values;
}
