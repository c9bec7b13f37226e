/**
 * The variables a message, signal or receive-task trigger may write into a running instance
 * (issue 38 §3: the event rows obey the same form rules, field permissions and key rules as a
 * complete). The form in force is the deployment's main form plus the node forms of the running
 * tasks the actor holds in the instance (assignee, owner, candidate user or role):
 * - a start-form key is held to the field permissions of each node the actor holds a task at
 *   (field-permissions.ts: hidden or changed read-only → AppError('refused', 字段「<label>」在当前节点不可编辑),
 *   unchanged read-only left out), and is refused the same way when it is withheld from the actor
 *   (withheld.ts: hidden at every node they take part in); then checked with its field's rules on
 *   the instance's values (a required field is not emptied, options are respected, numbers are
 *   numbers); fields hidden by the form's visibility rules are dropped;
 * - a node-form key of a held task is checked with its field's rules (present keys only);
 * - any other key only when the model reads it; engine-owned names and `variables` never
 *   (request-keys.ts);
 * - accepted form values are written back into the instance's `variables` config (built by the
 *   server only), so the task screens show what is stored.
 * The first failing rule throws before anything is written. A message that STARTS an instance is
 * held like a start (form-submission.ts startVariables).
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { sanitizeFormVariables } from '../../../core/rich-text';
import { checkField, hasOwn, hiddenKeys, isPlainObject, writeBack, type FormConf } from '../../../../shared/form';
import { actorOf } from '../common/access.service';
import { holdToPermissions } from '../common/field-permissions';
import { composeConfig, fieldsByKey, mainForm, nodeForm } from '../common/form-submission';
import { callerReads, graphOf, isBarredKey, modelInputs, storedValue } from '../common/request-keys';
import { withheldKeys } from '../common/withheld';

type Deps = Pick<AppDeps, 'store' | 'engine'>;
type Vars = Record<string, unknown>;

const NOT_EDITABLE = (label: string) => `字段「${label}」在当前节点不可编辑`;

/** The running tasks of `instanceId` that `login` holds (assignee, owner, candidate user or role). */
async function heldTasks(deps: Deps, login: LoginUser, instanceId: string) {
  const { userId, groupIds } = actorOf(login);
  return (await deps.engine.instanceTasks(instanceId)).filter((t) => t.assignee === userId || t.owner === userId
    || t.candidateUsers.includes(userId) || t.candidateGroups.some((g) => groupIds.includes(g)));
}

/**
 * The variables of an event row for running instance `instanceId` as `login` may write them (see
 * the file comment), or undefined when nothing is left. Errors: the first failing rule's message,
 * as AppError('invalid', e.g. 天数不能大于10 / 请输入手机号 / 类型的选项不在可选范围内) for a field rule and
 * AppError('refused', e.g. 字段「备注」在当前节点不可编辑) for a withheld or permission-held key.
 */
export async function instanceEventVariables(deps: Deps, login: LoginUser, instanceId: string, variables: Vars | undefined): Promise<Vars | undefined> {
  const submitted = isPlainObject(variables) ? variables : {};
  if (!Object.keys(submitted).length) return undefined;
  const inst = await deps.engine.getInstance(instanceId);
  const graph = await graphOf(deps, inst.definitionId);
  const deploymentId = await deps.engine.definitionDeploymentId(inst.definitionId);
  const start = await mainForm(deps, deploymentId);
  const held = await heldTasks(deps, login, instanceId);
  const nodes: FormConf[] = [];
  for (const t of held) {
    const f = await nodeForm(deps, graph.nodes[t.taskDefKey]?.formKey, deploymentId);
    if (f !== null) nodes.push(f);
  }
  const startFields = fieldsByKey(start);
  const nodeFields = new Map(nodes.flatMap((f) => [...fieldsByKey(f)]));
  const current = await deps.engine.variables({ instanceId }) as Vars;

  let startPart: Vars = {};
  for (const key of Object.keys(submitted)) if (!isBarredKey(graph, key) && startFields.has(key) && !nodeFields.has(key)) startPart[key] = submitted[key];
  if (start && Object.keys(startPart).length) {
    const withheld = await withheldKeys(deps, login, instanceId);
    for (const key of Object.keys(startPart)) if (withheld.has(key)) throw new AppError('refused', NOT_EDITABLE(String(startFields.get(key)!.__config__.label ?? key)));
    for (const t of held) startPart = await holdToPermissions(deps, { definitionId: inst.definitionId, taskDefKey: t.taskDefKey }, start, current, startPart);
  }
  const model = { ...current, ...startPart };
  const hidden = new Set(start ? hiddenKeys(start, model) : []);
  for (const key of Object.keys(startPart)) {
    const message = hidden.has(key) ? null : checkField(startFields.get(key)!, startPart[key], model);
    if (message !== null) throw new AppError('invalid', message);
  }
  for (const key of Object.keys(submitted)) {
    const field = nodeFields.get(key);
    const message = field && !isBarredKey(graph, key) ? checkField(field, submitted[key], { ...current, ...submitted }) : null;
    if (message !== null) throw new AppError('invalid', message);
  }

  const out: Vars = await modelInputs(graph, submitted, new Set([...startFields.keys(), ...nodeFields.keys()]), () => callerReads(deps, instanceId));
  const values: Vars = {};
  for (const key of Object.keys(submitted)) {
    if (isBarredKey(graph, key) || hidden.has(key)) continue;
    const field = nodeFields.get(key) ?? startFields.get(key);
    if (!field) continue;
    const ofStart = !nodeFields.has(key);
    if (ofStart && !hasOwn(startPart, key)) continue;
    out[key] = values[key] = storedValue(field, ofStart ? startPart[key] : submitted[key]);
  }
  if (Object.keys(values).length && (start || isPlainObject(current.variables))) {
    const base = composeConfig(isPlainObject(current.variables) ? (current.variables as FormConf) : null, start, null);
    out.variables = { ...writeBack(base, values), disabled: true, formBtns: false };
  }
  return Object.keys(out).length ? sanitizeFormVariables(out) : undefined;
}
