/**
 * Views of one instance (ruoyi-flowable.md §6): flow record, diagram node data, variables,
 * task details, and the next-node probes.
 */
import type Database from 'better-sqlite3';
import { notFound, refused } from '../../core/errors';
import type { EngineCore } from '../core';
import { MSG } from '../core';
import { nextUserTasks } from '../model/analysis';
import type { GraphNode } from '../model/graph';
import { evaluateCondition, mapScope } from '../expression';
import { rawStmt, stmt } from '../store/rows';
import { durationText, fmt, splitIds } from './common';

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
const TREE = `WITH RECURSIVE tree(id, depth) AS (SELECT ?, 0 UNION ALL
  SELECT i.id, tree.depth + 1 FROM wf_instance i JOIN tree ON i.super_instance_id = tree.id WHERE tree.depth < 20)`;

/**
 * History of an instance's user tasks, newest first, with comments (RuoYi flowRecord's flowList):
 * tasks inside embedded sub-processes are the instance's own; the tasks of instances started by
 * its call activities (any depth) are merged in, each naming the called instance and process
 * (`calledInstanceId`, `calledProcessName`, …). One query for tasks, one for comments.
 */
export function flowRecord(db: Database.Database, instanceId: string): FlowRecordItem[] {
  const tasks = stmt(db, `${TREE} SELECT h.id, h.name, h.task_def_key AS k, h.create_time AS c, h.end_time AS e, h.assignee, h.owner,
      h.candidate_users AS cu, h.candidate_groups AS cg, h.duration, h.delete_reason AS dr, h.instance_id AS inst, tree.depth,
      d.name AS pn, d.key AS pk, d.deployment_id AS dep,
      CASE WHEN tree.depth > 0 THEN (SELECT a.activity_id FROM wf_hi_actinst a WHERE a.instance_id = i.super_instance_id
        AND a.execution_id = i.super_execution_id AND a.activity_type = 'callActivity' AND a.start_time <= i.start_time
        ORDER BY a.id DESC LIMIT 1) END AS ca
    FROM tree JOIN wf_hi_taskinst h ON h.instance_id = tree.id JOIN wf_instance i ON i.id = tree.id JOIN wf_definition d ON d.id = i.definition_id
    ORDER BY h.create_time DESC, h.id DESC`).all(instanceId) as Array<Record<string, unknown>>;
  const comments = stmt(db, `${TREE} SELECT c.type, c.message, c.user_id AS userId, c.task_id AS taskId, c.time FROM tree
      JOIN wf_comment c ON c.instance_id = tree.id ORDER BY c.time, c.id`)
    .all(instanceId) as Array<{ type: string; message: string; userId: string | null; taskId: string | null; time: number }>;
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
export function instanceStart(db: Database.Database, instanceId: string): { startUserId: string | null; startTime: string | null; superInstanceId: string | null } | null {
  const r = stmt(db, 'SELECT start_user_id AS u, start_time AS s, super_instance_id AS p FROM wf_instance WHERE id = ?')
    .get(instanceId) as { u: string | null; s: number; p: string | null } | undefined;
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
export function participatedTaskKeys(db: Database.Database, q: { instanceId: string; userId: string; groupIds?: readonly string[] }): string[] {
  const uid = String(q.userId);
  const listed = (id: string) => id !== '' && !id.includes(',');
  const cands = [...(listed(uid) ? [uid] : []), ...(q.groupIds ?? []).map(String).filter(listed)];
  const users = listed(uid) ? " OR instr(',' || h.candidate_users || ',', ',' || ? || ',') > 0" : '';
  const groups = cands.slice(users ? 1 : 0).map(() => " OR instr(',' || h.candidate_groups || ',', ',' || ? || ',') > 0").join('');
  return rawStmt(db, `SELECT DISTINCT h.task_def_key FROM wf_hi_taskinst h WHERE h.instance_id = ?
    AND (h.assignee = ? OR h.owner = ?${users}${groups})`).all(q.instanceId, uid, uid, ...cands).map((r) => r[0] as string);
}

/**
 * Diagram node data `[{key, completed}]`: every finished activity (nodes and taken flows) without
 * a delete reason is `completed: true`, then every unfinished one replaces its key with `false`;
 * activities cancelled by moves (delete reason) are left out.
 */
export function nodeData(db: Database.Database, instanceId: string): Array<{ key: string; completed: boolean }> {
  const rows = stmt(db, 'SELECT activity_id AS k, end_time AS e, delete_reason AS dr FROM wf_hi_actinst WHERE instance_id = ? ORDER BY id')
    .all(instanceId) as Array<{ k: string; e: number | null; dr: string | null }>;
  const map = new Map<string, boolean>();
  for (const r of rows) if (r.e !== null && r.dr === null) map.set(r.k, true);
  for (const r of rows) if (r.e === null) map.set(r.k, false);
  return [...map].map(([key, completed]) => ({ key, completed }));
}

/** Instance variables (plus the task's local ones when `taskId` is a runtime task). */
export function variables(db: Database.Database, q: { instanceId?: string; taskId?: string }): Record<string, unknown> {
  let instanceId = q.instanceId;
  if (!instanceId && q.taskId) {
    const r = (stmt(db, 'SELECT instance_id AS i FROM wf_task WHERE id = ?').get(q.taskId) ??
      stmt(db, 'SELECT instance_id AS i FROM wf_hi_taskinst WHERE id = ?').get(q.taskId)) as { i: string } | undefined;
    if (!r) throw notFound(MSG.taskMissing);
    instanceId = r.i;
  }
  if (!instanceId) return {};
  const out: Record<string, unknown> = {};
  const scopes = q.taskId ? ['', q.taskId] : [''];
  for (const scope of scopes) {
    for (const v of stmt(db, 'SELECT name, value FROM wf_variable WHERE instance_id = ? AND scope_id = ? ORDER BY id').all(instanceId, scope) as Array<{ name: string; value: string }>) {
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
function visibleVariables(db: Database.Database, taskId: string, instanceId: string): Record<string, unknown> {
  const rows = stmt(db, `WITH RECURSIVE up(id, depth) AS (SELECT execution_id, 0 FROM wf_task WHERE id = ? UNION ALL
      SELECT e.parent_id, up.depth + 1 FROM wf_execution e JOIN up ON e.id = up.id WHERE e.parent_id IS NOT NULL AND up.depth < 50)
    SELECT v.name, v.value FROM wf_variable v LEFT JOIN up ON up.id = v.scope_id
    WHERE v.instance_id = ? AND (v.scope_id = '' OR up.id IS NOT NULL) ORDER BY COALESCE(up.depth, 1000000) DESC, v.id`)
    .all(taskId, instanceId) as Array<{ name: string; value: string }>;
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
export function nextFlowNode(core: EngineCore, q: { taskId: string; variables?: Record<string, unknown> }): NextNode | null {
  const t = stmt(core.db, 'SELECT t.task_def_key AS k, i.definition_id AS d, t.instance_id AS i FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE t.id = ?')
    .get(q.taskId) as { k: string; d: string; i: string } | undefined;
  if (!t) throw notFound(MSG.taskMissing);
  const vars = { ...visibleVariables(core.db, q.taskId, t.i), ...(q.variables ?? {}) };
  return toNextNode(nextUserTasks(core.graph(t.d), t.k, (c) => evaluateCondition(c, mapScope(vars))));
}

/**
 * Next user tasks after the start event of a definition (by id or deployment id) for the given
 * form values. Error when none: "暂未查找到下一任务,请检查流程设计是否正确!".
 */
export function nextFlowNodeByStart(core: EngineCore, q: { definitionId?: string; deploymentId?: string; variables?: Record<string, unknown> }): NextNode {
  const d = (q.definitionId
    ? stmt(core.db, 'SELECT id FROM wf_definition WHERE id = ?').get(q.definitionId)
    : stmt(core.db, 'SELECT id FROM wf_definition WHERE deployment_id = ?').get(q.deploymentId ?? '')) as { id: string } | undefined;
  if (!d) throw notFound(MSG.definitionMissing);
  const graph = core.graph(d.id);
  const vars = { INITIATOR: null, ...(q.variables ?? {}) };
  // The start a plain start uses: the none start, else the first start event (commands/start.ts, issue 39 §4).
  const r = toNextNode(nextUserTasks(graph, graph.startId || graph.eventStartIds?.[0] || '', (c) => evaluateCondition(c, mapScope(vars))));
  if (!r) throw refused('暂未查找到下一任务,请检查流程设计是否正确!');
  return r;
}
