/**
 * Scopes (Flowable SubProcessActivityBehavior, in small). The execution tree:
 * - a token entering an embedded sub-process becomes its SCOPE execution (`isScope = 1`, stays
 *   at the sub-process activity with its history row) and a child token (`parentId` = the scope)
 *   starts at the inner none start; when the scope's last child ends, the scope execution
 *   leaves the sub-process through its outgoing flows (its local variables are dropped);
 * - an event sub-process runs the same way in a new scope execution whose parent is the scope
 *   it is declared in (runtime/boundary.ts);
 * - a multi-instance body is a root (`isMiRoot = 1`) with one child per instance: those children
 *   are NOT scope children (`isMiChild`).
 * Cancelling an execution cancels its whole subtree: tasks (delete listeners, history delete
 * reason), multi-instance children, inner scopes, the child instance of a call activity, and
 * the timer / message / signal subscriptions (runtime/events.ts).
 */
import type { GraphNode, ProcessGraph } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import type { Ctx } from './context';
import { subscribeEvent, removeSubscriptions } from './events';
import { graphHasEvents } from '../model/event-nodes';
import { cancelTaskRow, taskOfExecution } from './task-ops';
import { endActivity, startActivity } from './history';
import { fireExecutionListeners } from './listeners';
import { ops } from './ops';
import { initDataObjects } from './data-objects';

const { newExecution, planContinue, leaveNode, endInstance, cancelCalledInstance } = ops;

/** True when `e` is one instance of a multi-instance body (its parent is the MI root). */
export function isMiChild(ctx: Ctx, e: ExecutionRow): boolean {
  return !!e.parentId && ctx.uow.executions.get(e.parentId)?.isMiRoot === 1;
}

/** The executions whose parent is `parentId` (null = the top-level tokens). */
export function childrenOf(ctx: Ctx, parentId: string | null): ExecutionRow[] {
  const out: ExecutionRow[] = [];
  for (const e of ctx.uow.executions.values()) if (e.parentId === parentId) out.push(e);
  return out;
}

const EVENT_KINDS = new Set(['timer', 'message', 'signal']);

/** Subscribes the timer / message / signal boundary events of `node` for its host token `exec`. */
export function subscribeBoundaries(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  if (!node.boundaryEvents) return;
  for (const b of node.boundaryEvents) {
    const bn = ctx.graph.nodes[b];
    if (bn.event && EVENT_KINDS.has(bn.event.kind)) subscribeEvent(ctx, exec.id, bn);
  }
}

/** Subscribes the timer / message / signal starts of the event sub-processes of a scope (null = process level). */
export function subscribeEventSubProcesses(ctx: Ctx, scopeExecId: string | null, starts: string[] | undefined) {
  if (!starts) return;
  for (const s of starts) {
    const sn = ctx.graph.nodes[s];
    if (sn.event && EVENT_KINDS.has(sn.event.kind)) subscribeEvent(ctx, scopeExecId, sn);
  }
}

/** Removes the subscriptions of execution `id` when the graph can have any (no-op otherwise). */
export function dropSubscriptions(ctx: Ctx, id: string) {
  if (graphHasEvents(ctx.graph)) removeSubscriptions(ctx, id);
}

/** Makes `exec` (already at sub-process `node`, history row and start listeners done) the scope execution. */
function becomeScope(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  exec.isScope = 1;
  exec.machineState = 'scope';
  ctx.uow.touchExecution(exec);
  initDataObjects(ctx.uow, exec.id, node.dataObjects);
  subscribeEventSubProcesses(ctx, exec.id, node.subProcess!.eventSubProcessStarts);
}

/** A token arrives at an embedded sub-process: it becomes the scope, a child starts at the inner none start. */
export function enterSubProcess(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  becomeScope(ctx, exec, node);
  planContinue(ctx, newExecution(ctx, node.subProcess!.startId!, exec.id));
}

/**
 * The scope execution of sub-process `scopeNodeId` (undefined = process level → null); created
 * with its ancestors when none is active (a token moved into a sub-process that is not running:
 * history row, start listeners, subscriptions, no inner start).
 */
export function scopeExecutionFor(ctx: Ctx, scopeNodeId: string | undefined): string | null {
  if (!scopeNodeId) return null;
  for (const e of ctx.uow.executions.values()) if (e.isScope === 1 && e.activityId === scopeNodeId) return e.id;
  const node = ctx.graph.nodes[scopeNodeId];
  const parentId = scopeExecutionFor(ctx, node.parent);
  const exec = newExecution(ctx, scopeNodeId, parentId);
  startActivity(ctx, exec, node);
  fireExecutionListeners(ctx, exec, node.listeners, 'start');
  becomeScope(ctx, exec, node);
  subscribeBoundaries(ctx, exec, node);
  return exec.id;
}

/**
 * A child of scope `scopeId` ended: when the scope has no child left it completes. An embedded
 * sub-process leaves through its outgoing flows; an event sub-process (no outgoing flows) just
 * ends, which may complete its own parent scope in turn (process level: the instance ends).
 */
export function childEnded(ctx: Ctx, scopeId: string, endActivityId: string) {
  const scope = ctx.uow.executions.get(scopeId);
  if (!scope || scope.isScope !== 1) return;
  for (const e of ctx.uow.executions.values()) if (e.parentId === scopeId) return;
  leaveNode(ctx, scope, ctx.graph.nodes[scope.activityId!]);
  void endActivityId;
}

/** Called when a scope execution leaves its sub-process: it is a plain token again (scope variables and subscriptions dropped). */
export function leaveScope(ctx: Ctx, exec: ExecutionRow) {
  exec.isScope = 0;
  exec.machineState = '';
  ctx.uow.touchExecution(exec);
  ctx.uow.deleteScope(exec.id);
  dropSubscriptions(ctx, exec.id);
}

/**
 * Cancels what execution `exec` is doing: its subtree (children first), its task, the child
 * instance of a call activity, its subscriptions and its open history row (`reason`). With
 * `keep` the execution itself stays (an interrupting boundary event continues with it), else it
 * is removed.
 */
export function cancelExecution(ctx: Ctx, exec: ExecutionRow, reason: string, keep = false) {
  for (const child of childrenOf(ctx, exec.id)) cancelExecution(ctx, child, reason);
  const t = ctx.uow.tasks.size ? taskOfExecution(ctx, exec.id) : undefined;
  if (t) cancelTaskRow(ctx, t, reason);
  const node = exec.activityId ? ctx.graph.nodes[exec.activityId] : undefined;
  if (node?.type === 'callActivity' && exec.machineState === 'waiting' && !exec.isMiRoot) cancelCalledInstance(ctx, exec, reason);
  dropSubscriptions(ctx, exec.id);
  endActivity(ctx, exec, reason);
  if (keep) {
    exec.isScope = 0;
    exec.isMiRoot = 0;
    exec.machineState = '';
    ctx.uow.deleteScope(exec.id);
    ctx.uow.touchExecution(exec);
  } else {
    ctx.uow.removeExecution(exec.id);
  }
}

/**
 * Terminate end event reached by `exec` (Flowable TerminateEndEventActivityBehavior): every
 * token of its scope ends. Inside a sub-process the sub-process completes and leaves normally;
 * at process level the instance ends (state completed; remaining tasks cancelled).
 */
export function terminateScope(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  let scopeId = exec.parentId;
  if (scopeId && ctx.uow.executions.get(scopeId)?.isMiRoot) scopeId = ctx.uow.executions.get(scopeId)!.parentId;
  endActivity(ctx, exec);
  fireExecutionListeners(ctx, exec, node.listeners, 'end');
  const reason = `Terminated by end event: ${node.id}`;
  if (!scopeId) {
    for (const e of childrenOf(ctx, null)) cancelExecution(ctx, e, reason);
    endInstance(ctx, node.id);
    return;
  }
  for (const e of childrenOf(ctx, scopeId)) cancelExecution(ctx, e, reason);
  childEnded(ctx, scopeId, node.id);
}
