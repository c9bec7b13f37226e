/**
 * Start-form values a reader of an instance does not get (issue 16, per-node field permissions
 * beyond the task screen): a field or detail-table column hidden at some node is withheld from
 * `processVariables` and `flowTaskForm` unless the reader is the initiator, holds
 * `flowable:instance:monitor`, or takes part in a node of the instance where it is not hidden (a
 * node without permissions shows every start field). A reader who takes part in no node (a 抄送
 * recipient) gets none of the fields hidden anywhere. Without permissions in the model nothing is
 * withheld.
 */
import type { AppDeps } from '../../../deps';
import { hasPermission, type LoginUser } from '../../../core/authz';
import { columnPermission, fieldPermission, withholdVariables, type FieldPermissions } from '../../../../shared/form';
import { INSTANCE_MONITOR_PERM } from './access.service';
import { nodeFieldPermissions } from './field-permissions';

type Deps = Pick<AppDeps, 'engine'>;

/** The permission of key `k` (`field` or `table.column`) under `perms`; null perms show everything. */
function permOf(perms: FieldPermissions | null, k: string) {
  if (!perms) return 'readonly';
  const dot = k.indexOf('.');
  return dot < 0 ? fieldPermission(perms, k) : columnPermission(perms, k.slice(0, dot), k.slice(dot + 1));
}

/** The parsed permissions of a definition's user tasks (null = none) and every key hidden at one of them. */
interface DefinitionPerms { byNode: ReadonlyMap<string, FieldPermissions | null>; hidden: readonly string[] }

/**
 * Per deployed graph (engine.getGraph: one object per engine and definition, immutable, dropped
 * when its deployment is deleted), so each definition's `flowable:fieldPermissions` are parsed once
 * per engine cache entry.
 */
const permsByGraph = new WeakMap<object, DefinitionPerms>();

async function definitionPerms(deps: Deps, definitionId: string): Promise<DefinitionPerms> {
  const graph = await deps.engine.getGraph(definitionId);
  let p = permsByGraph.get(graph);
  if (!p) {
    const keys = await deps.engine.userTaskIds(definitionId);
    const byNode = new Map<string, FieldPermissions | null>();
    for (const k of keys) byNode.set(k, await nodeFieldPermissions(deps, definitionId, k));
    const hidden = new Set<string>();
    for (const perms of byNode.values()) for (const [k, v] of Object.entries(perms ?? {})) if (v === 'hidden') hidden.add(k);
    permsByGraph.set(graph, (p = { byNode, hidden: [...hidden] }));
  }
  return p;
}

/** The keys withheld from `login` in instance `instanceId` (see the file comment); empty = nothing. */
export async function withheldKeys(deps: Deps, login: LoginUser, instanceId: string): Promise<Set<string>> {
  const none = new Set<string>();
  const uid = String(login.userId);
  const inst = await deps.engine.getInstance(instanceId);
  if (inst.startUserId === uid || hasPermission(login, INSTANCE_MONITOR_PERM)) return none;
  const { byNode, hidden: anywhere } = await definitionPerms(deps, inst.definitionId);
  if (!anywhere.length) return none;
  const hidden = new Set(anywhere);
  // the nodes of this instance's own tasks the reader was assignee, owner or candidate (user or role) of
  const mine = await deps.engine.participatedTaskKeys({ instanceId, userId: uid, groupIds: login.roles.map((r) => String(r.roleId)) });
  for (const k of anywhere) if (mine.some((n) => permOf(byNode.get(n) ?? null, k) !== 'hidden')) hidden.delete(k);
  return hidden;
}

/** `vars` of instance `instanceId` as `login` may read them (withholdVariables of withheldKeys). */
export async function readableVariables(deps: Deps, login: LoginUser, instanceId: string, vars: Record<string, unknown>): Promise<Record<string, unknown>> {
  return withholdVariables(vars, await withheldKeys(deps, login, instanceId));
}
