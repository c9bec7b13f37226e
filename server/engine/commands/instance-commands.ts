/**
 * Instance-level commands: delete (runtime and history, RuoYi `DELETE /flowable/instance/delete`),
 * trigger a waiting receive task (Flowable runtimeService.trigger), suspend/activate one instance.
 */
import { notFound, refused } from '../../core/errors';
import { scopeChain, setVar } from '../runtime/context';
import { leaveNode } from '../runtime/agenda';
import { cancelOtherGatewayWaits } from '../runtime/event-gateway';
import { deleteCalledInstances } from '../runtime/call-activity';
import { deleteInstancesWhere } from '../store/instance-rows';
import { advanceInstance } from '../behaviours/lifecycle-machines';
import { MSG, type EngineCore } from '../core';
import { outcome, type MoveOutcome } from './task-commands';

/**
 * Deletes instances with their tokens, tasks, variables, timers, subscriptions, history, comments
 * and 抄送 rows (store/instance-rows.ts).
 * Listeners do not fire. Errors: "未找到流程实例，流程可能已发生变化" for an unknown id.
 */
export function deleteInstance(core: EngineCore, input: { instanceIds: string | string[]; deleteReason?: string }) {
  const ids = Array.isArray(input.instanceIds) ? input.instanceIds : [input.instanceIds];
  core.tx(() => {
    for (const id of ids) {
      deleteCalledInstances(core.db, id); // instances its call activities started (runtime/call-activity.ts)
      if (deleteInstancesWhere(core.db, 'SELECT ?', [id]) !== 1) throw notFound(MSG.instanceMissing);
    }
  });
}

/**
 * Signals a token waiting in a receive task so it leaves (with optional process variables).
 * Give `executionId`, or `instanceId` + `activityId`. Errors: "没有在该节点等待的执行".
 */
export function trigger(core: EngineCore, input: { instanceId: string; executionId?: string; activityId?: string; variables?: Record<string, unknown>; userId?: string }): MoveOutcome {
  return outcome(core.inInstance(input.instanceId, input.userId ?? null, (ctx) => {
    if (advanceInstance(ctx.uow.instance.state, 'ACT') === null) throw refused(MSG.taskSuspended);
    const exec = [...ctx.uow.executions.values()].find((e) =>
      (input.executionId ? e.id === input.executionId : e.activityId === input.activityId) &&
      e.activityId !== null && ctx.graph.nodes[e.activityId]?.type === 'receiveTask' && e.machineState === 'waiting');
    if (!exec) throw refused('没有在该节点等待的执行');
    const chain = scopeChain(ctx, exec);
    for (const [k, v] of Object.entries(input.variables ?? {})) setVar(ctx, chain, k, v);
    cancelOtherGatewayWaits(ctx, exec, ctx.graph.nodes[exec.activityId!]);
    leaveNode(ctx, exec, ctx.graph.nodes[exec.activityId!]);
    return ctx;
  }));
}

/** Suspends (2) or activates (1) one instance and its tasks. Errors: state not allowed. */
export function setInstanceState(core: EngineCore, input: { instanceId: string; state: 1 | 2 }) {
  core.inInstance(input.instanceId, null, (ctx) => {
    const next = advanceInstance(ctx.uow.instance.state, input.state === 2 ? 'SUSPEND' : 'ACTIVATE');
    if (!next) throw refused(input.state === 2 ? '流程实例已挂起或已结束' : '流程实例未挂起');
    ctx.uow.instance.state = next;
    for (const t of ctx.uow.tasks.values()) { t.suspended = next === 'suspended' ? 1 : 0; ctx.uow.touchTask(t); }
  });
}
