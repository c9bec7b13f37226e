/**
 * Task commands (ruoyi-flowable.md §6 "Complete", "Delegate / claim / assign"). Each is one
 * transaction over the task's instance. Who holds a task: its assignee; an unassigned task is
 * held by its candidate users and members of its candidate groups (or anyone when it has no
 * candidates). Acting on a task you do not hold, a finished task or a suspended one answers a
 * Chinese message and changes nothing.
 */
import { conflict, invalid, notFound, refused } from '../../core/errors';
import type { UnitOfWork } from '../store/unit-of-work';
import type { TaskRow } from '../store/rows';
import { scopeChain, setVar, normaliseValue, type Ctx } from '../runtime/context';
import { completeTaskRow, machineStep, touchTaskAssignee } from '../runtime/task-ops';
import { leaveNode, TOKEN_OPS } from '../runtime/agenda';
import { completeMiInstance } from '../runtime/multi-instance';
import { isMiChild } from '../runtime/scopes';
import { advanceInstance } from '../behaviours/lifecycle-machines';
import { MSG, type EngineCore } from '../core';

/** The acting user: id and group (role) ids as strings. */
export interface Actor { userId: string; groupIds?: string[] }

export interface ActiveTask { taskId: string; taskDefKey: string; name: string; assignee: string | null; candidateUsers: string[]; candidateGroups: string[] }

export function activeTasksOf(uow: UnitOfWork): ActiveTask[] {
  return [...uow.tasks.values()].map((t) => ({
    taskId: t.id, taskDefKey: t.taskDefKey, name: t.name, assignee: t.assignee,
    candidateUsers: [...(uow.links.get(t.id)?.users ?? [])], candidateGroups: [...(uow.links.get(t.id)?.groups ?? [])],
  }));
}

/**
 * Comment types of the flow record (reference §6 FlowComment 1–6; issue 16 adds 7–10):
 * 1 正常, 2 退回, 3 驳回, 4 委派, 5 转办, 6 终止, 7 撤回, 8 抄送, 9 加签, 10 减签.
 */
export type CommentType = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10';

export function addComment(ctx: Ctx, type: CommentType, message: string, taskId: string | null) {
  ctx.uow.comments.push({ type, message, userId: ctx.userId, taskId, instanceId: ctx.uow.instance.id, time: ctx.now });
}

/** True when `actor` may act on `task` (assignee, or candidate of an unassigned task). */
export function holds(ctx: Ctx, task: TaskRow, actor: Actor): boolean {
  if (task.assignee) return task.assignee === String(actor.userId);
  const l = ctx.uow.links.get(task.id);
  if (!l || (!l.users.length && !l.groups.length)) return true;
  return l.users.includes(String(actor.userId)) || (actor.groupIds ?? []).some((g) => l.groups.includes(String(g)));
}

/** Loads the task's instance and runs `fn` with the live task (checks existence and suspension). */
export function onTask<T>(core: EngineCore, taskId: string, actor: Actor | null, fn: (ctx: Ctx, task: TaskRow) => T, needHold = true): T {
  return core.inTaskInstance(taskId, actor ? String(actor.userId) : null, (ctx) => {
    const task = ctx.uow.tasks.get(taskId);
    if (!task) throw notFound(MSG.taskMissing);
    if (task.suspended || advanceInstance(ctx.uow.instance.state, 'ACT') === null) throw refused(MSG.taskSuspended);
    if (needHold && actor && !holds(ctx, task, actor)) throw refused(MSG.notHolder);
    return fn(ctx, task);
  }, MSG.taskMissing);
}

/** The outcome of a command that moves tokens: tasks active afterwards, instance ended or not. */
export interface MoveOutcome { ended: boolean; tasks: ActiveTask[] }
export const outcome = (ctx: Ctx): MoveOutcome => ({ ended: ctx.uow.instance.endTime !== null, tasks: activeTasksOf(ctx.uow) });

function setVariables(ctx: Ctx, task: TaskRow, vars?: Record<string, unknown>, local?: Record<string, unknown>) {
  const exec = ctx.uow.executions.get(task.executionId) ?? null;
  const chain = scopeChain(ctx, exec);
  for (const [k, v] of Object.entries(vars ?? {})) setVar(ctx, chain, k, v);
  for (const [k, v] of Object.entries(local ?? {})) ctx.uow.setVar(task.id, k, normaliseValue(v));
}

/** Completes a task and continues the token (or, for a multi-instance, counts the instance). */
export function finishAndContinue(ctx: Ctx, task: TaskRow) {
  const exec = ctx.uow.executions.get(task.executionId)!;
  const node = ctx.graph.nodes[task.taskDefKey];
  completeTaskRow(ctx, task);
  if (node.multiInstance && isMiChild(ctx, exec)) completeMiInstance(ctx, exec, node, TOKEN_OPS);
  else leaveNode(ctx, exec, node);
}

export interface CompleteInput extends Actor {
  taskId: string;
  comment?: string;
  /** Process variables (Flowable `complete(taskId, variables)`). */
  variables?: Record<string, unknown>;
  /** Task-local variables (kept on the task until it ends). */
  localVariables?: Record<string, unknown>;
}

/**
 * Completes a task (RuoYi FlowTaskServiceImpl.complete): a delegated PENDING task is resolved
 * back to its owner instead (comment type 4); otherwise comment type 1 (when `comment` given),
 * implicit claim, complete. Returns the tasks active afterwards and whether the instance ended.
 * Errors: "任务不存在或已被审批!", "任务处于挂起状态!", "当前用户不是该任务的办理人，无权操作", model errors.
 */
export function complete(core: EngineCore, input: CompleteInput): MoveOutcome & { resolved: boolean } {
  let resolved = false;
  const out = onTask(core, input.taskId, input, (ctx, task) => {
    if (task.delegationState === 'PENDING') {
      addComment(ctx, '4', input.comment ?? '', task.id);
      setVariables(ctx, task, input.variables, input.localVariables);
      resolveRow(ctx, task);
      resolved = true;
    } else {
      if (input.comment !== undefined) addComment(ctx, '1', input.comment, task.id);
      setVariables(ctx, task, input.variables, input.localVariables);
      if (!task.assignee) touchTaskAssignee(ctx, task, String(input.userId), true);
      finishAndContinue(ctx, task);
    }
    return ctx;
  });
  return { resolved, ...outcome(out) };
}

function resolveRow(ctx: Ctx, task: TaskRow) {
  machineStep(task, 'RESOLVE', '任务不处于委派状态');
  task.delegationState = 'RESOLVED';
  ctx.uow.touchTask(task);
  touchTaskAssignee(ctx, task, task.owner, false, false);
}

/** Claims an unassigned task. Errors: "任务已被其他人认领" and the common ones. */
export function claim(core: EngineCore, input: Actor & { taskId: string }) {
  onTask(core, input.taskId, input, (ctx, task) => {
    if (task.assignee && task.assignee !== String(input.userId)) throw conflict('任务已被其他人认领');
    touchTaskAssignee(ctx, task, String(input.userId), true);
  });
}

/** Returns a claimed task to its candidates (only its assignee may). */
export function unclaim(core: EngineCore, input: Actor & { taskId: string }) {
  onTask(core, input.taskId, input, (ctx, task) => {
    if (task.delegationState === 'PENDING') throw refused('委派中的任务不能取消认领');
    touchTaskAssignee(ctx, task, null, true);
  });
}

/**
 * Delegates (Flowable delegateTask): owner = the current holder, assignee = `assignee`,
 * delegation PENDING. The delegate's completion resolves it back to the owner.
 */
export function delegate(core: EngineCore, input: Actor & { taskId: string; assignee: string; comment?: string }) {
  if (!input.assignee) throw invalid('请选择委派人');
  onTask(core, input.taskId, input, (ctx, task) => {
    if (task.delegationState === 'PENDING') throw refused('任务已处于委派中');
    if (task.machineState === 'created') machineStep(task, 'ASSIGN', '任务状态不允许委派');
    machineStep(task, 'DELEGATE', '任务状态不允许委派');
    task.owner = task.assignee ?? String(input.userId);
    task.delegationState = 'PENDING';
    ctx.uow.touchTask(task);
    touchTaskAssignee(ctx, task, String(input.assignee), false, false);
  });
}

/** Resolves a PENDING task back to its owner (Flowable resolveTask); comment type 4. */
export function resolve(core: EngineCore, input: Actor & { taskId: string; comment?: string; variables?: Record<string, unknown> }) {
  onTask(core, input.taskId, input, (ctx, task) => {
    if (task.delegationState !== 'PENDING') throw refused('任务不处于委派状态');
    addComment(ctx, '4', input.comment ?? '', task.id);
    setVariables(ctx, task, input.variables);
    resolveRow(ctx, task);
  });
}

/** Transfers (转办, RuoYi assignTask) to another user; comment type 5. */
export function transfer(core: EngineCore, input: Actor & { taskId: string; assignee: string; comment?: string }) {
  if (!input.assignee) throw invalid('请选择转办人');
  onTask(core, input.taskId, input, (ctx, task) => {
    addComment(ctx, '5', input.comment ?? `转办给 ${input.assignee}`, task.id);
    touchTaskAssignee(ctx, task, String(input.assignee));
  });
}

/** Administrative assignment (no holder check; null clears). */
export function setAssignee(core: EngineCore, input: { taskId: string; assignee: string | null; userId?: string }) {
  onTask(core, input.taskId, null, (ctx, task) => {
    touchTaskAssignee(ctx, task, input.assignee === null ? null : String(input.assignee));
  }, false);
}
