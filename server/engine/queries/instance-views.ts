/**
 * Views of one instance (ruoyi-flowable.md §6): flow record, diagram node data, variables,
 * task details, and the next-node probes. Statements through the store, on either database
 * (issue 43); the graphs from the engine core's cache.
 */
import type { Store } from '../../db/store/port';
import { notFound, refused } from '../../core/errors';
import type { EngineCore } from '../core';
import { MSG } from '../core';
import { nextUserTasks } from '../model/analysis';
import type { GraphNode } from '../model/graph';
import { evaluateCondition, mapScope } from '../expression';
import { csvHas, durationText, fmt, splitIds } from './common';

export interface FlowRecordItem {
  taskId: string; taskName: string; taskDefKey: string; createTime: string | null; finishTime: string | null;
  assigneeId: string | null; ownerId: string | null; candidateUsers: string[]; candidateGroups: string[];
  duration: string | null; durationMs: number | null; deleteReason: string | null;
  /** The task's first comment (RuoYi shows one per task). */
  comment: { type: string; comment: string } | null;
  comments: Array<{ type: string; message: string; userId: string | null; time: string | null }>;
  /** The instance the task belongs to (the asked instance, or one called by it). */
  instanceId: string;
  /**
   * Tasks of an instance started by a call activity (at any depth): that instance, its process
   * name / key / deployment, and the call activity of the caller. All null for the instance's own
   * tasks (those inside embedded sub-processes included).
   */
  calledInstanceId: string | null; calledProcessName: string | null; calledProcessKey: string | null;
  calledDeployId: string | null; callActivityId: string | null;
}

/**
 * Instance `instanceId` and every instance called from it (call activities, any depth):
 * `root` = the asked id's own rows; `call` = the call activity id in the direct caller.
 */
const TREE = `WITH RECURSIVE tree(id, depth) AS (SELECT CAST(? AS TEXT), 0 UNION ALL
  SELECT i.id, tree.depth + 1 FROM wf_instance i JOIN tree ON i.super_instance_id = tree.id WHERE tree.depth < 20)`;

/**
 * History of an instance's user tasks, newest first, with comments (RuoYi flowRecord's flowList):
 * tasks inside embedded sub-processes are the instance's own; the tasks of instances started by
 * its call activities (any depth) are merged in, each naming the called instance and process
 * (`calledInstanceId`, `calledProcessName`, …). One query for tasks, one for comments.
 */
export async function flowRecord(store: Store, instanceId: string): Promise<FlowRecordItem[]> {
  const tasks = await store.all<Record<string, unknown>>(`${TREE} SELECT h.id, h.name, h.task_def_key AS k, h.create_time AS c, h.end_time AS e, h.assignee, h.owner,
      h.candidate_users AS cu, h.candidate_groups AS cg, h.duration, h.delete_reason AS dr, h.instance_id AS inst, tree.depth,
      d.name AS pn, d.key AS pk, d.deployment_id AS dep,
      CASE WHEN tree.depth > 0 THEN (SELECT a.activity_id FROM wf_hi_actinst a WHERE a.instance_id = i.super_instance_id
        AND a.execution_id = i.super_execution_id AND a.activity_type = 'callActivity' AND a.start_time <= i.start_time
        ORDER BY a.id DESC LIMIT 1) END AS ca
    FROM tree JOIN wf_hi_taskinst h ON h.instance_id = tree.id JOIN wf_instance i ON i.id = tree.id JOIN wf_definition d ON d.id = i.definition_id
    ORDER BY h.create_time DESC, h.id DESC`, [instanceId]);
  const comments = await store.all<{ type: string; message: string; userId: string | null; taskId: string | null; time: number }>(`${TREE}
    SELECT c.type, c.message, c.user_id AS "userId", c.task_id AS "taskId", c.time FROM tree JOIN wf_comment c ON c.instance_id = tree.id ORDER BY c.time, c.id`, [instanceId]);
  const byTask = new Map<string, typeof comments>();
  for (const c of comments) if (c.taskId) (byTask.get(c.taskId) ?? byTask.set(c.taskId, []).get(c.taskId)!).push(c);
  return tasks.map((t) => {
    const own = byTask.get(t.id as string) ?? [];
    const called = (t.depth as number) > 0;
    return {
      taskId: t.id as string, taskName: t.name as string, taskDefKey: t.k as string, createTime: fmt(t.c as number), finishTime: fmt(t.e as number | null),
      assigneeId: t.assignee as string | null, ownerId: t.owner as string | null, candidateUsers: splitIds(t.cu as string),
      candidateGroups: splitIds(t.cg as string), duration: durationText(t.duration as number | null), durationMs: t.duration as number | null,
      deleteReason: t.dr as string | null, comment: own[0] ? { type: own[0].type, comment: own[0].message } : null,
      comments: own.map((c) => ({ type: c.type, message: c.message, userId: c.userId, time: fmt(c.time) })),
      instanceId: t.inst as string,
      calledInstanceId: called ? (t.inst as string) : null, calledProcessName: called ? (t.pn as string) : null,
      calledProcessKey: called ? (t.pk as string) : null, calledDeployId: called ? (t.dep as string) : null,
      callActivityId: called ? (t.ca as string | null) : null,
    };
  });
}

/**
 * The start of an instance for its flow record's 发起 entry (issue 40 §4): initiator, start time
 * (wire format) and the calling instance (null unless a call activity started it). Null for an
 * unknown instance.
 */
export async function instanceStart(store: Store, instanceId: string): Promise<{ startUserId: string | null; startTime: string | null; superInstanceId: string | null } | null> {
  const r = await store.get<{ u: string | null; s: number; p: string | null }>('SELECT start_user_id AS u, start_time AS s, super_instance_id AS p FROM wf_instance WHERE id = ?', [instanceId]);
  return r ? { startUserId: r.u, startTime: fmt(r.s), superInstanceId: r.p } : null;
}

/**
 * The distinct nodes (task definition keys) of instance `instanceId`'s own historic user tasks
 * (`wf_hi_taskinst`, running ones included; those of instances its call activities started are
 * not) in which `userId` or one of `groupIds` takes part: assignee, owner, or a candidate user /
 * group. The same rows and test as flowRecord's items of that instance filtered on
 * `assigneeId`, `ownerId`, `candidateUsers`, `candidateGroups`, without its comments, dates or
 * call-activity tree. Comment authors are not participants here. An id that is empty or holds a
 * comma never matches a candidate list (splitIds gives no such element). No particular order.
 */
export async function participatedTaskKeys(store: Store, q: { instanceId: string; userId: string; groupIds?: readonly string[] }): Promise<string[]> {
  const uid = String(q.userId);
  const listed = (id: string) => id !== '' && !id.includes(',');
  const cands = [...(listed(uid) ? [uid] : []), ...(q.groupIds ?? []).map(String).filter(listed)];
  const users = listed(uid) ? ` OR ${csvHas(store.kind, 'h.candidate_users')}` : '';
  const groups = cands.slice(users ? 1 : 0).map(() => ` OR ${csvHas(store.kind, 'h.candidate_groups')}`).join('');
  const rows = await store.all<{ k: string }>(`SELECT DISTINCT h.task_def_key AS k FROM wf_hi_taskinst h WHERE h.instance_id = ?
    AND (h.assignee = ? OR h.owner = ?${users}${groups})`, [q.instanceId, uid, uid, ...cands]);
  return rows.map((r) => r.k);
}

/**
 * Diagram node data `[{key, completed}]`: every finished activity (nodes and taken flows) without
 * a delete reason is `completed: true`, then every unfinished one replaces its key with `false`;
 * activities cancelled by moves (delete reason) are left out.
 */
export async function nodeData(store: Store, instanceId: string): Promise<Array<{ key: string; completed: boolean }>> {
  const rows = await store.all<{ k: string; e: number | null; dr: string | null }>(
    'SELECT activity_id AS k, end_time AS e, delete_reason AS dr FROM wf_hi_actinst WHERE instance_id = ? ORDER BY id', [instanceId]);
  const map = new Map<string, boolean>();
  for (const r of rows) if (r.e !== null && r.dr === null) map.set(r.k, true);
  for (const r of rows) if (r.e === null) map.set(r.k, false);
  return [...map].map(([key, completed]) => ({ key, completed }));
}

/** Instance variables (plus the task's local ones when `taskId` is a runtime task). */
export async function variables(store: Store, q: { instanceId?: string; taskId?: string }): Promise<Record<string, unknown>> {
  let instanceId = q.instanceId;
  if (!instanceId && q.taskId) {
    const r = (await store.get<{ i: string }>('SELECT instance_id AS i FROM wf_task WHERE id = ?', [q.taskId])) ??
      (await store.get<{ i: string }>('SELECT instance_id AS i FROM wf_hi_taskinst WHERE id = ?', [q.taskId]));
    if (!r) throw notFound(MSG.taskMissing);
    instanceId = r.i;
  }
  if (!instanceId) return {};
  const out: Record<string, unknown> = {};
  const scopes = q.taskId ? ['', q.taskId] : [''];
  for (const scope of scopes) {
    for (const v of await store.all<{ name: string; value: string }>('SELECT name, value FROM wf_variable WHERE instance_id = ? AND scope_id = ? ORDER BY id', [instanceId, scope])) {
      out[v.name] = JSON.parse(v.value);
    }
  }
  return out;
}

export interface NextNode {
  /** `multiInstance`, or the node's `flowable:userType` (assignee | candidateUsers | candidateGroups). */
  type: string | null;
  /** `dynamic` for multi-instance, else the node's `flowable:dataType` (fixed | dynamic). */
  dataType: string | null;
  /** The MI collection variable name, else `approval`. */
  vars: string;
  /** Every next user task found (RuoYi answers from the last one). */
  nodes: Array<{ id: string; name: string }>;
}

/** What the next-node probes read of the engine core: the cached graph of a definition (core.ts). */
export type GraphSource = Pick<EngineCore, 'graph' | 'query'>;

function toNextNode(found: GraphNode[]): NextNode | null {
  if (!found.length) return null;
  const last = found[found.length - 1];
  const nodes = found.map((n) => ({ id: n.id, name: n.name }));
  if (last.multiInstance) {
    const coll = (last.multiInstance.collection ?? '').replace(/^[$#]\{\s*|\s*\}$/g, '');
    return { type: 'multiInstance', dataType: 'dynamic', vars: coll, nodes };
  }
  return { type: last.userTask?.userType ?? null, dataType: last.userTask?.dataType ?? null, vars: 'approval', nodes };
}

/**
 * The variables a runtime task's conditions see: the instance's, overridden by those of every
 * enclosing scope execution (embedded sub-processes), innermost last. One cached statement.
 */
async function visibleVariables(store: Store, taskId: string, instanceId: string): Promise<Record<string, unknown>> {
  const rows = await store.all<{ name: string; value: string }>(`WITH RECURSIVE up(id, depth) AS (SELECT execution_id, 0 FROM wf_task WHERE id = ? UNION ALL
      SELECT e.parent_id, up.depth + 1 FROM wf_execution e JOIN up ON e.id = up.id WHERE e.parent_id IS NOT NULL AND up.depth < 50)
    SELECT v.name, v.value FROM wf_variable v LEFT JOIN up ON up.id = v.scope_id
    WHERE v.instance_id = ? AND (v.scope_id = '' OR up.id IS NOT NULL) ORDER BY COALESCE(up.depth, 1000000) DESC, v.id`, [taskId, instanceId]);
  const out: Record<string, unknown> = {};
  for (const v of rows) out[v.name] = JSON.parse(v.value);
  return out;
}

/**
 * Next user tasks after a runtime task (model/analysis.ts nextUserTasks: into and out of embedded
 * sub-processes, through service / plain tasks, throw events and gateways; stops at catch events,
 * receive tasks and call activities), conditions evaluated on the variables visible to the task
 * (instance + enclosing sub-process scopes) merged with `variables`. null = no next user task
 * (RuoYi answers "流程已完结!"). Error: "任务不存在或已被审批!".
 */
export async function nextFlowNode(store: Store, core: GraphSource, q: { taskId: string; variables?: Record<string, unknown> }): Promise<NextNode | null> {
  const t = await store.get<{ k: string; d: string; i: string }>(
    'SELECT t.task_def_key AS k, i.definition_id AS d, t.instance_id AS i FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE t.id = ?', [q.taskId]);
  if (!t) throw notFound(MSG.taskMissing);
  const vars = { ...(await visibleVariables(store, q.taskId, t.i)), ...(q.variables ?? {}) };
  const graph = await core.query(() => core.graph(t.d));
  return toNextNode(nextUserTasks(graph, t.k, (c) => evaluateCondition(c, mapScope(vars))));
}

/**
 * Next user tasks after the start event of a definition (by id or deployment id) for the given
 * form values. Error when none: "暂未查找到下一任务,请检查流程设计是否正确!".
 */
export async function nextFlowNodeByStart(store: Store, core: GraphSource, q: { definitionId?: string; deploymentId?: string; variables?: Record<string, unknown> }): Promise<NextNode> {
  const d = await (q.definitionId
    ? store.get<{ id: string }>('SELECT id FROM wf_definition WHERE id = ?', [q.definitionId])
    : store.get<{ id: string }>('SELECT id FROM wf_definition WHERE deployment_id = ?', [q.deploymentId ?? '']));
  if (!d) throw notFound(MSG.definitionMissing);
  const graph = await core.query(() => core.graph(d.id));
  const vars = { INITIATOR: null, ...(q.variables ?? {}) };
  // The start a plain start uses: the none start, else the first start event (commands/start.ts, issue 39 §4).
  const r = toNextNode(nextUserTasks(graph, graph.startId || graph.eventStartIds?.[0] || '', (c) => evaluateCondition(c, mapScope(vars))));
  if (!r) throw refused('暂未查找到下一任务,请检查流程设计是否正确!');
  return r;
}
