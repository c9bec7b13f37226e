/**
 * Moving tokens (Flowable's ChangeActivityStateBuilder, in small): cancel the given tokens
 * (their tasks get `delete` listeners and a history delete reason; a multi-instance body is
 * cancelled whole; a sub-process scope with everything inside it; a call activity's child
 * instance) and create one new token at each target, which then runs its node's behaviour (new
 * task, listeners). Used by reject, return, revoke and stop.
 *
 * Scopes: a target inside a sub-process gets its token in that sub-process's running scope
 * execution, or in a new one created for it (with its ancestors) when the sub-process is not
 * running; tokens are looked for in every scope (not inside multi-instance bodies: the body is
 * one token). Moving out of a sub-process: the sub-process's scope execution lies downstream of
 * the target and is cancelled with everything inside.
 */
import type { ExecutionRow } from '../store/rows';
import type { Ctx } from './context';
import { newExecution, planContinue, leaveNode } from './agenda';
import { planInclusiveReview } from './inclusive';
import { cancelExecution, isMiChild, scopeExecutionFor } from './scopes';
import { canReach, downstream } from '../model/analysis';

/**
 * Active tokens (any scope, not multi-instance instances) whose activity lies downstream of any
 * of `targets` (targets included; paths leave a sub-process through its end events). Tokens
 * already waiting at a parallel or inclusive join are not among them: moveTokens keeps those of
 * the branches the targets do not run again and clears the others (clearJoinArrivals).
 */
export function tokensDownstreamOf(ctx: Ctx, targets: string[]): ExecutionRow[] {
  const area = new Set<string>();
  for (const t of targets) for (const id of downstream(ctx.graph, t)) area.add(id);
  const found = [...ctx.uow.executions.values()].filter((e) => e.isActive === 1 && e.activityId !== null && area.has(e.activityId) && !isMiChild(ctx, e));
  // A token inside a scope that is itself moved is cancelled with the scope.
  const ids = new Set(found.map((e) => e.id));
  return found.filter((e) => !hasAncestorIn(ctx, e, ids));
}

function hasAncestorIn(ctx: Ctx, e: ExecutionRow, ids: Set<string>): boolean {
  let p = e.parentId ? ctx.uow.executions.get(e.parentId) : undefined;
  for (let guard = 0; p && guard < 32; guard++) {
    if (ids.has(p.id)) return true;
    p = p.parentId ? ctx.uow.executions.get(p.parentId) : undefined;
  }
  return false;
}

/** Every runtime task carried by `tokens` or by executions below them (multi-instance instances, scope children). */
export function tasksOfTokens(ctx: Ctx, tokens: ExecutionRow[]) {
  const ids = new Set(tokens.map((t) => t.id));
  return [...ctx.uow.tasks.values()].filter((t) => {
    if (ids.has(t.executionId)) return true;
    const e = ctx.uow.executions.get(t.executionId);
    return !!e && hasAncestorIn(ctx, e, ids);
  });
}

/** Cancels `tokens` with everything they carry (runtime/scopes.ts cancelExecution). */
export function cancelTokens(ctx: Ctx, tokens: ExecutionRow[], reason: string) {
  for (const token of tokens) if (ctx.uow.executions.has(token.id)) cancelExecution(ctx, token, reason);
}

/**
 * Clears the arrivals waiting at a parallel or inclusive join that the moved tokens will bring
 * again (issue 39 item 1: a return from a running parallel branch to a node before the fork).
 * For each join and scope, the incoming flows whose source is one of `targets` or reachable from
 * one will be arrived at again; of the tokens waiting there, at most as many stay as there are
 * other incoming flows (their branches do not run again), the rest are cancelled with their
 * history row (`reason`). Arrivals are not told apart by flow, so the count decides.
 */
export function clearJoinArrivals(ctx: Ctx, targets: string[], reason: string) {
  const g = ctx.graph;
  const groups = new Map<string, ExecutionRow[]>();
  for (const e of ctx.uow.executions.values()) {
    const type = e.isActive === 0 && e.activityId !== null ? g.nodes[e.activityId]?.type : undefined;
    if (type !== 'parallelGateway' && type !== 'inclusiveGateway') continue;
    const key = `${e.activityId}|${e.parentId ?? ''}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(e);
  }
  for (const waiting of groups.values()) {
    const join = g.nodes[waiting[0].activityId!];
    const again = join.incoming.filter((f) => targets.some((t) => g.flows[f].source === t || canReach(g, t, g.flows[f].source))).length;
    const excess = waiting.length - (join.incoming.length - again);
    for (const w of waiting.slice(0, Math.max(0, excess))) cancelExecution(ctx, w, reason);
  }
}

/** Cancels `tokens`, clears the join arrivals the targets bring again, and starts one token at each of `targets` (in the target's scope). */
export function moveTokens(ctx: Ctx, tokens: ExecutionRow[], targets: string[], reason = `Change activity to ${targets.join(',')}`) {
  cancelTokens(ctx, tokens, reason);
  clearJoinArrivals(ctx, targets, reason);
  for (const target of targets) {
    const parentId = scopeExecutionFor(ctx, ctx.graph.nodes[target].parent);
    planContinue(ctx, newExecution(ctx, target, parentId));
  }
  planInclusiveReview(ctx, leaveNode);
}
