/**
 * Holds every form submission to its stored form (reference §6 Start / Complete, §7 "Submission
 * to Flowable"; the data format's rules in shared/form): a start is validated against the
 * deployment's main form (sys_deploy_form), a complete or resolve against the task node's own
 * form (userTask `flowable:formKey` = sys_form id) with all rules, and any submitted key that is a
 * field of the start form against that field's rules with `partial` (not re-required). The first
 * failing message is thrown as AppError('invalid') before anything is written. Hidden fields' keys are
 * dropped, detail-table rows keep only their columns' keys, and the `variables` process variable
 * (the filled read-only config the task screens re-render) is built here from the STORED form
 * with the accepted values written back (disabled true, formBtns false) instead of the client's
 * copy; at complete with a node form it is the previous `variables` config with the node form's
 * fields appended (as flowTaskForm composes it). Rich text is sanitised afterwards
 * (server/core/rich-text.ts). Issue 38 §1/§4: keys that are not fields of the form in force are
 * kept only when the model reads them, engine-owned names never, and number fields store numbers
 * (request-keys.ts); a process with no form stores only the keys its model reads, never a
 * client-sent `variables` config.
 *
 * Field permissions (issue 16): at a node with `flowable:fieldPermissions` (field-permissions.ts,
 * shared/form permittedValues) a submitted start-form key must be editable there: a hidden or
 * changed read-only one is refused (AppError('refused', 字段「<label>」在当前节点不可编辑), nothing written),
 * an unchanged read-only one is ignored, locked detail-table cells keep their stored values. A node
 * without the attribute keeps the rule above (start-form keys checked partially and saved).
 */
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../core/errors';
import { sanitizeFormVariables } from '../../../core/rich-text';
import {
  checkField, hasOwn, hiddenKeys, isPlainObject, validateSubmission, valueFields, writeBack, type FormConf,
} from '../../../../shared/form';
import { parseForm } from '../library/library.service';
import { holdToPermissions } from './field-permissions';
import { formOfDeployment, mainFormContentOf } from '../library/form-versions.repo';
import { callerReads, graphOf, isBarredKey, modelInputs, storedValue } from './request-keys';
import { ReadCache } from '../../common/read-cache';
import type { TaskFormContext } from '../../../engine';

type Deps = Pick<AppDeps, 'store' | 'engine'>;
type Vars = Record<string, unknown>;

/** The parsed form JSON when it is a form (an object with a `fields` array), else null. */
function asConf(content: string | null | undefined): FormConf | null {
  const parsed = parseForm(content);
  return isPlainObject(parsed) && Array.isArray(parsed.fields) ? (parsed as FormConf) : null;
}

/**
 * The stored main-form JSON per deployment (issue 15: every start and complete asks for it, and
 * most processes have none): a ReadCache, stamped with this connection's writes to the three
 * form tables and other connections' commits (seen within EXTERNAL_POLL_MS). The text is kept,
 * not the parsed form, so no caller can change what the next one gets.
 */
const mainFormContent = new ReadCache<string | null>(['sys_deploy_form', 'sys_deploy_form_content', 'sys_form']);

/** The main form of deployment `deployId`, or null (the query: library/form-versions.repo.ts mainFormContentOf). */
export async function mainForm(deps: Pick<AppDeps, 'store'>, deployId: string): Promise<FormConf | null> {
  return asConf(await mainFormContent.getAsync(deps.store, deployId, () => mainFormContentOf(deps.store, deployId)));
}

/** The node form of a task's `formKey` (numeric sys_form id) as deployment `deployId` got it (its copy, else the live form), or null. */
export async function nodeForm(deps: Pick<AppDeps, 'store'>, formKey: string | null | undefined, deployId: string): Promise<FormConf | null> {
  if (!formKey || !/^\d+$/.test(formKey)) return null;
  return asConf((await formOfDeployment(deps.store, deployId, Number(formKey)))?.formContent);
}

/** Throws AppError('invalid', first message) when `values` fail `conf`. */
function assertValid(conf: FormConf, values: Vars, partial = false): void {
  const errors = validateSubmission(conf, values, { partial });
  if (errors.length) throw new AppError('invalid', errors[0].message);
}

/** The value fields of `conf` by `__vModel__`. */
export const fieldsByKey = (conf: FormConf | null) => new Map((conf ? valueFields(conf.fields) : []).map((f) => [f.__vModel__!, f]));


/**
 * The process variables of a start of definition `procDefId` (see the file comment; issue 38 §1 and
 * §4: without a main form no `variables` config is ever stored, only the keys the model reads;
 * request-keys.ts). Errors: AppError('invalid', the first failing rule's message, e.g. 请输入手机号 /
 * 手机号格式错误 / 天数必须是数字).
 */
export async function startVariables(deps: Deps, procDefId: string, variables: Vars | undefined): Promise<Vars> {
  const conf = await mainForm(deps, await deps.engine.definitionDeploymentId(procDefId));
  const graph = await graphOf(deps, procDefId);
  const submitted = isPlainObject(variables) ? variables : {};
  if (!conf) return sanitizeFormVariables(await modelInputs(graph, submitted)) ?? {};
  assertValid(conf, submitted);
  const fields = fieldsByKey(conf);
  const hidden = hiddenKeys(conf, submitted);
  const out: Vars = await modelInputs(graph, submitted, new Set(fields.keys()));
  const values: Vars = {};
  for (const key of Object.keys(submitted)) {
    const field = fields.get(key);
    if (!field || hidden.has(key) || isBarredKey(graph, key)) continue;
    out[key] = values[key] = storedValue(field, submitted[key]);
  }
  out.variables = { ...writeBack(conf, values), disabled: true, formBtns: false };
  return sanitizeFormVariables(out);
}

/**
 * The process variables of a complete / resolve of `taskId` (see the file comment): node-form
 * keys checked in full, start-form keys partially; `variables` rebuilt from the stored forms
 * when a node form exists or a start-form key was submitted, never taken from the request; other
 * keys only when the model reads them, engine-owned names never (issue 38 §4, request-keys.ts);
 * `given` is engine.taskFormContext(taskId) when the caller already read it. Errors: AppError('invalid', message).
 */
export async function taskVariables(deps: Deps, taskId: string, variables: Vars | undefined, given?: TaskFormContext): Promise<Vars | undefined> {
  const task = given ?? await deps.engine.taskFormContext(taskId);
  if (task.finished) return undefined; // the engine refuses it (任务不存在或已被审批!)
  const graph = await graphOf(deps, task.definitionId);
  const submitted = isPlainObject(variables) ? variables : {};
  const callers = async () => callerReads(deps, (await deps.engine.getTask(taskId)).procInsId);
  const node = await nodeForm(deps, task.formKey, task.deploymentId);
  const start = await mainForm(deps, task.deploymentId);
  if (!node && !start) {
    const out = await modelInputs(graph, submitted, undefined, callers);
    return Object.keys(out).length ? sanitizeFormVariables(out) : undefined;
  }
  const nodeFields = fieldsByKey(node);
  const startFields = fieldsByKey(start);
  const current = await deps.engine.variables({ taskId }) as Vars;
  const submittedStart: Vars = {};
  for (const key of Object.keys(submitted)) if (!isBarredKey(graph, key) && startFields.has(key) && !nodeFields.has(key)) submittedStart[key] = submitted[key];
  // the node's field permissions (issue 16): refused, or read-only unchanged keys left out
  const startPart = start && Object.keys(submittedStart).length ? await holdToPermissions(deps, task, start, current, submittedStart) : submittedStart;
  const startModel = { ...current, ...startPart };
  const hidden = new Set([...(node ? hiddenKeys(node, submitted) : []), ...(start ? hiddenKeys(start, startModel) : [])]);
  if (node) assertValid(node, submitted);
  for (const key of Object.keys(startPart)) {
    const message = hidden.has(key) ? null : checkField(startFields.get(key)!, startPart[key], startModel);
    if (message !== null) throw new AppError('invalid', message);
  }

  const out: Vars = await modelInputs(graph, submitted, new Set([...nodeFields.keys(), ...startFields.keys()]), callers);
  const values: Vars = {};
  for (const key of Object.keys(submitted)) {
    if (isBarredKey(graph, key) || hidden.has(key)) continue;
    const field = nodeFields.get(key) ?? startFields.get(key);
    if (!field) continue;
    const ofStart = hasOwn(submittedStart, key);
    if (ofStart && !hasOwn(startPart, key)) continue;
    out[key] = values[key] = storedValue(field, ofStart ? startPart[key] : submitted[key]);
  }
  if (node || Object.keys(values).length) {
    const base = composeConfig(isPlainObject(current.variables) ? (current.variables as FormConf) : null, start, node);
    out.variables = { ...writeBack(base, values), disabled: true, formBtns: false };
  }
  return Object.keys(out).length ? sanitizeFormVariables(out) : undefined;
}

/**
 * The config a task stores: the previous `variables` (else the stored start form), with the node
 * form's fields appended; a node field already present (the node ran before) is kept once, from
 * the node form, with its saved value (flowTaskForm's composition).
 */
export function composeConfig(previous: FormConf | null, start: FormConf | null, node: FormConf | null): FormConf {
  const base: FormConf = previous && Array.isArray(previous.fields) ? previous : start ?? { fields: [] };
  if (!node) return base;
  const nodeNames = new Set(valueFields(node.fields).map((f) => f.__vModel__));
  const prevByName = new Map(valueFields(base.fields).map((f) => [f.__vModel__, f]));
  const kept = base.fields.filter((f) => !(isPlainObject(f) && typeof f.__vModel__ === 'string' && nodeNames.has(f.__vModel__)));
  const appended = node.fields.map((f) => {
    const prev = typeof f.__vModel__ === 'string' ? prevByName.get(f.__vModel__) : undefined;
    return prev && isPlainObject(prev.__config__) && hasOwn(prev.__config__, 'defaultValue')
      ? { ...f, __config__: { ...f.__config__, defaultValue: prev.__config__.defaultValue } }
      : f;
  });
  return { ...node, ...base, fields: [...kept, ...appended] };
}
