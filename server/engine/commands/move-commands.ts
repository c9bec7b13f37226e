/**
 * Go-back commands (ruoyi-flowable.md §6 "Reject", "Return", "Revoke", "Stop"):
 * - reject 驳回: back one step to the user task(s) immediately upstream that ran (comment 3);
 * - returnList + return 退回: to a serial predecessor (on every path from the start; comment 2);
 * - revoke 撤回: the previous handler or the initiator pulls the instance back to the last
 *   completed task while the next task(s) are untouched (not claimed, delegated or commented);
 * - stop 取消申请: every token to the first end event (comment 6); the instance ends `stopped`.
 */
import { fail } from '../../core/errors';
import { serialPredecessors, upstreamUserTasks } from '../model/analysis';
import { stmt } from '../store/rows';
import { runAgenda, type Ctx } from '../runtime/context';
import { moveTokens, tasksOfTokens, tokensDownstreamOf, cancelTokens } from '../runtime/move';
import { touchTaskAssignee } from '../runtime/task-ops';
import { newExecution, planContinue, endInstance } from '../runtime/agenda';
import { advanceInstance } from '../behaviours/lifecycle-machines';
import { MSG, type EngineCore } from '../core';
import { addComment, onTask, outcome, type Actor, type MoveOutcome } from './task-commands';

function executedKeys(ctx: Ctx): Set<string> {
  const rows = stmt(ctx.uow.db, 'SELECT DISTINCT task_def_key AS k FROM wf_hi_taskinst WHERE instance_id = ? AND end_time IS NOT NULL AND delete_reason IS NULL')
    .all(ctx.uow.instance.id) as Array<{ k: string }>;
  return new Set(rows.map((r) => r.k));
}

/**
 * Reject: the current task goes back to the previous user task(s). Errors: "当前节点为初始任务节点，不能驳回",
 * "任务出现多对多情况，无法撤回", and the task errors (missing, suspended, not held).
 */
export function reject(core: EngineCore, input: Actor & { taskId: string; comment?: string }): MoveOutcome {
  return outcome(onTask(core, input.taskId, input, (ctx, task) => {
    const executed = executedKeys(ctx);
    const targets = upstreamUserTasks(ctx.graph, task.taskDefKey).filter((k) => executed.has(k));
    if (!targets.length) throw fail('当前节点为初始任务节点，不能驳回');
    const tokens = tokensDownstreamOf(ctx, targets);
    if (tokens.length > 1 && targets.length > 1) throw fail('任务出现多对多情况，无法撤回');
    for (const t of tasksOfTokens(ctx, tokens)) addComment(ctx, '3', input.comment ?? '', t.id);
    moveTokens(ctx, tokens, targets);
    return ctx;
  }));
}

/** The serial predecessors a task can be returned to (`[{id, name}]`, from the start). */
export function returnList(core: EngineCore, input: { taskId: string }): Array<{ id: string; name: string }> {
  const instanceId = core.instanceOfTask(input.taskId);
  if (!instanceId) throw fail(MSG.taskMissing);
  const r = stmt(core.db, 'SELECT t.task_def_key AS k, i.definition_id AS d FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id WHERE t.id = ?')
    .get(input.taskId) as { k: string; d: string };
  return serialPredecessors(core.graph(r.d), r.k).map((n) => ({ id: n.id, name: n.name }));
}

/** Return to `targetKey` (must be a serial predecessor): "当前节点相对于目标节点，不属于串行关系，无法回退". */
export function returnTo(core: EngineCore, input: Actor & { taskId: string; targetKey: string; comment?: string }): MoveOutcome {
  return outcome(onTask(core, input.taskId, input, (ctx, task) => {
    if (!serialPredecessors(ctx.graph, task.taskDefKey).some((n) => n.id === input.targetKey)) {
      throw fail('当前节点相对于目标节点，不属于串行关系，无法回退');
    }
    const tokens = tokensDownstreamOf(ctx, [input.targetKey]);
    for (const t of tasksOfTokens(ctx, tokens)) addComment(ctx, '2', input.comment ?? '', t.id);
    moveTokens(ctx, tokens, [input.targetKey]);
    return ctx;
  }));
}

interface PrevTask { id: string; taskDefKey: string; assignee: string | null; endTime: number }

/**
 * Revoke: the last completed task's handler (or the initiator) takes the instance back to that
 * task, which is re-created for the handler. Errors: "流程未启动或已执行完成，无法撤回",
 * "该任务非当前用户提交，无法撤回", "下一节点已处理，无法撤回".
 */
export function revoke(core: EngineCore, input: Actor & { instanceId: string }): MoveOutcome {
  return outcome(core.inInstance(input.instanceId, String(input.userId), (ctx) => {
    const inst = ctx.uow.instance;
    if (inst.endTime !== null || ctx.uow.tasks.size === 0) throw fail('流程未启动或已执行完成，无法撤回');
    if (advanceInstance(inst.state, 'ACT') === null) throw fail(MSG.taskSuspended);
    const prev = stmt(ctx.uow.db, `SELECT id, task_def_key AS taskDefKey, assignee, end_time AS endTime FROM wf_hi_taskinst
      WHERE instance_id = ? AND end_time IS NOT NULL AND delete_reason IS NULL ORDER BY end_time DESC, id DESC LIMIT 1`).get(inst.id) as PrevTask | undefined;
    if (!prev) throw fail('流程未启动或已执行完成，无法撤回');
    const uid = String(input.userId);
    if (prev.assignee !== uid && inst.startUserId !== uid) throw fail('该任务非当前用户提交，无法撤回');
    const tokens = tokensDownstreamOf(ctx, [prev.taskDefKey]);
    const next = tasksOfTokens(ctx, tokens);
    const commented = next.length
      ? (stmt(ctx.uow.db, `SELECT COUNT(*) AS n FROM wf_comment WHERE task_id IN (${next.map(() => '?').join(',')})`).get(...next.map((t) => t.id)) as { n: number }).n
      : 0;
    if (!next.length || commented > 0 || next.some((t) => t.claimTime !== null || t.delegationState !== null || t.createTime < prev.endTime)) {
      throw fail('下一节点已处理，无法撤回');
    }
    moveTokens(ctx, tokens, [prev.taskDefKey]);
    runAgenda(ctx);
    if (prev.assignee && !ctx.graph.nodes[prev.taskDefKey].multiInstance) {
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
    if (inst.endTime !== null || ctx.uow.executions.size === 0) throw fail('流程未启动或已执行完成，取消申请失败');
    if (!input.force && inst.startUserId !== String(input.userId)) throw fail('只有流程发起人才能取消申请');
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
