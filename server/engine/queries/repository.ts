/**
 * Repository and detail reads: definitions (paged, newest deployment first), deployments, XML,
 * one task (runtime or historic), one instance, and who takes part in an instance. Statements
 * through the store, on either database (issue 43).
 */
import type { DbKind, SqlParam, Store } from '../../db/store/port';
import { notFound } from '../../core/errors';
import { MSG, type EngineCore } from '../core';
import { csvHas, fmt, like, likeOn, limits, PAGE_SQL, splitIds, type Page, type PageQuery } from './common';

export interface DefinitionRowView {
  id: string; key: string; name: string; category: string; version: number; deploymentId: string; deploymentName: string;
  suspensionState: number; deploymentTime: string | null; formKey: string | null; description: string;
}

const DEF_SELECT = `SELECT d.id, d.key, d.name, d.category, d.version, d.deployment_id AS "deploymentId", p.name AS "deploymentName",
  d.suspension_state AS "suspensionState", p.deploy_time AS t, d.form_key AS "formKey", d.description
  FROM wf_definition d JOIN wf_deployment p ON p.id = d.deployment_id`;

/**
 * The tie-break after the deploy time, newest first: SQLite the row order of `alias`'s table
 * (`rowid`, read from the deploy-time index without a sort), PostgreSQL the deployment id
 * (time-ordered ids: runtime/context.ts newId; no row order there).
 */
const newestLast = (kind: DbKind, alias: string) => (kind === 'postgres' ? 'p.id DESC' : `${alias}.rowid DESC`);

const view = ({ t, ...r }: Record<string, unknown>) => ({ ...(r as Omit<DefinitionRowView, 'deploymentTime'>), deploymentTime: fmt(t as number) });

/**
 * Definitions (every version), newest deployment first; `name` LIKE on definition or deployment name;
 * `latestOnly` keeps each key's newest version, `latestActive` its newest active (not suspended) one.
 */
export async function listDefinitions(store: Store, q: PageQuery & { name?: string; key?: string; category?: string; latestOnly?: boolean; latestActive?: boolean }): Promise<Page<DefinitionRowView>> {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  if (q.name) { parts.push(`(d.name ${likeOn(store.kind)} OR p.name ${likeOn(store.kind)})`); params.push(like(q.name), like(q.name)); }
  if (q.key) { parts.push('d.key = ?'); params.push(q.key); }
  if (q.category) { parts.push('d.category = ?'); params.push(q.category); }
  if (q.latestOnly) parts.push('d.version = (SELECT MAX(version) FROM wf_definition x WHERE x.key = d.key)');
  if (q.latestActive) parts.push('d.suspension_state = 1 AND d.version = (SELECT MAX(version) FROM wf_definition x WHERE x.key = d.key AND x.suspension_state = 1)');
  const w = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  const total = (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM wf_definition d JOIN wf_deployment p ON p.id = d.deployment_id ${w}`, params))!.n;
  const { limit, offset } = limits(q);
  const rows = await store.all<Record<string, unknown>>(`${DEF_SELECT} ${w} ORDER BY p.deploy_time DESC, ${newestLast(store.kind, 'd')} ${PAGE_SQL}`, [...params, limit, offset]);
  return { total, rows: rows.map(view) };
}

/** One definition by id, or the definition of a deployment. Error: "流程定义不存在". */
export async function getDefinition(store: Store, q: { definitionId?: string; deploymentId?: string }): Promise<DefinitionRowView> {
  const r = await (q.definitionId
    ? store.get<Record<string, unknown>>(`${DEF_SELECT} WHERE d.id = ?`, [q.definitionId])
    : store.get<Record<string, unknown>>(`${DEF_SELECT} WHERE d.deployment_id = ?`, [q.deploymentId ?? '']));
  if (!r) throw notFound(MSG.definitionMissing);
  return view(r);
}

/** The BPMN XML as deployed (by deployment id or definition id). */
export async function getXml(store: Store, q: { deploymentId?: string; definitionId?: string }): Promise<string> {
  const r = await (q.definitionId
    ? store.get<{ xml: string }>('SELECT xml FROM wf_definition WHERE id = ?', [q.definitionId])
    : store.get<{ xml: string }>('SELECT xml FROM wf_definition WHERE deployment_id = ?', [q.deploymentId ?? '']));
  if (!r) throw notFound(MSG.definitionMissing);
  return r.xml;
}

export interface DeploymentView { id: string; name: string; category: string; deployTime: string | null; definitionId: string | null; key: string | null; version: number | null }

/** Deployments (management view), newest first, `name` / `category` filters. */
export async function listDeployments(store: Store, q: PageQuery & { name?: string; category?: string }): Promise<Page<DeploymentView>> {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  if (q.name) { parts.push(`p.name ${likeOn(store.kind)}`); params.push(like(q.name)); }
  if (q.category) { parts.push('p.category = ?'); params.push(q.category); }
  const w = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  const total = (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM wf_deployment p ${w}`, params))!.n;
  const { limit, offset } = limits(q);
  const rows = await store.all<Record<string, unknown>>(`SELECT p.id, p.name, p.category, p.deploy_time AS t, d.id AS "definitionId", d.key, d.version
    FROM wf_deployment p LEFT JOIN wf_definition d ON d.deployment_id = p.id ${w} ORDER BY p.deploy_time DESC, ${newestLast(store.kind, 'p')} ${PAGE_SQL}`,
  [...params, limit, offset]);
  return { total, rows: rows.map(({ t, ...r }) => ({ ...(r as Omit<DeploymentView, 'deployTime'>), deployTime: fmt(t as number) })) };
}

export interface TaskView {
  taskId: string; name: string; taskDefKey: string; procInsId: string; procDefId: string; deployId: string; executionId: string;
  assignee: string | null; owner: string | null; delegationState: string | null; candidateUsers: string[]; candidateGroups: string[];
  formKey: string | null; priority: number; dueDate: string | null; createTime: string | null; claimTime: string | null;
  finishTime: string | null; finished: boolean; description: string | null; suspended: boolean;
  /** The node's designer attributes (dataType, userType, …) as written. */
  attrs: Record<string, string>;
}

/** What the task reads take of the engine core: the cached definition rows and graphs (core.ts). */
export type DefinitionSource = Pick<EngineCore, 'definition' | 'cachedDefinition' | 'graph' | 'query'>;

/** One task: runtime if active, else from history (`finished: true`). Error: "任务不存在或已被审批!". */
export async function getTask(store: Store, core: DefinitionSource, taskId: string): Promise<TaskView> {
  const rt = await store.get<Record<string, unknown>>('SELECT t.*, i.definition_id AS "defId" FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE t.id = ?', [taskId]);
  const hi = await store.get<Record<string, unknown>>('SELECT h.*, i.definition_id AS "defId" FROM wf_hi_taskinst h JOIN wf_instance i ON i.id = h.instance_id WHERE h.id = ?', [taskId]);
  const r = rt ?? hi;
  if (!r) throw notFound(MSG.taskMissing);
  const def = (await core.query(() => core.definition(r.defId as string)))!;
  const node = (await core.query(() => core.graph(def.id))).nodes[r.task_def_key as string];
  const links = rt ? await store.all<{ u: string | null; g: string | null }>('SELECT user_id AS u, group_id AS g FROM wf_identity_link WHERE task_id = ? ORDER BY id', [taskId]) : [];
  return {
    taskId, name: r.name as string, taskDefKey: r.task_def_key as string, procInsId: r.instance_id as string, procDefId: def.id,
    deployId: def.deploymentId, executionId: r.execution_id as string, assignee: (r.assignee as string | null) ?? null, owner: (r.owner as string | null) ?? null,
    delegationState: (rt?.delegation_state as string | null) ?? null,
    candidateUsers: rt ? links.flatMap((l) => (l.u ? [l.u] : [])) : splitIds(hi?.candidate_users as string),
    candidateGroups: rt ? links.flatMap((l) => (l.g ? [l.g] : [])) : splitIds(hi?.candidate_groups as string),
    formKey: (r.form_key as string | null) ?? null, priority: r.priority as number, dueDate: fmt(r.due_date as number | null),
    createTime: fmt(r.create_time as number), claimTime: fmt(r.claim_time as number | null), finishTime: fmt((hi?.end_time as number | null) ?? null),
    finished: !rt, description: (rt?.description as string | null) ?? null, suspended: rt ? rt.suspended === 1 : false, attrs: node?.attrs ?? {},
  };
}

export interface InstanceView {
  id: string; definitionId: string; deploymentId: string; key: string; name: string; version: number; businessKey: string | null;
  startUserId: string | null; startTime: string | null; endTime: string | null; endActivityId: string | null; state: string;
  deleteReason: string | null; revision: number;
}

/** One instance (running or finished). Error: "未找到流程实例，流程可能已发生变化". */
export async function getInstance(store: Store, instanceId: string): Promise<InstanceView> {
  const r = await store.get<Record<string, unknown>>(`SELECT i.id, i.definition_id AS "definitionId", d.deployment_id AS "deploymentId", d.key, d.name,
    d.version, i.business_key AS "businessKey", i.start_user_id AS "startUserId", i.start_time AS s, i.end_time AS e, i.end_activity_id AS "endActivityId",
    i.state, i.delete_reason AS "deleteReason", i.revision FROM wf_instance i JOIN wf_definition d ON d.id = i.definition_id WHERE i.id = ?`, [instanceId]);
  if (!r) throw notFound(MSG.instanceMissing);
  const { s, e, ...rest } = r;
  return { ...(rest as Omit<InstanceView, 'startTime' | 'endTime'>), startTime: fmt(s as number), endTime: fmt(e as number | null) };
}

export interface ActiveTaskView { taskId: string; name: string; taskDefKey: string; assignee: string | null; owner: string | null; delegationState: string | null; candidateUsers: string[]; candidateGroups: string[]; createTime: string | null }

/** The runtime tasks of an instance (creation order) with their candidates. */
export async function instanceTasks(store: Store, instanceId: string): Promise<ActiveTaskView[]> {
  const tasks = await store.all<Record<string, unknown>>(`SELECT id AS "taskId", name, task_def_key AS "taskDefKey", assignee, owner,
    delegation_state AS "delegationState", create_time AS c FROM wf_task WHERE instance_id = ? ORDER BY create_time, id`, [instanceId]);
  const links = await store.all<{ t: string; u: string | null; g: string | null }>('SELECT task_id AS t, user_id AS u, group_id AS g FROM wf_identity_link WHERE instance_id = ? ORDER BY id', [instanceId]);
  return tasks.map(({ c, ...t }) => ({
    ...(t as Omit<ActiveTaskView, 'candidateUsers' | 'candidateGroups' | 'createTime'>),
    candidateUsers: links.filter((l) => l.t === t.taskId && l.u).map((l) => l.u!),
    candidateGroups: links.filter((l) => l.t === t.taskId && l.g).map((l) => l.g!),
    createTime: fmt(c as number),
  }));
}

/**
 * True when `userId` (or one of `groupIds`) takes part in the instance: its initiator; the
 * assignee, owner (delegating holder) or a candidate user / group of any of its tasks, running
 * (`wf_task`, `wf_identity_link`) or historic (`wf_hi_taskinst`); or the author of one of its
 * comments (a delegate who resolved, a transferring holder). An instance started by a call
 * activity is also read by the participants of its callers (any depth): the caller's flow record
 * shows its tasks. A participant of the called instance only is not one of the caller. False for
 * a missing instance.
 */
export async function isParticipant(store: Store, q: { instanceId: string; userId: string; groupIds?: string[] }): Promise<boolean> {
  const uid = String(q.userId);
  const groups = (q.groupIds ?? []).map(String);
  const groupIn = groups.length ? ` OR l.group_id IN (${groups.map(() => '?').join(',')})` : '';
  const hiGroups = groups.map(() => ` OR ${csvHas(store.kind, 'h.candidate_groups')}`).join('');
  const r = await store.get(`WITH RECURSIVE up(id, depth) AS (SELECT id, 0 FROM wf_instance WHERE id = ? UNION ALL
      SELECT s.super_instance_id, up.depth + 1 FROM wf_instance s JOIN up ON s.id = up.id WHERE s.super_instance_id IS NOT NULL AND up.depth < 20)
    SELECT 1 AS y FROM wf_instance i WHERE i.id IN (SELECT id FROM up) AND (i.start_user_id = ?
    OR EXISTS (SELECT 1 FROM wf_hi_taskinst h WHERE h.instance_id = i.id AND (h.assignee = ? OR h.owner = ?
      OR ${csvHas(store.kind, 'h.candidate_users')}${hiGroups}))
    OR EXISTS (SELECT 1 FROM wf_task t WHERE t.instance_id = i.id AND (t.assignee = ? OR t.owner = ?))
    OR EXISTS (SELECT 1 FROM wf_identity_link l WHERE l.instance_id = i.id AND (l.user_id = ?${groupIn}))
    OR EXISTS (SELECT 1 FROM wf_comment c WHERE c.instance_id = i.id AND c.user_id = ?)) LIMIT 1`,
  [q.instanceId, uid, uid, uid, uid, ...groups, uid, uid, uid, ...groups, uid]);
  return r !== undefined;
}

/** True for a runtime task nobody holds: no assignee and no candidate user or group (anyone could act on it). */
export async function isUnheldTask(store: Store, taskId: string): Promise<boolean> {
  const r = await store.get(`SELECT 1 AS y FROM wf_task t WHERE t.id = ? AND t.assignee IS NULL
    AND NOT EXISTS (SELECT 1 FROM wf_identity_link l WHERE l.task_id = t.id)`, [taskId]);
  return r !== undefined;
}

/** What a task command's checks need of a task: its deployment, definition and node, the node's formKey, finished, and held by nobody. */
export interface TaskFormContext {
  deploymentId: string; definitionId: string; taskDefKey: string; formKey: string | null; finished: boolean;
  /** A runtime task with no assignee and no candidate user or group (isUnheldTask); false when finished. */
  unheld: boolean;
}

/**
 * The deployment, definition, node, formKey, finished and unheld flags of task `taskId` from one
 * statement and the cached definition row (the services check every complete against its holder
 * and forms, so this runs per command and must stay cheap: one statement for a runtime task).
 * Throws the engine's 任务不存在 message when no such task exists.
 */
export async function taskFormContext(store: Store, core: Pick<EngineCore, 'cachedDefinition' | 'query'>, taskId: string): Promise<TaskFormContext> {
  const rt = await store.get<{ formKey: string | null; taskDefKey: string; defId: string; unheld: number }>(RUNTIME_TASK_FORM_SQL, [taskId]);
  const r = rt ?? await store.get<{ formKey: string | null; taskDefKey: string; defId: string }>(`SELECT h.form_key AS "formKey", h.task_def_key AS "taskDefKey",
      i.definition_id AS "defId" FROM wf_hi_taskinst h JOIN wf_instance i ON i.id = h.instance_id WHERE h.id = ?`, [taskId]);
  if (!r) throw notFound(MSG.taskMissing);
  const def = await core.query(() => core.cachedDefinition(r.defId));
  if (!def) throw notFound(MSG.taskMissing);
  return { deploymentId: def.deploymentId, definitionId: r.defId, taskDefKey: r.taskDefKey, formKey: r.formKey ?? null, finished: !rt, unheld: rt ? rt.unheld === 1 : false };
}

/**
 * A runtime task's form context row (taskFormContext): formKey, taskDefKey, defId and `unheld` as
 * 1/0 on both databases (a PostgreSQL comparison would answer a boolean); one parameter, the task id.
 */
export const RUNTIME_TASK_FORM_SQL = `SELECT t.form_key AS "formKey",
      t.task_def_key AS "taskDefKey", i.definition_id AS "defId",
      CASE WHEN t.assignee IS NULL AND NOT EXISTS (SELECT 1 FROM wf_identity_link l WHERE l.task_id = t.id) THEN 1 ELSE 0 END AS unheld
    FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE t.id = ?`;

/**
 * The context of a runtime task from RUNTIME_TASK_FORM_SQL's row as values ([formKey, taskDefKey,
 * defId, unheld]) read under the command's lock (EngineCore.command `prepare`); undefined when the
 * definition is unknown (the command then refuses the task as missing).
 */
export async function runtimeTaskFormContext(core: Pick<EngineCore, 'cachedDefinition' | 'query'>, row: readonly unknown[]): Promise<TaskFormContext | undefined> {
  const [formKey, taskDefKey, defId, unheld] = row as [string | null, string, string, number];
  const def = await core.query(() => core.cachedDefinition(defId));
  if (!def) return undefined;
  return { deploymentId: def.deploymentId, definitionId: defId, taskDefKey, formKey: formKey ?? null, finished: false, unheld: Number(unheld) === 1 };
}

/** Whether any instance (running or finished, not deleted) was started on a definition of deployment `deploymentId`. */
export async function deploymentHasInstances(store: Store, deploymentId: string): Promise<boolean> {
  return (await store.get('SELECT 1 AS x FROM wf_instance i JOIN wf_definition d ON d.id = i.definition_id WHERE d.deployment_id = ? LIMIT 1', [deploymentId])) !== undefined;
}

/** The deployment id of definition `definitionId` (cached row); throws the engine's definition-missing message. */
export async function definitionDeploymentId(core: Pick<EngineCore, 'cachedDefinition' | 'query'>, definitionId: string): Promise<string> {
  const def = await core.query(() => core.cachedDefinition(definitionId));
  if (!def) throw notFound(MSG.definitionMissing);
  return def.deploymentId;
}
