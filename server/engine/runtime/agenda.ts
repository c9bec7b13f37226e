/**
 * Token movement (Flowable's agenda operations, in small): enter a node (history, `start`
 * listeners, behaviour), leave it (`end` listeners, choose flows), take flows (`take`
 * listeners, history), end tokens and the instance. Semantics (bpmn-engines.md §2):
 * - exclusive gateway: first true condition in XML order, then the default, else the command
 *   fails with Flowable's message (behaviours/gateway-machines.ts);
 * - parallel gateway: join waits for as many tokens as incoming flows, then forks to every
 *   outgoing flow (conditions ignored);
 * - inclusive gateway: join waits while another token of the same scope can still reach it
 *   (runtime/inclusive.ts), then forks to every flow whose condition holds, else the default,
 *   else fails with Flowable's message;
 * - event-based gateway: leaves through every outgoing flow (Flowable); the first target whose
 *   event occurs or that is triggered cancels the others' waits (runtime/event-gateway.ts);
 * - other activities: every outgoing flow whose condition holds (or has none); the default when
 *   none holds; an error when flows exist but none can be taken; no outgoing flow ends the token;
 * - start event, plain task and manual task pass through; receive task and user task wait;
 * - sub-process: the token becomes the scope, a child runs the inner flow (runtime/scopes.ts);
 *   call activity: a child instance (runtime/call-activity.ts); service task: a registered
 *   handler (runtime/service-task.ts); error end: BPMN error propagation (runtime/errors.ts);
 *   terminate end: every token of the scope ends; boundary events and event sub-processes:
 *   runtime/boundary.ts; timer / message / signal waits: runtime/events.ts.
 */
import { refused } from '../../core/errors';
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import { ENGINE_LIMIT_DEFAULTS } from '../types';
import { evaluateCondition } from '../expression';
import { chooseExclusiveFlow, arriveAtJoin } from '../behaviours/gateway-machines';
import { advanceInstance } from '../behaviours/lifecycle-machines';
import { newId, plan, type Ctx } from './context';
import { fireExecutionListeners, tokenScope } from './listeners';
import { startActivity, endActivity, recordFlow } from './history';
import { createUserTask } from './task-ops';
import { enterMultiInstance, type TokenOps } from './multi-instance';
import { arriveAtInclusiveGateway, planInclusiveReview, selectInclusiveFlows } from './inclusive';
import { childEnded, enterSubProcess, isMiChild, leaveScope, subscribeBoundaries, terminateScope, dropSubscriptions } from './scopes';
import { runServiceTask } from './service-task';
import { throwBpmnError } from './errors';
import { calledInstanceEnded, startCalledInstance } from './call-activity';
import { enterCatchEvent, throwSignalEvent } from './events';
import { registerOps } from './ops';
import { copyOnLeave } from './cc';

/** Text of the refusal when an instance would hold more executions than its budget (issue 38 §6). */
export const tooManyExecutionsMessage = (max: number) => `流程实例的执行分支数超过上限 ${max} (模型中可能存在令牌倍增的循环)`;

/**
 * A new execution (token) of the instance, registered with the unit of work.
 * @throws AppError('refused', tooManyExecutionsMessage) past `limits.maxExecutions` (default 10,000; issue 38 §6).
 */
export function newExecution(ctx: Ctx, activityId: string | null, parentId: string | null = null): ExecutionRow {
  const max = ctx.limits?.maxExecutions ?? ENGINE_LIMIT_DEFAULTS.maxExecutions;
  if (ctx.uow.executions.size >= max) throw refused(tooManyExecutionsMessage(max));
  const e: ExecutionRow = {
    id: newId(), instanceId: ctx.uow.instance.id, parentId, activityId, isActive: 1, isMiRoot: 0, isScope: 0, actInstId: null,
    createTime: ctx.now, machineState: '',
  };
  ctx.uow.addExecution(e);
  return e;
}

/**
 * Plans the token's arrival at its current activity; skipped when the token is gone by then (a
 * terminate end, boundary event or move earlier in the same command ended it), as Flowable's
 * CommandInvoker.executeOperation skips operations of ended executions (issue 39 item 2).
 */
export function planContinue(ctx: Ctx, exec: ExecutionRow) {
  plan(ctx, () => { if (ctx.uow.executions.has(exec.id)) enterNode(ctx, exec); });
}

function enterNode(ctx: Ctx, exec: ExecutionRow) {
  const node = ctx.graph.nodes[exec.activityId!];
  if (node.multiInstance && !isMiChild(ctx, exec)) {
    enterMultiInstance(ctx, exec, node, TOKEN_OPS);
    if (node.boundaryEvents && exec.isMiRoot && ctx.uow.executions.has(exec.id)) subscribeBoundaries(ctx, exec, node);
    return;
  }
  executeNode(ctx, exec, node);
}

/** Runs one node's behaviour for a token (also each multi-instance instance). */
export function executeNode(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  startActivity(ctx, exec, node);
  fireExecutionListeners(ctx, exec, node.listeners, 'start');
  switch (node.type) {
    case 'startEvent':
    case 'task':
    case 'manualTask':
    case 'boundaryEvent':
      leaveNode(ctx, exec, node);
      return;
    case 'intermediateThrowEvent':
      if (node.event?.kind === 'signal') throwSignalEvent(ctx, exec, node, leaveNode);
      else leaveNode(ctx, exec, node);
      return;
    case 'intermediateCatchEvent':
      enterCatchEvent(ctx, exec, node);
      return;
    case 'endEvent':
      if (node.event?.kind === 'error') {
        endActivity(ctx, exec);
        throwBpmnError(ctx, exec, node.event.errorCode!, false);
      } else if (node.event?.kind === 'terminate') {
        terminateScope(ctx, exec, node);
      } else {
        endActivity(ctx, exec);
        fireExecutionListeners(ctx, exec, node.listeners, 'end');
        endToken(ctx, exec, node.id);
      }
      return;
    case 'userTask':
      exec.machineState = 'waiting';
      ctx.uow.touchExecution(exec);
      createUserTask(ctx, exec, node);
      if (node.boundaryEvents && !isMiChild(ctx, exec)) subscribeBoundaries(ctx, exec, node);
      return;
    case 'receiveTask':
      exec.machineState = 'waiting';
      ctx.uow.touchExecution(exec);
      if (node.boundaryEvents) subscribeBoundaries(ctx, exec, node);
      return;
    case 'subProcess':
      enterSubProcess(ctx, exec, node);
      if (node.boundaryEvents) subscribeBoundaries(ctx, exec, node);
      return;
    case 'callActivity':
      startCalledInstance(ctx, exec, node);
      if (node.boundaryEvents && exec.machineState === 'waiting') subscribeBoundaries(ctx, exec, node);
      return;
    case 'serviceTask': {
      const code = runServiceTask(ctx, exec, node);
      if (code === null) leaveNode(ctx, exec, node);
      else throwBpmnError(ctx, exec, code, true);
      return;
    }
    case 'exclusiveGateway': {
      const scope = tokenScope(ctx, exec);
      const flow = chooseExclusiveFlow(ctx.graph, node, (flowId) => evaluateCondition(ctx.graph.flows[flowId].condition!, scope));
      if (!flow) {
        throw refused(`No outgoing sequence flow of the exclusive gateway '${node.id}' could be selected for continuing the process`);
      }
      leaveNode(ctx, exec, node, [flow]);
      return;
    }
    case 'parallelGateway':
      parallelGateway(ctx, exec, node);
      return;
    case 'inclusiveGateway':
      arriveAtInclusiveGateway(ctx, exec, node, leaveNode);
      return;
    case 'eventBasedGateway': // every target waits with its own token (runtime/event-gateway.ts)
      leaveNode(ctx, exec, node);
      return;
  }
}

function parallelGateway(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  if (node.incoming.length > 1) {
    const waiting = [...ctx.uow.executions.values()].filter(
      (e) => e !== exec && e.activityId === node.id && e.isActive === 0 && e.parentId === exec.parentId,
    );
    if (arriveAtJoin(node.incoming.length, waiting.length + 1) === 'waiting') {
      exec.isActive = 0;
      exec.machineState = 'waiting';
      ctx.uow.touchExecution(exec);
      return;
    }
    for (const w of waiting.slice(0, node.incoming.length - 1)) {
      endActivity(ctx, w);
      ctx.uow.removeExecution(w.id);
    }
    exec.isActive = 1;
    exec.machineState = '';
    ctx.uow.touchExecution(exec);
  }
  leaveNode(ctx, exec, node, node.outgoing);
}

/** Leaves `node`: `end` listeners, history end, then takes `flows` (or the chosen outgoing flows). */
export function leaveNode(ctx: Ctx, exec: ExecutionRow, node: GraphNode, flows?: string[]) {
  if (node.userTask?.cc) copyOnLeave(ctx, exec, node);
  endActivity(ctx, exec);
  fireExecutionListeners(ctx, exec, node.listeners, 'end');
  if (exec.isScope) leaveScope(ctx, exec);
  else if (node.boundaryEvents) dropSubscriptions(ctx, exec.id);
  const chosen = flows ?? selectOutgoing(ctx, exec, node);
  if (chosen.length === 0) {
    endToken(ctx, exec, node.id);
    return;
  }
  chosen.forEach((flowId, i) => {
    const token = i === 0 ? exec : newExecution(ctx, null, exec.parentId);
    takeFlow(ctx, token, flowId);
  });
}

function selectOutgoing(ctx: Ctx, exec: ExecutionRow, node: GraphNode): string[] {
  if (node.outgoing.length === 0) return [];
  if (node.type === 'inclusiveGateway') return selectInclusiveFlows(ctx, exec, node);
  const scope = tokenScope(ctx, exec);
  const taken = node.outgoing.filter((id) => {
    if (id === node.defaultFlow) return false;
    const c = ctx.graph.flows[id].condition;
    return !c || evaluateCondition(c, scope);
  });
  if (taken.length) return taken;
  if (node.defaultFlow) return [node.defaultFlow];
  throw refused(`No outgoing sequence flow of element '${node.id}' could be selected for continuing the process`);
}

function takeFlow(ctx: Ctx, exec: ExecutionRow, flowId: string) {
  const flow = ctx.graph.flows[flowId];
  exec.activityId = flowId;
  fireExecutionListeners(ctx, exec, flow.listeners, 'take');
  recordFlow(ctx, exec, flowId, flow.name);
  exec.activityId = flow.target;
  exec.isActive = 1;
  exec.machineState = '';
  ctx.uow.touchExecution(exec);
  planContinue(ctx, exec);
}

/** The operations a multi-instance body drives its instances with (multi-instance.ts). */
export const TOKEN_OPS: TokenOps = { newExecution, executeNode, leaveNode };

/**
 * Removes a token; when it was the last child of a scope the scope completes (runtime/scopes.ts);
 * when no token is left the instance ends (at `endActivityId`).
 */
export function endToken(ctx: Ctx, exec: ExecutionRow, endActivityId: string) {
  ctx.uow.removeExecution(exec.id);
  if (ctx.uow.executions.size === 0) endInstance(ctx, endActivityId);
  else {
    if (exec.parentId) childEnded(ctx, exec.parentId, endActivityId);
    planInclusiveReview(ctx, leaveNode);
  }
}

export function endInstance(ctx: Ctx, endActivityId: string, stopped = false) {
  const inst = ctx.uow.instance;
  if (inst.endTime !== null) return;
  fireExecutionListeners(ctx, null, ctx.graph.listeners, 'end');
  const next = advanceInstance(inst.state, stopped || ctx.endAs === 'stopped' ? 'STOP' : 'END');
  if (!next) throw refused('流程实例状态不允许结束');
  inst.state = next;
  inst.endTime = ctx.now;
  inst.endActivityId = endActivityId;
  if (inst.superExecutionId) calledInstanceEnded(ctx);
}

registerOps({ newExecution, planContinue, leaveNode, endInstance });
