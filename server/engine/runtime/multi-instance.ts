/**
 * Multi-instance body (bpmn-engines.md §2.2, Flowable MultiInstanceActivityBehavior): the
 * arriving token becomes the MI root; the instance count is computed once (loopCardinality, or
 * the collection: an expression, or a plain variable name); nrOfInstances /
 * nrOfCompletedInstances / nrOfActiveInstances live on the root (local variables, mirrored
 * from the MI machine), loopCounter and the element variable on each instance. The completion
 * condition is evaluated after each instance completes; when it holds (or all completed) the
 * other instances are cancelled and the root leaves. Execution listeners fire once for the body
 * (no loopCounter) and once per instance.
 */
import { invalid, notFound, refused } from '../../core/errors';
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import { evaluate, evaluateCondition, hasExpression } from '../expression';
import { toNumber } from '../expression/evaluator';
import { miAdvance, miStart, type MiSnapshot } from '../behaviours/lifecycle-machines';
import { lookupVar, plan, scopeChain, type Ctx } from './context';
import { fireExecutionListeners, tokenScope } from './listeners';
import { cancelTaskRow, taskOfExecution } from './task-ops';
import { endActivity } from './history';
import { ENGINE_LIMIT_DEFAULTS } from '../types';

/**
 * The agenda operations the body drives its instances with (agenda.ts TOKEN_OPS), passed in so
 * this module does not import the agenda back (the agenda enters multi-instance bodies).
 */
export interface TokenOps {
  newExecution(ctx: Ctx, activityId: string | null, parentId: string | null): ExecutionRow;
  executeNode(ctx: Ctx, exec: ExecutionRow, node: GraphNode): void;
  leaveNode(ctx: Ctx, exec: ExecutionRow, node: GraphNode): void;
}

/** Root-local copy of the collection once 加签 / 减签 changed it (issue 16); gone with the body. */
export const MI_COLLECTION_VAR = 'miCollection';

export function collectionOf(ctx: Ctx, root: ExecutionRow, node: GraphNode): unknown[] | null {
  const mi = node.multiInstance!;
  const changed = lookupVar(ctx, [root.id], MI_COLLECTION_VAR);
  if (changed.found && Array.isArray(changed.value)) return changed.value;
  if (!mi.collection) return null;
  const chain = scopeChain(ctx, root);
  let value: unknown;
  if (hasExpression(mi.collection)) {
    value = evaluate(mi.collection, tokenScope(ctx, root));
  } else {
    const v = lookupVar(ctx, chain, mi.collection);
    if (!v.found) throw refused(`Unknown property used in expression: \${${mi.collection}}`);
    value = v.value;
  }
  // Flowable: a string result names the collection variable.
  if (typeof value === 'string') {
    const v = lookupVar(ctx, chain, value);
    if (v.found && Array.isArray(v.value)) value = v.value;
  }
  if (!Array.isArray(value)) throw refused(`多实例集合 ${mi.collection} 的值不是列表 (节点 ${node.id})`);
  return value;
}

export function writeCounters(ctx: Ctx, root: ExecutionRow, snap: MiSnapshot) {
  root.machineState = JSON.stringify(snap);
  ctx.uow.touchExecution(root);
  ctx.uow.setVar(root.id, 'nrOfInstances', snap.context.total);
  ctx.uow.setVar(root.id, 'nrOfCompletedInstances', snap.context.completed);
  ctx.uow.setVar(root.id, 'nrOfActiveInstances', snap.context.active);
}

/**
 * Starts instance `index` of the body `root` (a new child execution, or `reuse`) with its index and
 * element variables; its node behaviour runs from the agenda, unless the body was cancelled by then
 * (a terminate end in the same command: issue 39 item 2). Returns the child.
 */
export function startInstance(ctx: Ctx, ops: TokenOps, root: ExecutionRow, node: GraphNode, index: number, items: unknown[] | null, reuse?: ExecutionRow): ExecutionRow {
  const mi = node.multiInstance!;
  const child = reuse ?? ops.newExecution(ctx, node.id, root.id);
  ctx.uow.setVar(child.id, mi.elementIndexVariable, index);
  if (mi.elementVariable && items) ctx.uow.setVar(child.id, mi.elementVariable, items[index] ?? null);
  plan(ctx, () => { if (ctx.uow.executions.has(child.id)) ops.executeNode(ctx, child, node); });
  return child;
}

/** Text of the refusal of a multi-instance body larger than its budget (issue 38 §6). */
export const tooManyInstancesMessage = (nodeName: string, total: number, max: number) =>
  `多实例节点「${nodeName}」的实例数 ${total} 超过上限 ${max}（会签人数或循环数过多）`;

/**
 * Refuses a body of more than `limits.maxMultiInstances` instances (default 1000) before any
 * instance is created (issue 38 §6: 20,000 countersign signers blocked the server).
 * @throws AppError('refused', tooManyInstancesMessage)
 */
export function assertCardinality(ctx: Ctx, node: GraphNode, total: number): void {
  const max = ctx.limits?.maxMultiInstances?.() ?? ENGINE_LIMIT_DEFAULTS.maxMultiInstances;
  if (total > max) throw refused(tooManyInstancesMessage(node.name || node.id, total, max));
}

/** The token arrives at a multi-instance activity. */
export function enterMultiInstance(ctx: Ctx, root: ExecutionRow, node: GraphNode, ops: TokenOps) {
  const mi = node.multiInstance!;
  root.isMiRoot = 1;
  ctx.uow.touchExecution(root);
  fireExecutionListeners(ctx, root, node.listeners, 'start');
  const items = collectionOf(ctx, root, node);
  let total: number;
  if (items) total = items.length;
  else {
    const v = hasExpression(mi.cardinality!) ? evaluate(mi.cardinality!, tokenScope(ctx, root)) : mi.cardinality;
    total = Math.trunc(toNumber(v));
    if (!Number.isFinite(total) || total < 0) throw invalid(`多实例数量无效: ${String(v)} (节点 ${node.id})`);
  }
  assertCardinality(ctx, node, total);
  const snap = miStart(total, mi.sequential);
  writeCounters(ctx, root, snap);
  if (snap.value === 'done') {
    finishBody(ctx, ops, root, node);
    return;
  }
  const count = mi.sequential ? 1 : total;
  for (let i = 0; i < count; i++) startInstance(ctx, ops, root, node, i, items);
}

/** One instance's task completed: count, check the completion condition, continue or leave. */
export function completeMiInstance(ctx: Ctx, child: ExecutionRow, node: GraphNode, ops: TokenOps) {
  const mi = node.multiInstance!;
  const root = ctx.uow.executions.get(child.parentId!);
  if (!root) throw notFound(`多实例根执行不存在 (节点 ${node.id})`);
  endActivity(ctx, child);
  fireExecutionListeners(ctx, child, node.listeners, 'end');
  const before = JSON.parse(root.machineState) as MiSnapshot;
  // Counters as Flowable has them when it evaluates the completion condition.
  ctx.uow.setVar(root.id, 'nrOfCompletedInstances', before.context.completed + 1);
  ctx.uow.setVar(root.id, 'nrOfActiveInstances', mi.sequential ? before.context.active : before.context.active - 1);
  const conditionMet = mi.completionCondition
    ? evaluateCondition(mi.completionCondition, tokenScope(ctx, child))
    : false;
  const snap = miAdvance(before, { type: 'INSTANCE_DONE', conditionMet });
  writeCounters(ctx, root, snap);
  if (snap.value === 'done') {
    ctx.uow.removeExecution(child.id);
    endBody(ctx, ops, root, node);
  } else if (mi.sequential) {
    const items = collectionOf(ctx, root, node);
    startInstance(ctx, ops, root, node, snap.context.loopCounter, items, child);
  } else {
    ctx.uow.removeExecution(child.id);
  }
}

/** The body is done: the instances still running are cancelled (MI_END) and the root leaves. */
export function endBody(ctx: Ctx, ops: TokenOps, root: ExecutionRow, node: GraphNode) {
  for (const other of [...ctx.uow.executions.values()].filter((e) => e.parentId === root.id)) {
    const t = taskOfExecution(ctx, other.id);
    if (t) cancelTaskRow(ctx, t, 'MI_END');
    endActivity(ctx, other, 'MI_END');
    ctx.uow.removeExecution(other.id);
  }
  finishBody(ctx, ops, root, node);
}

function finishBody(ctx: Ctx, ops: TokenOps, root: ExecutionRow, node: GraphNode) {
  root.isMiRoot = 0;
  root.machineState = '';
  ctx.uow.deleteScope(root.id);
  ctx.uow.touchExecution(root);
  ops.leaveNode(ctx, root, node);
}
