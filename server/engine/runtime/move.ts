/**
 * Moving tokens (Flowable's ChangeActivityStateBuilder, in small): cancel the given top-level
 * tokens (their tasks get `delete` listeners and a history delete reason; a multi-instance
 * body is cancelled whole) and create one new token at each target, which then runs its
 * node's behaviour (new task, listeners). Used by reject, return, revoke and stop.
 */
import type { ExecutionRow } from '../store/rows';
import type { Ctx } from './context';
import { newExecution, planContinue, leaveNode } from './agenda';
import { planInclusiveReview } from './inclusive';
import { cancelMultiInstance } from './multi-instance';
import { cancelTaskRow, taskOfExecution } from './task-ops';
import { endActivity } from './history';
import { downstream } from '../model/analysis';

/**
 * Active top-level tokens whose activity lies downstream of any of `targets` (targets included).
 * Tokens already waiting at a parallel or inclusive join stay: the moved branch arrives there again
 * (an inclusive join is looked at again after the move: it fires if nothing can reach it any more).
 */
export function tokensDownstreamOf(ctx: Ctx, targets: string[]): ExecutionRow[] {
  const area = new Set<string>();
  for (const t of targets) for (const id of downstream(ctx.graph, t)) area.add(id);
  return [...ctx.uow.executions.values()].filter((e) => !e.parentId && e.isActive === 1 && e.activityId !== null && area.has(e.activityId));
}

/** Every runtime task carried by `tokens` (multi-instance children included). */
export function tasksOfTokens(ctx: Ctx, tokens: ExecutionRow[]) {
  const ids = new Set(tokens.map((t) => t.id));
  return [...ctx.uow.tasks.values()].filter((t) => {
    if (ids.has(t.executionId)) return true;
    const e = ctx.uow.executions.get(t.executionId);
    return !!e?.parentId && ids.has(e.parentId);
  });
}

export function cancelTokens(ctx: Ctx, tokens: ExecutionRow[], reason: string) {
  for (const token of tokens) {
    if (token.isMiRoot) cancelMultiInstance(ctx, token, reason);
    const t = taskOfExecution(ctx, token.id);
    if (t) cancelTaskRow(ctx, t, reason);
    endActivity(ctx, token, reason);
    ctx.uow.removeExecution(token.id);
  }
}

/** Cancels `tokens` and starts one token at each of `targets`. */
export function moveTokens(ctx: Ctx, tokens: ExecutionRow[], targets: string[], reason = `Change activity to ${targets.join(',')}`) {
  cancelTokens(ctx, tokens, reason);
  for (const target of targets) planContinue(ctx, newExecution(ctx, target));
  planInclusiveReview(ctx, leaveNode);
}
