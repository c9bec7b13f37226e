/**
 * Boundary events and event sub-processes (owned by the scopes work). CONTRACT called by the
 * events work (runtime/events.ts and the timer / message / signal commands) when a subscribed
 * event occurs, and by runtime/errors.ts for BPMN errors. The caller runs the agenda afterwards
 * (the command's `inInstance` does).
 */
import { notFound } from '../../core/errors';
import type { Ctx } from './context';
import { ops } from './ops';
import { cancelExecution, childrenOf, subscribeEventSubProcesses } from './scopes';
import { startActivity } from './history';
import { fireExecutionListeners } from './listeners';

/**
 * Boundary event `boundaryId` occurred on the activity carried by execution `hostExecutionId`
 * (Flowable BoundaryEventActivityBehavior): interrupting (cancelActivity, always for errors)
 * cancels the activity (its task with `delete` listeners and a history delete reason, its inner
 * scope, its multi-instance body, a called instance, its subscriptions) and the token leaves
 * through the boundary event; otherwise a new token (sibling of the host: same parent) leaves
 * through the boundary event and the activity stays. A history row `boundaryEvent` is written.
 * Errors: unknown execution / boundary (AppError notFound).
 */
export function triggerBoundaryEvent(ctx: Ctx, hostExecutionId: string, boundaryId: string): void {
  const host = ctx.uow.executions.get(hostExecutionId);
  const boundary = ctx.graph.nodes[boundaryId];
  if (!host || !boundary || boundary.type !== 'boundaryEvent' || host.activityId !== boundary.attachedTo) {
    throw notFound(`边界事件 ${boundaryId} 的宿主执行不存在或已离开`);
  }
  let token = host;
  if (boundary.cancelActivity !== false) {
    cancelExecution(ctx, host, `boundary event (${boundaryId}) interrupted ${boundary.attachedTo}`, true);
  } else {
    token = ops.newExecution(ctx, null, host.parentId);
  }
  token.activityId = boundaryId;
  token.isActive = 1;
  ctx.uow.touchExecution(token);
  ops.planContinue(ctx, token);
}

/**
 * The start event `startId` of an event sub-process occurred in scope execution
 * `scopeExecutionId` (null = the process level) (Flowable EventSubProcess*StartEventActivityBehavior):
 * interrupting cancels every other token of that scope first (tasks cancelled with a delete
 * reason); either way a new scope execution (child of the scope) runs the event sub-process from
 * `startId`. When it completes, an interrupting one has left its parent scope empty, which then
 * completes (process level: the instance ends); a non-interrupting one just ends.
 * Errors: unknown start / scope (AppError notFound).
 */
export function triggerEventSubProcess(ctx: Ctx, scopeExecutionId: string | null, startId: string): void {
  const start = ctx.graph.nodes[startId];
  const esp = start?.parent ? ctx.graph.nodes[start.parent] : undefined;
  if (!esp?.subProcess?.triggeredByEvent) throw notFound(`事件子流程开始事件 ${startId} 不存在`);
  if (scopeExecutionId !== null && !ctx.uow.executions.has(scopeExecutionId)) throw notFound(`事件子流程 ${esp.id} 的范围执行不存在`);
  if (start.isInterrupting !== false) {
    const reason = `event sub-process (${esp.id}) interrupted the scope`;
    for (const e of childrenOf(ctx, scopeExecutionId)) cancelExecution(ctx, e, reason);
  }
  const scope = ops.newExecution(ctx, esp.id, scopeExecutionId);
  startActivity(ctx, scope, esp);
  fireExecutionListeners(ctx, scope, esp.listeners, 'start');
  scope.isScope = 1;
  scope.machineState = 'scope';
  subscribeEventSubProcesses(ctx, scope.id, esp.subProcess.eventSubProcessStarts);
  ops.planContinue(ctx, ops.newExecution(ctx, startId, scope.id));
}
