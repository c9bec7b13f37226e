/**
 * The event-based gateway at run time (issue 39 item 8; Flowable EventBasedGatewayActivityBehavior
 * and IntermediateCatchEventActivityBehavior.deleteOtherEventsRelatedToEventBasedGateway):
 * - arriving at the gateway, the token leaves through all its outgoing flows at once (the
 *   agenda), so each target waits with its own token: a catch event subscribes its message /
 *   signal or schedules its timer (runtime/events.ts), a receive task waits for `trigger`;
 * - the first target whose event occurs (runtime/event-dispatch.ts) or that is triggered
 *   (commands/instance-commands.ts) cancels the waits of the others before it leaves.
 */
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import { precedingEventGateway } from '../model/event-gateway';
import type { Ctx } from './context';
import { cancelExecution } from './scopes';

/** History delete reason of a wait cancelled by its gateway (Flowable DeleteReason.EVENT_BASED_GATEWAY_CANCEL). */
export const EVENT_GATEWAY_CANCEL = 'event based gateway cancel';

/**
 * Token `exec` waiting at `node` received its event: when `node` follows an event-based
 * gateway, one sibling token (same parent) at each OTHER target of that gateway is cancelled:
 * its timer / subscriptions removed, its history row ended with EVENT_GATEWAY_CANCEL, the token
 * removed (Flowable cancels one execution per other target, so a gateway reached twice keeps
 * its second set of waits). No-op for any other node.
 */
export function cancelOtherGatewayWaits(ctx: Ctx, exec: ExecutionRow, node: GraphNode): void {
  const gw = precedingEventGateway(ctx.graph, node);
  if (!gw) return;
  const others = new Set(gw.outgoing.map((f) => ctx.graph.flows[f].target).filter((id) => id !== node.id));
  for (const e of [...ctx.uow.executions.values()]) {
    if (e === exec || e.parentId !== exec.parentId || e.activityId === null || !others.has(e.activityId)) continue;
    others.delete(e.activityId);
    cancelExecution(ctx, e, EVENT_GATEWAY_CANCEL);
  }
}
