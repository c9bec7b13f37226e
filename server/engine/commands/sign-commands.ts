/**
 * 加签 / 减签 on a running countersign (issue 16; Flowable's addMultiInstanceExecution /
 * deleteMultiInstanceExecution, reference §6 "Complete" multi-instance, §9 items 7–8). The actor
 * holds a running task of the multi-instance body (`taskId`); one transaction each.
 * - 加签 `addSigner`: a parallel body gets one more instance for `assignee` now ('parallel'); a
 *   sequential one takes `assignee` into its order right after the current approver ('after') or
 *   before them ('before': the current task is withdrawn and comes back after the new approver).
 *   nrOfInstances grows, so the completion condition counts the new signer.
 * - 减签 `removeSigner`: an instance of `assignee` that has not acted goes (parallel: its task is
 *   cancelled; sequential: a later approver leaves the order); then the completion condition is
 *   evaluated again with the new counters and the body ends when it holds or every remaining
 *   instance completed. Who may remove whom (issue 38 §5): the user who added that signer (the
 *   body-local `__signAddedBy` map, signer → adder, written by 加签), or a process manager
 *   (`manager`, decided by the caller from its permission; a manager need not hold the task). The
 *   model's signers are removed by a manager only, so a signer never removes peers and approves
 *   alone.
 * The changed order is the body's local `miCollection`; it goes with the body, so a reject or
 * return that re-enters the node starts again from the model's collection. Comment type 9 / 10
 * on the actor's task.
 */
import { AppError, conflict, notFound, refused } from '../../core/errors';
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import { lookupVar, runAgenda, type Ctx } from '../runtime/context';
import { TOKEN_OPS } from '../runtime/agenda';
import { assertCardinality, collectionOf, endBody, MI_COLLECTION_VAR, startInstance, writeCounters } from '../runtime/multi-instance';
import { cancelTaskRow, taskOfExecution, touchTaskAssignee } from '../runtime/task-ops';
import { endActivity } from '../runtime/history';
import { tokenScope } from '../runtime/listeners';
import { evaluateCondition, ExpressionError } from '../expression';
import { miAdvance, type MiSnapshot } from '../behaviours/lifecycle-machines';
import { MSG, type EngineCore } from '../core';
import { stmt } from '../store/rows';
import { UnitOfWork } from '../store/unit-of-work';
import { addComment, onTask, outcome, type Actor, type MoveOutcome } from './task-commands';

export type SignMode = 'parallel' | 'before' | 'after';

export interface SignInput extends Actor {
  /** A running task of the countersign held by the actor. */
  taskId: string;
  /** The signer added or removed (user id). */
  assignee: string;
  comment?: string;
  /**
   * 减签 only: the actor is a process manager (the caller checked a process-management
   * permission); may remove any signer, also the model's, without holding `taskId`.
   */
  manager?: boolean;
}

/** Body-local (root) map `{signer user id: adder user id}` of the signers added by 加签 (issue 38 §5). */
export const SIGN_ADDED_BY_VAR = '__signAddedBy';

/** Refusal of a 减签 by a user who neither added the signer nor manages processes (issue 38 §5). */
export const NOT_SIGN_ADDER = '无权减签：只有加签人或拥有流程监控权限的用户可以减去该办理人';

/** The body's `{signer: adder}` map (empty when nobody was added). */
function addedBy(ctx: Ctx, root: ExecutionRow): Record<string, string> {
  const v = lookupVar(ctx, [root.id], SIGN_ADDED_BY_VAR);
  return v.found && v.value && typeof v.value === 'object' && !Array.isArray(v.value) ? { ...(v.value as Record<string, string>) } : {};
}

/** The body the task belongs to: its node, root token and counters. Errors: 当前节点不是会签节点，无法加签/减签. */
function bodyOf(ctx: Ctx, taskId: string, verb: string): { node: GraphNode; root: ExecutionRow; child: ExecutionRow; snap: MiSnapshot } {
  const task = ctx.uow.tasks.get(taskId)!;
  const node = ctx.graph.nodes[task.taskDefKey];
  const child = ctx.uow.executions.get(task.executionId);
  const root = child?.parentId ? ctx.uow.executions.get(child.parentId) : undefined;
  if (!node.multiInstance || !child || !root || root.isMiRoot !== 1) throw refused(`当前节点不是会签节点，无法${verb}`);
  return { node, root, child, snap: JSON.parse(root.machineState) as MiSnapshot };
}

/** Users with a running task in the body. */
function runningSigners(ctx: Ctx, root: ExecutionRow): Map<string, ExecutionRow> {
  const out = new Map<string, ExecutionRow>();
  for (const e of ctx.uow.executions.values()) {
    if (e.parentId !== root.id) continue;
    const t = taskOfExecution(ctx, e.id);
    if (t?.assignee) out.set(t.assignee, e);
  }
  return out;
}

/**
 * 加签: see the file comment. Errors: 当前节点不是会签节点，无法加签, 并行会签只能并行加签,
 * 顺序会签只能向前或向后加签, 该人员已在会签中 (a running signer, or later in a sequential order),
 * 会签节点没有集合变量，无法顺序加签, and the task errors.
 */
export function addSigner(core: EngineCore, input: SignInput & { mode: SignMode }): MoveOutcome {
  const assignee = String(input.assignee).trim();
  return outcome(onTask(core, input.taskId, input, (ctx) => {
    const { node, root, child, snap } = bodyOf(ctx, input.taskId, '加签');
    const sequential = node.multiInstance!.sequential;
    if (!sequential && input.mode !== 'parallel') throw refused('并行会签只能并行加签');
    if (sequential && input.mode === 'parallel') throw refused('顺序会签只能向前或向后加签');
    const items = collectionOf(ctx, root, node);
    const pending = sequential && items ? items.slice(snap.context.loopCounter + 1).map(String) : [];
    if (runningSigners(ctx, root).has(assignee) || pending.includes(assignee)) throw conflict('该人员已在会签中');
    if (sequential && !items) throw refused('会签节点没有集合变量，无法顺序加签');
    assertCardinality(ctx, node, snap.context.total + 1); // 加签 one by one stays within the body's cap (issue 38 §6)
    addComment(ctx, '9', input.comment ?? '加签', input.taskId);
    ctx.uow.setVar(root.id, SIGN_ADDED_BY_VAR, { ...addedBy(ctx, root), [assignee]: String(input.userId) });
    writeCounters(ctx, root, miAdvance(snap, { type: 'ADD' }));
    let created: ExecutionRow | undefined;
    if (!sequential) {
      const list = items ? [...items, assignee] : null;
      if (list) ctx.uow.setVar(root.id, MI_COLLECTION_VAR, list);
      // The new signer's element is the last of the list (a 减签 lowered the count, not the list).
      created = startInstance(ctx, TOKEN_OPS, root, node, list ? list.length - 1 : snap.context.total, list);
    } else if (items) {
      const at = snap.context.loopCounter + (input.mode === 'after' ? 1 : 0);
      const list = [...items.slice(0, at), assignee, ...items.slice(at)];
      ctx.uow.setVar(root.id, MI_COLLECTION_VAR, list);
      if (input.mode === 'before') {
        // The current approver's task is withdrawn; the new approver takes this turn.
        const current = taskOfExecution(ctx, child.id);
        if (current) cancelTaskRow(ctx, current, 'addSignBefore');
        endActivity(ctx, child, 'addSignBefore');
        created = startInstance(ctx, TOKEN_OPS, root, node, snap.context.loopCounter, list, child);
      }
    }
    runAgenda(ctx);
    // An assignment not driven by the element variable still goes to the added signer.
    const t = created ? taskOfExecution(ctx, created.id) : undefined;
    if (t && t.assignee !== assignee) touchTaskAssignee(ctx, t, assignee);
    return ctx;
  }));
}

/**
 * 减签: see the file comment. Errors: 当前节点不是会签节点，无法减签, 不能对自己减签,
 * 该人员不在会签中或已处理 (not a running signer, nor later in a sequential order),
 * 减签后会签节点将没有办理人，无法减签, NOT_SIGN_ADDER (neither the adder of `assignee` nor a
 * manager; nothing changes), and the task errors (a manager need not hold the task).
 */
export function removeSigner(core: EngineCore, input: SignInput): MoveOutcome {
  const assignee = String(input.assignee).trim();
  return outcome(onTask(core, input.taskId, input, (ctx, task) => {
    const { node, root, snap } = bodyOf(ctx, input.taskId, '减签');
    const adders = addedBy(ctx, root);
    if (task.assignee === assignee || (!task.assignee && String(input.userId) === assignee)) throw refused('不能对自己减签');
    if (snap.context.total - 1 < 1) throw refused('减签后会签节点将没有办理人，无法减签');
    const mi = node.multiInstance!;
    const running = runningSigners(ctx, root).get(assignee);
    // Parallel: a running signer; sequential: a later approver of the body's order.
    const pendingAt = mi.sequential ? pendingIndex(ctx, root, node, snap, assignee) : -1;
    if (mi.sequential ? pendingAt < 0 : !running) throw refused('该人员不在会签中或已处理');
    if (!input.manager && adders[assignee] !== String(input.userId)) throw refused(NOT_SIGN_ADDER);
    let active = false;
    if (running && !mi.sequential) {
      const t = taskOfExecution(ctx, running.id)!;
      cancelTaskRow(ctx, t, 'deleteSign');
      endActivity(ctx, running, 'deleteSign');
      ctx.uow.removeExecution(running.id);
      active = true;
    } else {
      const items = collectionOf(ctx, root, node)!;
      ctx.uow.setVar(root.id, MI_COLLECTION_VAR, [...items.slice(0, pendingAt), ...items.slice(pendingAt + 1)]);
    }
    if (assignee in adders) {
      delete adders[assignee];
      ctx.uow.setVar(root.id, SIGN_ADDED_BY_VAR, adders);
    }
    addComment(ctx, '10', input.comment ?? '减签', input.taskId);
    // The completion condition sees the counters after the removal (Flowable's names).
    ctx.uow.setVar(root.id, 'nrOfInstances', snap.context.total - 1);
    ctx.uow.setVar(root.id, 'nrOfActiveInstances', active ? snap.context.active - 1 : snap.context.active);
    const conditionMet = mi.completionCondition ? evaluateCondition(mi.completionCondition, tokenScope(ctx, root)) : false;
    const next = miAdvance(snap, { type: 'REMOVE', active, conditionMet });
    writeCounters(ctx, root, next);
    if (next.value === 'done') endBody(ctx, TOKEN_OPS, root, node);
    return ctx; // the command wrapper (core.run) runs the agenda
  }, !input.manager));
}

/** Index of `assignee` among the later approvers of sequential body `root` (-1: not among them). */
function pendingIndex(ctx: Ctx, root: ExecutionRow, node: GraphNode, snap: MiSnapshot, assignee: string): number {
  const items = collectionOf(ctx, root, node);
  const from = snap.context.loopCounter + 1;
  return items ? items.findIndex((x, i) => i >= from && String(x) === assignee) : -1;
}

export interface SignersView {
  /** False when the task is not part of a multi-instance body (no 加签 / 减签). */
  multiInstance: boolean;
  sequential: boolean;
  /**
   * Running signers (with a task) and, in a sequential body, the later ones in order; `addedBy`:
   * the user who added the signer by 加签, null for the model's signers (issue 38 §5).
   */
  signers: Array<{ userId: string; state: 'running' | 'pending'; addedBy: string | null }>;
}

/**
 * Who is in the countersign of runtime task `taskId` (the 减签 choices; read only, no
 * transaction, nothing written): running tasks of the body and, in a sequential one, the later
 * approvers of the body's order (`sequentialOrder`: as the engine takes it, its `miCollection`
 * else the model's collection evaluated in the body's variable scope).
 * Errors: 任务不存在或已被审批! for an unknown task.
 */
export function signersOf(core: EngineCore, taskId: string): SignersView {
  const db = core.db;
  const row = stmt(db, `SELECT t.task_def_key AS k, i.definition_id AS d, i.id AS i, e.parent_id AS root, r.machine_state AS ms
    FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id JOIN wf_execution e ON e.id = t.execution_id
    LEFT JOIN wf_execution r ON r.id = e.parent_id AND r.is_mi_root = 1 WHERE t.id = ?`).get(taskId) as { k: string; d: string; i: string; root: string | null; ms: string | null } | undefined;
  if (!row) throw notFound(MSG.taskMissing);
  const node = core.graph(row.d).nodes[row.k];
  const mi = node?.multiInstance;
  if (!mi || !row.root || !row.ms) return { multiInstance: false, sequential: false, signers: [] };
  const running = (stmt(db, `SELECT t.assignee AS a FROM wf_task t JOIN wf_execution e ON e.id = t.execution_id
    WHERE e.parent_id = ? AND t.assignee IS NOT NULL ORDER BY t.create_time, t.id`).all(row.root) as Array<{ a: string }>).map((r) => r.a);
  const added = stmt(db, 'SELECT value FROM wf_variable WHERE instance_id = ? AND scope_id = ? AND name = ?').get(row.i, row.root, SIGN_ADDED_BY_VAR) as { value: string | null } | undefined;
  const adders = (added?.value ? JSON.parse(added.value) : {}) as Record<string, string>;
  const by = (userId: string) => (Object.hasOwn(adders, userId) ? String(adders[userId]) : null);
  const signers: SignersView['signers'] = running.map((userId) => ({ userId, state: 'running', addedBy: by(userId) }));
  if (mi.sequential) for (const u of sequentialOrder(core, taskId, row.root, node)) signers.push({ userId: String(u), state: 'pending', addedBy: by(String(u)) });
  return { multiInstance: true, sequential: mi.sequential, signers };
}

/**
 * The approvers after the current one in the sequential body `rootId` of task `taskId`, taken as
 * the engine takes them (`collectionOf`: the body's `miCollection`, else the model's collection,
 * an expression or a variable name, in the body's scope chain incl. sub-processes). The instance
 * is loaded into a unit of work that is never flushed. [] when the body has no collection, is
 * gone, or its collection does not evaluate to a list (the engine fails at the next step then).
 */
function sequentialOrder(core: EngineCore, taskId: string, rootId: string, node: GraphNode): unknown[] {
  const uow = UnitOfWork.loadByTask(core.db, taskId, undefined, false); // a read: no lock
  const root = uow?.executions.get(rootId);
  if (!uow || !root?.machineState) return [];
  try {
    const items = collectionOf(core.newCtx(uow, null), root, node);
    return items ? items.slice((JSON.parse(root.machineState) as MiSnapshot).context.loopCounter + 1) : [];
  } catch (e) {
    if (e instanceof AppError || e instanceof ExpressionError) return [];
    throw e;
  }
}

/**
 * 撤回 of one's own vote in a countersign that is still running (issue 16; move-commands revoke
 * calls it): parallel, a new instance for the voter (the counters count the vote no more);
 * sequential, the next approver's task (untouched, created after the vote, the voter's being the
 * last vote) is cancelled with comment type 7 and the turn goes back to the voter. The caller
 * has checked that `node`'s body still runs (an MI root of it exists). Error: 下一节点已处理，无法撤回.
 */
export function withdrawVote(ctx: Ctx, node: GraphNode, prev: { id: string; assignee: string | null; endTime: number }, comment: string): void {
  // Present: the only caller, move-commands revoke, calls this only when an MI root of the node exists.
  const root = [...ctx.uow.executions.values()].find((e) => e.isMiRoot === 1 && e.activityId === node.id)!;
  const snap = JSON.parse(root.machineState) as MiSnapshot;
  // The vote must be one of this round: the node may have been entered again since (驳回, 退回).
  if (snap.context.completed < 1 || prev.endTime < root.createTime) throw refused('下一节点已处理，无法撤回');
  const items = collectionOf(ctx, root, node);
  const last = stmt(ctx.uow.db, `SELECT id FROM wf_hi_taskinst WHERE instance_id = ? AND task_def_key = ? AND end_time IS NOT NULL AND delete_reason IS NULL
    ORDER BY end_time DESC, id DESC LIMIT 1`).get(ctx.uow.instance.id, node.id) as { id: string } | undefined;
  let reuse: ExecutionRow | undefined;
  let index: number;
  if (node.multiInstance!.sequential) {
    const child = [...ctx.uow.executions.values()].find((e) => e.parentId === root.id);
    const next = child ? taskOfExecution(ctx, child.id) : undefined;
    const touched = next ? (stmt(ctx.uow.db, 'SELECT COUNT(*) AS n FROM wf_comment WHERE task_id = ?').get(next.id) as { n: number }).n > 0 : true;
    if (!child || !next || last?.id !== prev.id || touched || next.claimTime !== null || next.delegationState !== null || next.createTime < prev.endTime) {
      throw refused('下一节点已处理，无法撤回');
    }
    addComment(ctx, '7', comment, next.id);
    cancelTaskRow(ctx, next, 'revoke');
    endActivity(ctx, child, 'revoke');
    reuse = child;
    index = snap.context.loopCounter - 1;
  } else {
    if (prev.assignee && runningSigners(ctx, root).has(prev.assignee)) throw refused('下一节点已处理，无法撤回');
    addComment(ctx, '7', comment, prev.id);
    const at = items ? items.findIndex((x) => String(x) === prev.assignee) : -1;
    index = at >= 0 ? at : snap.context.total - 1;
  }
  writeCounters(ctx, root, miAdvance(snap, { type: 'REOPEN' }));
  const created = startInstance(ctx, TOKEN_OPS, root, node, index, items, reuse);
  runAgenda(ctx);
  const t = taskOfExecution(ctx, created.id);
  if (t && prev.assignee && t.assignee !== prev.assignee) touchTaskAssignee(ctx, t, prev.assignee);
}
