/**
 * Call activity (Flowable CallActivityBehavior), inside the calling command's transaction:
 * - entering: `calledElement` (an expression allowed) resolves to the latest ACTIVE version of
 *   that key, or to the pinned `calledElementVersion` (`流程定义不存在` otherwise; a suspended
 *   pinned version answers `流程已被挂起,请先激活流程`); a child instance (`superInstanceId` /
 *   `superExecutionId` = the caller) starts with the `flowable:in` mappings (or every visible
 *   variable with `inheritVariables`), the business key (`flowable:businessKey` expression, or
 *   the caller's with `inheritBusinessKey`), and start user = the CALLER'S INITIATOR (its
 *   `startUserId`); it runs to its first wait states in its own unit of work, flushed at once;
 *   the caller's token waits in the call activity;
 * - the child ends (any command: complete, terminate, stop): the caller is taken from the live
 *   command (same command) or loaded in the same transaction (a savepoint), the `flowable:out`
 *   mappings are copied from the child's variables (non-local writes), and its token leaves;
 * - an error end in the child that it does not catch is thrown at the call activity (its error
 *   boundaries, then the caller's enclosing scopes, then further up);
 * - cancelling the caller's token (interrupting boundary, reject/return/stop, terminate) cancels
 *   the child: its tasks are cancelled and it is MARKED ended (state `stopped`, delete reason =
 *   the cancel reason, end time), recursively; deleting the caller instance deletes its child
 *   instances with their history (`deleteCalledInstances`).
 */
import type Database from 'better-sqlite3';
import { internal, notFound, refused } from '../../core/errors';
import type { GraphNode } from '../model/graph';
import type { ExecutionRow } from '../store/rows';
import { stmt } from '../store/rows';
import { deleteInstancesWhere, withCalledInstances } from '../store/instance-rows';
import { UnitOfWork } from '../store/unit-of-work';
import { evaluate, hasExpression } from '../expression';
import { expressionText } from '../expression/evaluator';
import type { EngineCore } from '../core';
import { MSG } from '../core';
import { advanceDefinition, advanceInstance } from '../behaviours/lifecycle-machines';
import { expressionScope, lookupVar, newId, normaliseValue, plan, runAgenda, scopeChain, setVar, visibleVars, type Ctx } from './context';
import { fireExecutionListeners, tokenScope } from './listeners';
import { ops, registerOps } from './ops';
import { cancelExecution, childrenOf, subscribeEventSubProcesses } from './scopes';
import { throwBpmnError } from './errors';
import { initDataObjects } from './data-objects';

const cores = new WeakMap<Database.Database, EngineCore>();
/** Instance id → the context of the command currently holding it in memory. */
const live = new Map<string, Ctx>();

/** Registers the engine core of database `core.db` (createEngine does): call activities start instances through it. */
export function registerEngineCore(core: EngineCore) {
  cores.set(core.db, core);
}

function coreOf(ctx: Ctx): EngineCore {
  const core = cores.get(ctx.uow.db);
  if (!core) throw internal('调用活动: 引擎未注册');
  return core;
}

/** Runs `fn` with `ctx` registered as the live context of its instance. */
function withLive<T>(ctx: Ctx, fn: () => T): T {
  const id = ctx.uow.instance.id;
  if (live.get(id) === ctx) return fn();
  const before = live.get(id);
  live.set(id, ctx);
  try {
    return fn();
  } finally {
    if (before) live.set(id, before); else live.delete(id);
  }
}

/** Runs `fn` over instance `instanceId`: its live context, else loaded in a nested transaction (savepoint) and flushed. */
function onInstance(ctx: Ctx, instanceId: string, fn: (c: Ctx) => void) {
  const l = live.get(instanceId);
  if (l) { fn(l); return; }
  coreOf(ctx).inInstance(instanceId, ctx.userId, (c) => withLive(c, () => { fn(c); runAgenda(c); }));
}

function calledDefinitionId(ctx: Ctx, exec: ExecutionRow, node: GraphNode): string {
  const ca = node.callActivity!;
  const keyV = hasExpression(ca.calledElement) ? evaluate(ca.calledElement, tokenScope(ctx, exec)) : ca.calledElement;
  const key = expressionText(keyV).trim();
  const row = ca.binding === 'version'
    ? stmt(ctx.uow.db, 'SELECT id FROM wf_definition WHERE key = ? AND version = ?').get(key, ca.version)
    : stmt(ctx.uow.db, 'SELECT id FROM wf_definition WHERE key = ? AND suspension_state = 1 ORDER BY version DESC LIMIT 1').get(key);
  const id = (row as { id: string } | undefined)?.id;
  if (!id) throw notFound(MSG.definitionMissing);
  return id;
}

/** The token `exec` enters call activity `node`: the child instance starts (see the module comment); the token waits. */
export function startCalledInstance(ctx: Ctx, exec: ExecutionRow, node: GraphNode) {
  const ca = node.callActivity!;
  exec.machineState = 'waiting';
  ctx.uow.touchExecution(exec);
  const core = coreOf(ctx);
  const def = core.definition(calledDefinitionId(ctx, exec, node));
  if (!def) throw notFound(MSG.definitionMissing);
  if (advanceDefinition(def.suspensionState, 'START') === null) throw refused(MSG.definitionSuspended);
  const parent = ctx.uow.instance;
  const scope = tokenScope(ctx, exec);
  const chain = scopeChain(ctx, exec);
  const businessKey = ca.businessKey ? expressionText(evaluate(ca.businessKey, scope)) : ca.inheritBusinessKey ? parent.businessKey : null;
  const uow = UnitOfWork.create(ctx.uow.db, {
    id: newId(), definitionId: def.id, businessKey, startUserId: parent.startUserId, startTime: ctx.now, endTime: null,
    endActivityId: null, deleteReason: null, state: 'running', revision: 1, machineState: '', superInstanceId: parent.id, superExecutionId: exec.id,
  });
  const child = core.newCtx(uow, ctx.userId);
  if (!child.graph.startId) throw refused(`被调用的流程 ${def.key} 没有空开始事件`);
  initDataObjects(uow, '', child.graph.dataObjects);
  if (ca.inheritVariables) for (const [k, v] of Object.entries(visibleVars(ctx, chain))) uow.setVar('', k, normaliseValue(v));
  for (const m of ca.in) {
    const v = m.source !== undefined ? lookupVar(ctx, chain, m.source).value ?? null : evaluate(m.sourceExpression!, scope);
    uow.setVar('', m.target, normaliseValue(v));
  }
  const start = child.graph.nodes[child.graph.startId];
  if (start.initiator && parent.startUserId) uow.setVar('', start.initiator, parent.startUserId);
  withLive(ctx, () => withLive(child, () => {
    fireExecutionListeners(child, null, child.graph.listeners, 'start');
    subscribeEventSubProcesses(child, null, child.graph.eventSubProcessStarts);
    ops.planContinue(child, ops.newExecution(child, start.id));
    runAgenda(child);
  }));
  uow.flush();
}

/**
 * Called by the agenda when instance `ctx` ends normally and has a caller: the caller's token
 * (live or loaded) receives the `out` mappings and leaves its call activity.
 */
export function calledInstanceEnded(ctx: Ctx) {
  const inst = ctx.uow.instance;
  if (!inst.superInstanceId || !inst.superExecutionId) return;
  const superExecId = inst.superExecutionId;
  withLive(ctx, () => onInstance(ctx, inst.superInstanceId!, (p) => {
    const exec = p.uow.executions.get(superExecId);
    const node = exec?.activityId ? p.graph.nodes[exec.activityId] : undefined;
    if (!exec || node?.type !== 'callActivity') return;
    const childScope = expressionScope(ctx, ['']);
    const values = node.callActivity!.out.map((m) => [m.target, m.source !== undefined
      ? lookupVar(ctx, [''], m.source).value ?? null : evaluate(m.sourceExpression!, childScope)] as const);
    plan(p, () => {
      if (!p.uow.executions.has(exec.id)) return;
      const chain = scopeChain(p, exec);
      for (const [k, v] of values) setVar(p, chain, k, v);
      exec.machineState = '';
      p.uow.touchExecution(exec);
      ops.leaveNode(p, exec, node);
    });
  }));
}

/**
 * BPMN error `code` was not caught inside instance `ctx`: when it has a caller, the error is
 * thrown at the call activity there (returns true; an uncaught one fails the command).
 */
export function propagateErrorToCaller(ctx: Ctx, code: string): boolean {
  const inst = ctx.uow.instance;
  if (!inst.superInstanceId || !inst.superExecutionId) return false;
  const superExecId = inst.superExecutionId;
  withLive(ctx, () => onInstance(ctx, inst.superInstanceId!, (p) => {
    const exec = p.uow.executions.get(superExecId);
    if (!exec) throw notFound(MSG.instanceMissing);
    throwBpmnError(p, exec, code, true);
  }));
  return true;
}

/** Ends instance `c` as cancelled: every token cancelled (`reason`), state stopped, end time, delete reason. */
function markCancelled(c: Ctx, reason: string) {
  for (const e of childrenOf(c, null)) cancelExecution(c, e, reason);
  const inst = c.uow.instance;
  if (inst.endTime !== null) return;
  inst.state = advanceInstance(inst.state, 'STOP') ?? 'stopped';
  inst.endTime = c.now;
  inst.deleteReason = reason;
}

/** The caller's token `exec` is cancelled: its running child instance is cancelled with it (see the module comment). */
export function cancelCalledInstance(ctx: Ctx, exec: ExecutionRow, reason: string) {
  const rows = stmt(ctx.uow.db, 'SELECT id FROM wf_instance WHERE super_execution_id = ? AND end_time IS NULL').all(exec.id) as Array<{ id: string }>;
  for (const live of liveChildrenOf(exec.id)) if (!rows.some((r) => r.id === live)) rows.push({ id: live });
  for (const { id } of rows) withLive(ctx, () => onInstance(ctx, id, (c) => markCancelled(c, reason)));
}

function liveChildrenOf(execId: string): string[] {
  const out: string[] = [];
  for (const [id, c] of live) if (c.uow.instance.superExecutionId === execId && c.uow.instance.endTime === null) out.push(id);
  return out;
}

/** Deletes the instances called by instance `instanceId` (recursively) with their runtime rows and history (store/instance-rows.ts). */
export function deleteCalledInstances(db: Database.Database, instanceId: string) {
  deleteInstancesWhere(db, withCalledInstances('SELECT id FROM wf_instance WHERE super_instance_id = ?'), [instanceId]);
}

/** One instance started by a call activity of another. */
export interface CalledInstanceView {
  instanceId: string;
  definitionId: string;
  /** The call activity's token in the caller, and the call activity id (null when that token is gone). */
  superExecutionId: string | null;
  callActivityId: string | null;
  businessKey: string | null;
  startTime: number;
  endTime: number | null;
  state: string;
}

registerOps({ cancelCalledInstance, propagateErrorToCaller });
