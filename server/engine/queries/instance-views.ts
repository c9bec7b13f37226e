/**
 * Views of one instance (ruoyi-flowable.md §6): flow record, diagram node data, variables,
 * task details, and the next-node probes.
 */
import type Database from 'better-sqlite3';
import { fail } from '../../core/errors';
import type { EngineCore } from '../core';
import { MSG } from '../core';
import { nextUserTasks } from '../model/analysis';
import type { GraphNode } from '../model/graph';
import { evaluateCondition, mapScope } from '../expression';
import { durationText, fmt, splitIds } from './common';

export interface FlowRecordItem {
  taskId: string; taskName: string; taskDefKey: string; createTime: string | null; finishTime: string | null;
  assigneeId: string | null; ownerId: string | null; candidateUsers: string[]; candidateGroups: string[];
  duration: string | null; durationMs: number | null; deleteReason: string | null;
  /** The task's first comment (RuoYi shows one per task). */
  comment: { type: string; comment: string } | null;
  comments: Array<{ type: string; message: string; userId: string | null; time: string | null }>;
}

/** History of an instance's user tasks, newest first, with comments. */
export function flowRecord(db: Database.Database, instanceId: string): FlowRecordItem[] {
  const tasks = db.prepare(`SELECT id, name, task_def_key AS k, create_time AS c, end_time AS e, assignee, owner, candidate_users AS cu,
      candidate_groups AS cg, duration, delete_reason AS dr FROM wf_hi_taskinst WHERE instance_id = ? ORDER BY create_time DESC, id DESC`)
    .all(instanceId) as Array<Record<string, unknown>>;
  const comments = db.prepare('SELECT type, message, user_id AS userId, task_id AS taskId, time FROM wf_comment WHERE instance_id = ? ORDER BY time, id')
    .all(instanceId) as Array<{ type: string; message: string; userId: string | null; taskId: string | null; time: number }>;
  return tasks.map((t) => {
    const own = comments.filter((c) => c.taskId === t.id);
    return {
      taskId: t.id as string, taskName: t.name as string, taskDefKey: t.k as string, createTime: fmt(t.c as number), finishTime: fmt(t.e as number | null),
      assigneeId: t.assignee as string | null, ownerId: t.owner as string | null, candidateUsers: splitIds(t.cu as string),
      candidateGroups: splitIds(t.cg as string), duration: durationText(t.duration as number | null), durationMs: t.duration as number | null,
      deleteReason: t.dr as string | null, comment: own[0] ? { type: own[0].type, comment: own[0].message } : null,
      comments: own.map((c) => ({ type: c.type, message: c.message, userId: c.userId, time: fmt(c.time) })),
    };
  });
}

/**
 * Diagram node data `[{key, completed}]`: every finished activity (nodes and taken flows) without
 * a delete reason is `completed: true`, then every unfinished one replaces its key with `false`;
 * activities cancelled by moves (delete reason) are left out.
 */
export function nodeData(db: Database.Database, instanceId: string): Array<{ key: string; completed: boolean }> {
  const rows = db.prepare('SELECT activity_id AS k, end_time AS e, delete_reason AS dr FROM wf_hi_actinst WHERE instance_id = ? ORDER BY id')
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
    const r = (db.prepare('SELECT instance_id AS i FROM wf_task WHERE id = ?').get(q.taskId) ??
      db.prepare('SELECT instance_id AS i FROM wf_hi_taskinst WHERE id = ?').get(q.taskId)) as { i: string } | undefined;
    if (!r) throw fail(MSG.taskMissing);
    instanceId = r.i;
  }
  if (!instanceId) return {};
  const out: Record<string, unknown> = {};
  const scopes = q.taskId ? ['', q.taskId] : [''];
  for (const scope of scopes) {
    for (const v of db.prepare('SELECT name, value FROM wf_variable WHERE instance_id = ? AND scope_id = ? ORDER BY id').all(instanceId, scope) as Array<{ name: string; value: string }>) {
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
 * Next user tasks after a runtime task, conditions evaluated on the instance variables merged
 * with `variables`. null = no next user task (RuoYi answers "流程已完结!"). Error: "任务不存在或已被审批!".
 */
export function nextFlowNode(core: EngineCore, q: { taskId: string; variables?: Record<string, unknown> }): NextNode | null {
  const t = core.db.prepare('SELECT t.task_def_key AS k, i.definition_id AS d, t.instance_id AS i FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE t.id = ?')
    .get(q.taskId) as { k: string; d: string; i: string } | undefined;
  if (!t) throw fail(MSG.taskMissing);
  const vars = { ...variables(core.db, { instanceId: t.i }), ...(q.variables ?? {}) };
  return toNextNode(nextUserTasks(core.graph(t.d), t.k, (c) => evaluateCondition(c, mapScope(vars))));
}

/**
 * Next user tasks after the start event of a definition (by id or deployment id) for the given
 * form values. Error when none: "暂未查找到下一任务,请检查流程设计是否正确!".
 */
export function nextFlowNodeByStart(core: EngineCore, q: { definitionId?: string; deploymentId?: string; variables?: Record<string, unknown> }): NextNode {
  const d = (q.definitionId
    ? core.db.prepare('SELECT id FROM wf_definition WHERE id = ?').get(q.definitionId)
    : core.db.prepare('SELECT id FROM wf_definition WHERE deployment_id = ?').get(q.deploymentId ?? '')) as { id: string } | undefined;
  if (!d) throw fail(MSG.definitionMissing);
  const graph = core.graph(d.id);
  const vars = { INITIATOR: null, ...(q.variables ?? {}) };
  const r = toNextNode(nextUserTasks(graph, graph.startId, (c) => evaluateCondition(c, mapScope(vars))));
  if (!r) throw fail('暂未查找到下一任务,请检查流程设计是否正确!');
  return r;
}
