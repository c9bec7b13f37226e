/**
 * BPMN error propagation (Flowable ErrorPropagation): an error end event or a service handler's
 * `BpmnError` travels from the throwing token outwards. At each level the catcher is, in order:
 * an error boundary on the current activity (a service task's own), then for each enclosing scope
 * an error-start event sub-process declared in it, then an error boundary on the scope's
 * sub-process; at each place a boundary / start whose errorCode matches wins over a catch-all
 * (no code). At process level the process's error event sub-processes are tried; a called
 * instance hands the error to its call activity in the parent instance (runtime/call-activity.ts).
 * Uncaught: the command fails with Flowable's text and rolls back.
 */
import { refused } from '../../core/errors';
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import type { Ctx } from './context';
import { triggerBoundaryEvent, triggerEventSubProcess } from './boundary';
import { ops } from './ops';

/** Flowable's message for an error nobody catches. */
export const uncaughtError = (code: string) =>
  refused(`No catching boundary event found for error with errorCode '${code}', neither in same process nor in parent process`);

function pick(ctx: Ctx, ids: string[] | undefined, code: string, nodeOf: (id: string) => GraphNode | undefined): string | undefined {
  let all: string | undefined;
  for (const id of ids ?? []) {
    const ev = nodeOf(id)?.event;
    if (ev?.kind !== 'error') continue;
    if (ev.errorCode === code) return id;
    if (!ev.errorCode && !all) all = id;
  }
  void ctx;
  return all;
}

/** The error boundary of `node` catching `code`, if any. */
export function errorBoundaryOf(ctx: Ctx, node: GraphNode, code: string): string | undefined {
  return pick(ctx, node.boundaryEvents, code, (id) => ctx.graph.nodes[id]);
}

/** The error-start event sub-process start catching `code` among `starts`, if any. */
function errorStartOf(ctx: Ctx, starts: string[] | undefined, code: string): string | undefined {
  return pick(ctx, starts, code, (id) => ctx.graph.nodes[id]);
}

/** The execution carrying the activity of `exec`'s scope: its parent, skipping a multi-instance root. */
function scopeOf(ctx: Ctx, exec: ExecutionRow): ExecutionRow | undefined {
  let p = exec.parentId ? ctx.uow.executions.get(exec.parentId) : undefined;
  if (p?.isMiRoot) p = p.parentId ? ctx.uow.executions.get(p.parentId) : undefined;
  return p;
}

/**
 * Throws BPMN error `code` from token `exec` (at its current activity). `ownBoundaries`: the
 * current activity's own error boundaries are tried first (service task, call activity).
 * Errors: Flowable's "No catching boundary event found for error with errorCode '<code>'…".
 */
export function throwBpmnError(ctx: Ctx, exec: ExecutionRow, code: string, ownBoundaries: boolean) {
  const node = ctx.graph.nodes[exec.activityId!];
  if (ownBoundaries) {
    const host = exec.parentId && ctx.uow.executions.get(exec.parentId)?.isMiRoot ? ctx.uow.executions.get(exec.parentId)! : exec;
    const b = errorBoundaryOf(ctx, node, code);
    if (b) { triggerBoundaryEvent(ctx, host.id, b); return; }
  }
  let current: ExecutionRow | undefined = exec;
  let scopeNode = node.parent ? ctx.graph.nodes[node.parent] : undefined;
  while (scopeNode) {
    const scopeExec = scopeOf(ctx, current!);
    if (!scopeExec) break;
    const start = errorStartOf(ctx, scopeNode.subProcess?.eventSubProcessStarts, code);
    if (start) { triggerEventSubProcess(ctx, scopeExec.id, start); return; }
    const b = scopeNode.subProcess?.triggeredByEvent ? undefined : errorBoundaryOf(ctx, scopeNode, code);
    if (b) { triggerBoundaryEvent(ctx, scopeExec.id, b); return; }
    current = scopeExec;
    scopeNode = scopeNode.parent ? ctx.graph.nodes[scopeNode.parent] : undefined;
  }
  const start = errorStartOf(ctx, ctx.graph.eventSubProcessStarts, code);
  if (start) { triggerEventSubProcess(ctx, null, start); return; }
  if (ops.propagateErrorToCaller(ctx, code)) return;
  throw uncaughtError(code);
}
