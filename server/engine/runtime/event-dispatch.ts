/**
 * What happens when a subscribed event occurs (the timer / message / signal commands call
 * `eventOccurred` after consuming the row): an intermediate catch token leaves the event; a
 * boundary event triggers on its host (runtime/boundary.ts); an event sub-process start
 * triggers in its scope. Only commands import this module (the agenda does not: no cycles).
 */
import type { GraphNode } from '../model/graph';
import type { TimerRow } from '../store/rows';
import { newId, type Ctx } from './context';
import { nextCycleFire } from './iso8601';
import { removeSubscriptions, TIMER_RETRIES } from './events';
import { triggerBoundaryEvent, triggerEventSubProcess } from './boundary';
import { leaveNode } from './agenda';
import { cancelOtherGatewayWaits } from './event-gateway';

/** True when `node` is the start event of an event sub-process. */
export function isEventSubProcessStart(ctx: Ctx, node: GraphNode): boolean {
  return node.type === 'startEvent' && !!node.parent && !!ctx.graph.nodes[node.parent]?.subProcess?.triggeredByEvent;
}

/**
 * The event of (execution `executionId`, node `activityId`) occurred (its timer / subscription
 * row was already consumed by the caller): an intermediate catch token leaves the event; a
 * boundary event triggers on its host; an event sub-process start triggers in its scope.
 * Returns false when the waiting execution no longer exists (a stale row: nothing happens).
 */
export function eventOccurred(ctx: Ctx, executionId: string | null, activityId: string): boolean {
  const node = ctx.graph.nodes[activityId];
  if (!node) return false;
  const exec = executionId ? ctx.uow.executions.get(executionId) : undefined;
  if (executionId && !exec) return false;
  if (node.type === 'boundaryEvent') {
    if (!exec || exec.activityId !== node.attachedTo) return false;
    triggerBoundaryEvent(ctx, exec.id, node.id);
    return true;
  }
  if (node.type === 'intermediateCatchEvent') {
    if (!exec || exec.activityId !== node.id) return false;
    removeSubscriptions(ctx, exec.id);
    cancelOtherGatewayWaits(ctx, exec, node);
    exec.machineState = '';
    ctx.uow.touchExecution(exec);
    leaveNode(ctx, exec, node);
    return true;
  }
  if (isEventSubProcessStart(ctx, node)) {
    triggerEventSubProcess(ctx, executionId, node.id);
    return true;
  }
  return false;
}

/** True for a non-interrupting boundary event or event sub-process start: its message / signal subscription survives an occurrence. */
export function keepsListening(ctx: Ctx, activityId: string): boolean {
  const node = ctx.graph.nodes[activityId];
  if (!node) return false;
  if (node.type === 'boundaryEvent') return node.cancelActivity === false;
  return isEventSubProcessStart(ctx, node) && node.isInterrupting === false;
}

/**
 * After a fired cycle timer of a non-interrupting boundary event or event sub-process start:
 * the next fire is scheduled while repetitions remain and its execution still waits (Flowable
 * re-schedules repeating timer jobs of non-interrupting events only).
 */
export function rescheduleCycle(ctx: Ctx, fired: TimerRow): void {
  if (!fired.repeat || fired.instanceId === null) return;
  const node = ctx.graph.nodes[fired.activityId];
  if (!node) return;
  const interrupting = node.type === 'boundaryEvent' ? node.cancelActivity !== false : node.isInterrupting !== false;
  if (interrupting || node.type === 'intermediateCatchEvent') return;
  if (ctx.uow.instance.endTime !== null) return;
  if (fired.executionId) {
    const host = ctx.uow.executions.get(fired.executionId);
    if (!host) return;
    if (node.type === 'boundaryEvent' && host.activityId !== node.attachedTo) return;
  }
  const next = nextCycleFire(fired.repeat, fired.dueTime, ctx.now);
  if (!next) return;
  ctx.uow.eventsEnabled = true;
  ctx.uow.events.addTimer({ ...fired, id: newId(), dueTime: next.dueTime, repeat: next.repeat, retries: TIMER_RETRIES, lastError: null, lockOwner: null, lockExpiry: null });
}

