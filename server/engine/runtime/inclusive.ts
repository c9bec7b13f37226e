/**
 * Inclusive gateway (Flowable InclusiveGatewayActivityBehavior + TakeOutgoingSequenceFlowsOperation):
 * - Join: the arriving token becomes inactive (`machineState` 'waiting'); the gateway fires when no
 *   OTHER token of the same scope can still reach it: no token of the same parent sits at a node
 *   from which a path of sequence flows leads to the gateway (user tasks, receive tasks, a
 *   multi-instance body, tokens waiting at other joins: all count), and no token has arrived at
 *   the gateway without being processed yet (an active token at it). This is done whatever the
 *   number of incoming flows, as Flowable does. On firing, the other tokens waiting at the gateway
 *   in that scope are removed and the arriving token leaves.
 * - Fork (on leaving, after the `end` listeners): every non-default outgoing flow whose condition
 *   holds (flows without condition hold), else the default flow, else the command fails with
 *   `No outgoing sequence flow of the inclusive gateway '<id>' could be selected for continuing the process`
 *   (the Activiti/Flowable 5 text, worded as our exclusive gateway's).
 * - Re-evaluation: a waiting join is looked at again when a token ends elsewhere or tokens are
 *   moved (reject / return / revoke), so a join whose last possible arrival went away fires
 *   (Flowable's InactiveActivityBehavior.executeInactive does this once no active token is left;
 *   we do it as soon as nothing can reach the gateway any more, which is the join rule itself).
 */
import { refused } from '../../core/errors';
import type { GraphNode, ProcessGraph } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import { canReach } from '../model/analysis';
import { evaluateCondition } from '../expression';
import { arriveAtInclusiveJoin, chooseInclusiveFlows } from '../behaviours/gateway-machines';
import { plan, type Ctx } from './context';
import { tokenScope } from './listeners';
import { endActivity } from './history';

/** The agenda's leave operation (passed in: the agenda imports this module). */
export type LeaveFn = (ctx: Ctx, exec: ExecutionRow, node: GraphNode) => void;

/**
 * Flowable's join condition: true when another token of `exec`'s scope can still reach `node`
 * (a token at another node with a path to it, or an active token already at it).
 */
export function othersCanReach(ctx: Ctx, exec: ExecutionRow, node: GraphNode): boolean {
  for (const e of ctx.uow.executions.values()) {
    if (e === exec || e.activityId === null || e.parentId !== exec.parentId) continue;
    if (e.activityId === node.id) {
      if (e.isActive === 1) return true;
    } else if (canReach(ctx.graph, e.activityId, node.id)) {
      return true;
    }
  }
  return false;
}

/** Fires the join for `exec` (already waiting at `node`) when no other token can reach it; returns whether it fired. */
function tryJoin(ctx: Ctx, exec: ExecutionRow, node: GraphNode, leave: LeaveFn): boolean {
  if (arriveAtInclusiveJoin(othersCanReach(ctx, exec, node)) === 'waiting') return false;
  const waiting = [...ctx.uow.executions.values()].filter(
    (e) => e !== exec && e.activityId === node.id && e.isActive === 0 && e.parentId === exec.parentId,
  );
  for (const w of waiting) {
    endActivity(ctx, w);
    ctx.uow.removeExecution(w.id);
  }
  exec.isActive = 1;
  exec.machineState = '';
  ctx.uow.touchExecution(exec);
  leave(ctx, exec, node);
  return true;
}

/** A token arrives at an inclusive gateway: it waits, then the join is tried (see the module comment). */
export function arriveAtInclusiveGateway(ctx: Ctx, exec: ExecutionRow, node: GraphNode, leave: LeaveFn) {
  exec.isActive = 0;
  exec.machineState = 'waiting';
  ctx.uow.touchExecution(exec);
  tryJoin(ctx, exec, node, leave);
}

/**
 * The inclusive fork: the flows to take when `exec` leaves `node` (see the module comment).
 * Errors: Flowable's no-flow message (AppError refused); condition errors (`Unknown property used in expression`,
 * an ExpressionError the engine transaction maps to AppError refused: core.ts toAppError).
 */
export function selectInclusiveFlows(ctx: Ctx, exec: ExecutionRow, node: GraphNode): string[] {
  const scope = tokenScope(ctx, exec);
  const flows = chooseInclusiveFlows(ctx.graph, node, (flowId) => evaluateCondition(ctx.graph.flows[flowId].condition!, scope));
  if (!flows) throw refused(`No outgoing sequence flow of the inclusive gateway '${node.id}' could be selected for continuing the process`);
  return flows;
}

const hasInclusive = new WeakMap<ProcessGraph, boolean>();

/**
 * Plans a look at every waiting inclusive join (one token per gateway and scope): each fires when
 * nothing can reach it any more. No-op for graphs without inclusive gateways.
 */
export function planInclusiveReview(ctx: Ctx, leave: LeaveFn) {
  let has = hasInclusive.get(ctx.graph);
  if (has === undefined) {
    has = Object.values(ctx.graph.nodes).some((n) => n.type === 'inclusiveGateway');
    hasInclusive.set(ctx.graph, has);
  }
  if (!has) return;
  plan(ctx, () => {
    const seen = new Set<string>();
    for (const w of [...ctx.uow.executions.values()]) {
      if (w.isActive !== 0 || w.activityId === null || !ctx.uow.executions.has(w.id)) continue;
      const node = ctx.graph.nodes[w.activityId];
      const key = `${w.activityId}|${w.parentId ?? ''}`;
      if (node?.type !== 'inclusiveGateway' || seen.has(key)) continue;
      seen.add(key);
      tryJoin(ctx, w, node, leave);
    }
  });
}
