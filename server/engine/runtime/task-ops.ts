/**
 * User task behaviour: creation (assignment and candidates from expressions, Flowable's
 * listener order: when the model gives an assignee, `assignment` fires before `create`),
 * assignment changes, completion (`complete` then `delete` listeners) and cancellation.
 * The task's lifecycle is the XState task machine (behaviours/task-machine.ts).
 */
import type { GraphNode } from '../model/graph';
import type { ExecutionRow, TaskRow } from '../store/rows';
import { evaluate, hasExpression, type ExpressionScope } from '../expression';
import { expressionText } from '../expression/evaluator';
import { advanceTask, TASK_INITIAL, type TaskEvent } from '../behaviours/task-machine';
import { newId, type Ctx } from './context';
import { fireTaskListeners, executionApi, tokenScope } from './listeners';
import { startActivity, endActivity } from './history';
import { refused } from '../../core/errors';
import { ENGINE_LIMIT_DEFAULTS } from '../types';

function toList(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v.map((x) => expressionText(x).trim()).filter(Boolean);
  return expressionText(v).split(',').map((s) => s.trim()).filter(Boolean);
}

/** Parses a due date: epoch ms, ISO/`yyyy-MM-dd HH:mm:ss` date, or an ISO-8601 duration from now. */
function dueDateOf(v: unknown, now: number): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  const s = String(v).trim();
  const d = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(s);
  if (d && s !== 'P') return now + ((+(d[1] ?? 0) * 24 + +(d[2] ?? 0)) * 3600 + +(d[3] ?? 0) * 60 + +(d[4] ?? 0)) * 1000;
  const t = Date.parse(s.replace(' ', 'T'));
  return Number.isNaN(t) ? null : t;
}

export function machineStep(task: TaskRow, event: TaskEvent['type'], message: string) {
  const next = advanceTask(task.machineState, event);
  if (!next) throw refused(message);
  task.machineState = next;
}

/**
 * A display text (task name, description) evaluated leniently, as Flowable's UserTaskActivityBehavior
 * does: an expression that fails (unknown property, bad call) leaves the text as written; a null
 * value gives null. Texts without `${`/`#{` are returned as they are. Never throws.
 */
export function displayText(text: string, scope: ExpressionScope): string | null {
  if (!hasExpression(text)) return text;
  try {
    const v = evaluate(text, scope);
    return v === null || v === undefined ? null : expressionText(v);
  } catch {
    return text;
  }
}

/** Refusal of a task with more candidate users than `limits.maxRecipients` (issue 38 §6). */
export const tooManyCandidatesMessage = (nodeName: string, n: number, max: number) => `节点「${nodeName}」的候选人数 ${n} 超过上限 ${max}`;

/**
 * Creates the user task for a token at `node` (the token waits).
 * @throws AppError('refused', tooManyCandidatesMessage) past `limits.maxRecipients` candidate users (default 5000).
 */
export function createUserTask(ctx: Ctx, exec: ExecutionRow, node: GraphNode): TaskRow {
  const ut = node.userTask!;
  const scope = tokenScope(ctx, exec, 'create');
  const ev = (text: string | undefined) => (text === undefined ? undefined : hasExpression(text) ? evaluate(text, scope) : text);
  const assigneeV = ev(ut.assignee);
  const assignee = assigneeV === undefined || assigneeV === null || assigneeV === '' ? null : expressionText(assigneeV);
  const users = [...new Set(ut.candidateUsers.flatMap((c) => toList(ev(c))))];
  const maxUsers = ctx.limits?.maxRecipients ?? ENGINE_LIMIT_DEFAULTS.maxRecipients;
  if (users.length > maxUsers) throw refused(tooManyCandidatesMessage(node.name || node.id, users.length, maxUsers));
  const groups = [...new Set(ut.candidateGroups.flatMap((c) => toList(ev(c))))];
  const description = ut.documentation ? displayText(ut.documentation, scope) : null;
  const priorityV = ev(ut.priority);
  const task: TaskRow = {
    id: newId(), instanceId: ctx.uow.instance.id, executionId: exec.id, definitionId: ctx.def.id, taskDefKey: node.id,
    name: displayText(node.name, scope) ?? '', description, assignee: null,
    owner: null, delegationState: null, priority: priorityV === undefined || priorityV === null || priorityV === '' ? 50 : Number(priorityV) || 50,
    dueDate: dueDateOf(ev(ut.dueDate), ctx.now), formKey: ut.formKey ? expressionText(ev(ut.formKey)) : null,
    createTime: ctx.now, claimTime: null, suspended: ctx.uow.instance.state === 'suspended' ? 1 : 0, machineState: TASK_INITIAL,
  };
  ctx.uow.addTask(task);
  if (users.length || groups.length) {
    const l = ctx.uow.linksOf(task.id);
    // Loops, not push(...list): a list of 130,000 ids overflowed the stack (issue 38 §6).
    for (const u of users) l.users.push(u);
    for (const g of groups) l.groups.push(g);
  }
  const act = ctx.uow.currentAct(exec);
  if (act) act.taskId = task.id;
  ctx.uow.addHiTask({
    id: task.id, instanceId: task.instanceId, definitionId: task.definitionId, executionId: exec.id, taskDefKey: task.taskDefKey,
    name: task.name, assignee: null, owner: null, candidateUsers: users.join(','), candidateGroups: groups.join(','),
    priority: task.priority, dueDate: task.dueDate, formKey: task.formKey, createTime: ctx.now, claimTime: null, endTime: null,
    duration: null, deleteReason: null,
  });
  if (assignee) touchTaskAssignee(ctx, task, assignee, false);
  fireTaskListeners(ctx, task, ut.taskListeners, 'create', touchTaskAssignee);
  return task;
}

/** Sets the assignee (null = unclaim), mirrors it into history, fires `assignment`. */
export function touchTaskAssignee(ctx: Ctx, task: TaskRow, userId: string | null, claim = false, stepMachine = true) {
  if (task.assignee === userId) return;
  task.assignee = userId;
  if (!stepMachine) {
    // the caller already moved the machine (delegate / resolve)
  } else if (userId === null) {
    if (task.machineState !== 'created') machineStep(task, 'UNCLAIM', '任务状态不允许取消认领');
  } else if (task.machineState !== 'delegated') {
    machineStep(task, 'ASSIGN', '任务状态不允许指派');
  }
  if (claim) task.claimTime = userId ? ctx.now : null;
  ctx.uow.touchTask(task);
  const hi = ctx.uow.hiTask(task.id);
  if (hi) {
    hi.assignee = userId;
    hi.owner = task.owner;
    if (claim) hi.claimTime = task.claimTime;
  }
  const exec = ctx.uow.executions.get(task.executionId);
  const act = exec ? ctx.uow.currentAct(exec) : undefined;
  if (act) { act.assignee = userId; ctx.uow.touchHiAct(act); }
  if (userId !== null) fireTaskListeners(ctx, task, ctx.graph.nodes[task.taskDefKey].userTask!.taskListeners, 'assignment', touchTaskAssignee);
}

function finishTask(ctx: Ctx, task: TaskRow, deleteReason: string | null) {
  const hi = ctx.uow.hiTask(task.id);
  if (hi) {
    hi.endTime = ctx.now;
    hi.duration = ctx.now - hi.createTime;
    hi.deleteReason = deleteReason;
    hi.assignee = task.assignee;
    hi.owner = task.owner;
  }
  ctx.uow.removeTask(task.id);
}

/** Completes a task: `complete` listeners, machine COMPLETE, history end, `delete` listeners. */
export function completeTaskRow(ctx: Ctx, task: TaskRow) {
  const listeners = ctx.graph.nodes[task.taskDefKey].userTask!.taskListeners;
  fireTaskListeners(ctx, task, listeners, 'complete', touchTaskAssignee);
  machineStep(task, 'COMPLETE', '任务状态不允许完成');
  finishTask(ctx, task, null);
  ctx.lastCompletedTask = task.id;
  fireTaskListeners(ctx, task, listeners, 'delete', touchTaskAssignee);
}

/** Cancels a task (moved away, MI completion, stop): `delete` listeners, history delete reason. */
export function cancelTaskRow(ctx: Ctx, task: TaskRow, deleteReason: string) {
  machineStep(task, 'CANCEL', '任务状态不允许取消');
  fireTaskListeners(ctx, task, ctx.graph.nodes[task.taskDefKey].userTask!.taskListeners, 'delete', touchTaskAssignee);
  finishTask(ctx, task, deleteReason);
}

/** The runtime task of a token, if any. */
export function taskOfExecution(ctx: Ctx, execId: string): TaskRow | undefined {
  for (const t of ctx.uow.tasks.values()) if (t.executionId === execId) return t;
  return undefined;
}

export { startActivity, endActivity, executionApi };
