/**
 * Go-back commands (ruoyi-flowable.md §6 "Reject", "Return", "Revoke", "Stop"):
 * - reject 驳回: back one step to the user task(s) immediately upstream that ran (comment 3);
 * - returnList + return 退回: to a serial predecessor or any upstream user task that ran (comment 2);
 * - revoke 撤回: the caller pulls back their own latest completed task while the next task(s)
 *   are untouched (not completed, claimed, delegated or commented; comment 7);
 * - stop 取消申请: every token to the first end event (comment 6); the instance ends `stopped`.
 */
import { notFound, refused } from '../../core/errors';
import { allUpstreamUserTasks, canReach, downstream, orderFromStart, serialPredecessors, upstreamUserTasks } from '../model/analysis';
import type { GraphNode, ProcessGraph } from '../model/graph';
import { scopeExecutionFor } from '../runtime/scopes';
import { startActivity } from '../runtime/history';
import { stmt } from '../store/rows';
import { runAgenda, type Ctx } from '../runtime/context';
import { moveTokens, tasksOfTokens, tokensDownstreamOf, cancelTokens } from '../runtime/move';
import { touchTaskAssignee } from '../runtime/task-ops';
import { newExecution, planContinue, endInstance } from '../runtime/agenda';
import { advanceInstance } from '../behaviours/lifecycle-machines';
import { MSG, type EngineCore } from '../core';
import { addComment, onTask, outcome, type Actor, type MoveOutcome } from './task-commands';
import { withdrawVote } from './sign-commands';

/** Keys of the user tasks that ran in the instance (completed, not cancelled). */
function executedKeysIn(db: EngineCore['db'], instanceId: string): Set<string> {
  const rows = stmt(db, 'SELECT DISTINCT task_def_key AS k FROM wf_hi_taskinst WHERE instance_id = ? AND end_time IS NOT NULL AND delete_reason IS NULL')
    .all(instanceId) as Array<{ k: string }>;
  return new Set(rows.map((r) => r.k));
}

const executedKeys = (ctx: Ctx) => executedKeysIn(ctx.uow.db, ctx.uow.instance.id);

/**
 * After a move to `target` inside a parallel branch: each parallel join lying between the target
 * and `from` (the task the move started at) gets waiting tokens for the incoming flows the
 * target cannot reach, as if those branches had arrived again (they had, before the move);
 * tokens already waiting there count. Flowable's ChangeActivityState leaves such a join waiting
 * forever; this is the fix.
 */
function restoreJoinArrivals(ctx: Ctx, target: string, from: string) {
  const g = ctx.graph;
  for (const id of g.order) {
    const join = g.nodes[id];
    if (join.type !== 'parallelGateway' || join.incoming.length < 2) continue;
    if (!canReach(g, target, id) || !canReach(g, id, from)) continue;
    const reached = join.incoming.filter((f) => g.flows[f].source === target || canReach(g, target, g.flows[f].source)).length;
    const parentId = scopeExecutionFor(ctx, join.parent);
    let present = reached + [...ctx.uow.executions.values()].filter((e) => e.activityId === id && e.isActive === 0 && e.parentId === parentId).length;
    for (; present < join.incoming.length; present++) {
      const e = newExecution(ctx, id, parentId);
      startActivity(ctx, e, join);
      e.isActive = 0;
      e.machineState = 'waiting';
      ctx.uow.touchExecution(e);
    }
  }
}

/**
 * Reject: the current task goes back to the previous user task(s). Errors: "当前节点为初始任务节点，不能驳回",
 * "任务出现多对多情况，无法撤回", and the task errors (missing, suspended, not held).
 */
export function reject(core: EngineCore, input: Actor & { taskId: string; comment?: string }): MoveOutcome {
  return outcome(onTask(core, input.taskId, input, (ctx, task) => {
    const executed = executedKeys(ctx);
    const targets = upstreamUserTasks(ctx.graph, task.taskDefKey).filter((k) => executed.has(k));
    if (!targets.length) throw refused('当前节点为初始任务节点，不能驳回');
    const tokens = tokensDownstreamOf(ctx, targets);
    if (tokens.length > 1 && targets.length > 1) throw refused('任务出现多对多情况，无法撤回');
    for (const t of tasksOfTokens(ctx, tokens)) addComment(ctx, '3', input.comment ?? '', t.id);
    moveTokens(ctx, tokens, targets);
    return ctx;
  }));
}

/**
 * The user tasks a task may return to (退回; reference §6 "Return", widened by issue 16): its
 * serial predecessors (RuoYi's list, whether they ran or not) and every other user task upstream
 * of it that ran in this instance (a taken branch of an exclusive or inclusive gateway, a task
 * inside a parallel branch that has joined since). Ordered from the start.
 */
function returnTargets(graph: ProcessGraph, db: EngineCore['db'], instanceId: string, taskKey: string): GraphNode[] {
  const executed = executedKeysIn(db, instanceId);
  const ids = new Set(serialPredecessors(graph, taskKey).map((n) => n.id));
  for (const k of allUpstreamUserTasks(graph, taskKey)) if (executed.has(k)) ids.add(k);
  ids.delete(taskKey);
  return orderFromStart(graph, ids).map((id) => graph.nodes[id]);
}

/** The nodes a task can be returned to (`[{id, name}]`, from the start; see returnTargets). */
export function returnList(core: EngineCore, input: { taskId: string }): Array<{ id: string; name: string }> {
  const r = stmt(core.db, 'SELECT t.task_def_key AS k, t.instance_id AS i, e.definition_id AS d FROM wf_task t JOIN wf_instance e ON e.id = t.instance_id WHERE t.id = ?')
    .get(input.taskId) as { k: string; i: string; d: string } | undefined;
  if (!r) throw notFound(MSG.taskMissing);
  return returnTargets(core.graph(r.d), core.db, r.i, r.k).map((n) => ({ id: n.id, name: n.name }));
}

/**
 * Return to `targetKey` (one of returnList; else "当前节点相对于目标节点，不属于串行关系，无法回退"):
 * every token downstream of the target is cancelled (parallel branches, multi-instance bodies,
 * sub-processes) and one token starts at the target. Arrivals waiting at the joins the target
 * runs again are cleared (a target before the fork: runtime/move.ts clearJoinArrivals, issue 39).
 * When the target lies inside a parallel branch that had joined before the current task, the
 * other branches count as arrived at that join again (restoreJoinArrivals), so resubmitting runs
 * the target's branch once and joins.
 */
export function returnTo(core: EngineCore, input: Actor & { taskId: string; targetKey: string; comment?: string }): MoveOutcome {
  return outcome(onTask(core, input.taskId, input, (ctx, task) => {
    if (!returnTargets(ctx.graph, ctx.uow.db, ctx.uow.instance.id, task.taskDefKey).some((n) => n.id === input.targetKey)) {
      throw refused('当前节点相对于目标节点，不属于串行关系，无法回退');
    }
    const tokens = tokensDownstreamOf(ctx, [input.targetKey]);
    for (const t of tasksOfTokens(ctx, tokens)) addComment(ctx, '2', input.comment ?? '', t.id);
    moveTokens(ctx, tokens, [input.targetKey]);
    restoreJoinArrivals(ctx, input.targetKey, task.taskDefKey);
    return ctx;
  }));
}

interface PrevTask { id: string; taskDefKey: string; executionId: string; assignee: string | null; endTime: number }

/**
 * Revoke 撤回 (issue 16; reference §6 "Revoke", §9 item 15): the caller withdraws their own latest
 * completed task (an approver their approval, the initiator their own latest node, even when they
 * appear in several nodes) while nothing after it has been handled: the tasks it created are
 * untouched (not completed, claimed, delegated or commented), or its token still waits at a
 * parallel join. Those tasks are cancelled (comment type 7 撤回 on each, by the caller) and the
 * task is created again for the caller. A vote in a countersign that still runs is withdrawn
 * inside it (sign-commands.ts withdrawVote). Errors: "流程未启动或已执行完成，无法撤回",
 * "该任务非当前用户提交，无法撤回", "下一节点已处理，无法撤回".
 */
export function revoke(core: EngineCore, input: Actor & { instanceId: string; comment?: string }): MoveOutcome {
  return outcome(core.inInstance(input.instanceId, String(input.userId), (ctx) => {
    const inst = ctx.uow.instance;
    if (inst.endTime !== null || ctx.uow.executions.size === 0) throw refused('流程未启动或已执行完成，无法撤回');
    if (advanceInstance(inst.state, 'ACT') === null) throw refused(MSG.taskSuspended);
    const uid = String(input.userId);
    const prev = stmt(ctx.uow.db, `SELECT id, task_def_key AS "taskDefKey", execution_id AS "executionId", assignee, end_time AS "endTime" FROM wf_hi_taskinst
      WHERE instance_id = ? AND assignee = ? AND end_time IS NOT NULL AND delete_reason IS NULL ORDER BY end_time DESC, id DESC LIMIT 1`).get(inst.id, uid) as PrevTask | undefined;
    if (!prev) throw refused('该任务非当前用户提交，无法撤回');
    const node = ctx.graph.nodes[prev.taskDefKey];
    if (node.multiInstance && [...ctx.uow.executions.values()].some((e) => e.isMiRoot === 1 && e.activityId === prev.taskDefKey)) {
      // The countersign still runs: the vote is withdrawn inside it (sign-commands.ts).
      withdrawVote(ctx, node, prev, input.comment ?? '撤回');
      return ctx;
    }
    const area = downstream(ctx.graph, prev.taskDefKey, false);
    const handled = stmt(ctx.uow.db, `SELECT task_def_key AS k FROM wf_hi_taskinst WHERE instance_id = ? AND create_time >= ? AND id <> ?
      AND (delete_reason IS NULL AND end_time IS NOT NULL OR claim_time IS NOT NULL)`).all(inst.id, prev.endTime, prev.id) as Array<{ k: string }>;
    const tokens = tokensDownstreamOf(ctx, [prev.taskDefKey]).filter((e) => e.activityId !== prev.taskDefKey || area.has(prev.taskDefKey));
    const joinWait = ctx.uow.executions.get(prev.executionId);
    if (joinWait && joinWait.isActive === 0 && joinWait.machineState === 'waiting' && !tokens.includes(joinWait)
      && ctx.graph.nodes[joinWait.activityId ?? '']?.type.endsWith('Gateway')) tokens.push(joinWait);
    const next = tasksOfTokens(ctx, tokens);
    const commented = next.length
      ? (stmt(ctx.uow.db, `SELECT COUNT(*) AS n FROM wf_comment WHERE task_id IN (${next.map(() => '?').join(',')})`).get(...next.map((t) => t.id)) as { n: number }).n
      : 0;
    if (!tokens.length || handled.some((h) => area.has(h.k)) || commented > 0
      || next.some((t) => t.claimTime !== null || t.delegationState !== null || t.createTime < prev.endTime)) {
      throw refused('下一节点已处理，无法撤回');
    }
    for (const t of next) addComment(ctx, '7', input.comment ?? '撤回', t.id);
    moveTokens(ctx, tokens, [prev.taskDefKey]);
    runAgenda(ctx);
    if (prev.assignee && !node.multiInstance) {
      for (const t of ctx.uow.tasks.values()) if (t.taskDefKey === prev.taskDefKey && !t.assignee) touchTaskAssignee(ctx, t, prev.assignee);
    }
    return ctx;
  }));
}

/**
 * Stop (取消申请): comment 6 on every active task, all tokens to the first end event; the
 * instance ends with state `stopped`. Only the initiator may, unless `force` (administrators).
 * Errors: "流程未启动或已执行完成，取消申请失败", "只有流程发起人才能取消申请".
 */
export function stop(core: EngineCore, input: Actor & { instanceId: string; comment?: string; force?: boolean }): MoveOutcome {
  return outcome(core.inInstance(input.instanceId, String(input.userId), (ctx) => {
    const inst = ctx.uow.instance;
    if (inst.endTime !== null || ctx.uow.executions.size === 0) throw refused('流程未启动或已执行完成，取消申请失败');
    if (!input.force && inst.startUserId !== String(input.userId)) throw refused('只有流程发起人才能取消申请');
    for (const t of ctx.uow.tasks.values()) addComment(ctx, '6', input.comment ?? '取消申请', t.id);
    if (inst.state === 'suspended') {
      inst.state = advanceInstance(inst.state, 'ACTIVATE') ?? inst.state;
    }
    ctx.endAs = 'stopped';
    const tokens = [...ctx.uow.executions.values()].filter((e) => !e.parentId);
    cancelTokens(ctx, tokens, 'stop');
    // The first process-level none end event (not inside a sub-process, not an error / terminate end).
    const end = ctx.graph.order.find((id) => { const n = ctx.graph.nodes[id]; return n.type === 'endEvent' && !n.parent && !n.event; });
    if (end) planContinue(ctx, newExecution(ctx, end));
    else endInstance(ctx, tokens[0]?.activityId ?? '', true);
    return ctx;
  }));
}
