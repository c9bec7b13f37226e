/**
 * Timer, message and signal waits of running instances (owned by the events work: timers in
 * wf_timer, message/signal subscriptions in wf_event_subscription, both tracked by the unit of
 * work: store/event-rows.ts). CONTRACT used by runtime/boundary.ts and the agenda.
 *
 * Flowable semantics (reference/bpmn-engines.md): a timer's value is evaluated when the wait
 * begins (TimerEventDefinition → a timer job with a due date); message / signal names may be
 * expressions, evaluated at the same moment (event subscription rows). When the event occurs
 * (runtime/event-dispatch.ts `eventOccurred`): an intermediate catch token leaves; a boundary
 * event is handed to triggerBoundaryEvent; an event sub-process start to triggerEventSubProcess.
 * This module imports nothing of the agenda (no import cycles): the agenda passes `leaveNode`.
 */
import type Database from 'better-sqlite3';
import { internal, invalid, refused } from '../../core/errors';
import type { GraphNode } from '../model/graph';
import type { ExecutionRow, SubscriptionRow, TimerRow } from '../store/rows';
import { evaluate } from '../expression';
import { newId, type Ctx } from './context';
import { tokenScope } from './listeners';
import { timerSchedule } from './iso8601';

/** Retries of a new timer (Flowable's default job retries). */
export const TIMER_RETRIES = 3;

/** A text that may hold an expression, evaluated in the execution's scope (names of messages / signals). */
function eventName(ctx: Ctx, exec: ExecutionRow | null, text: string): string {
  if (!/[$#]\{/.test(text)) return text;
  const v = evaluate(text, tokenScope(ctx, exec));
  if (v === null || v === undefined || String(v).trim() === '') throw invalid(`事件名称表达式 ${text} 的值为空`);
  return String(v);
}

/** A new timer row of `node` (value evaluated now in `exec`'s scope); null when a cycle never fires. */
export function newTimerRow(ctx: Ctx, exec: ExecutionRow | null, node: GraphNode, instanceId: string | null): TimerRow | null {
  if (node.event?.kind !== 'timer') throw refused(`${node.id} (${node.type}) 不是定时器事件`);
  const s = timerSchedule(node.event, ctx.now, { id: node.id, type: node.type }, (text) => evaluate(text, tokenScope(ctx, exec)));
  if (!s) return null;
  return {
    id: newId(), instanceId, executionId: exec?.id ?? null, definitionId: ctx.def.id, activityId: node.id, dueTime: s.dueTime, repeat: s.repeat,
    lockOwner: null, lockExpiry: null, retries: TIMER_RETRIES, lastError: null, createTime: ctx.now,
  };
}

/** A new subscription row of a message / signal `node` (name evaluated now in `exec`'s scope). */
export function newSubscriptionRow(ctx: Ctx, exec: ExecutionRow | null, node: GraphNode, instanceId: string | null): SubscriptionRow {
  const ev = node.event;
  if (ev?.kind !== 'message' && ev?.kind !== 'signal') throw refused(`${node.id} (${node.type}) 不是消息或信号事件`);
  return {
    id: newId(), type: ev.kind, eventName: eventName(ctx, exec, ev.kind === 'message' ? ev.messageName : ev.signalName), instanceId,
    executionId: exec?.id ?? null, definitionId: ctx.def.id, activityId: node.id, createTime: ctx.now,
  };
}

/**
 * Starts waiting for `node`'s event (timer / message / signal) on behalf of execution
 * `executionId`: a boundary event (executionId = the host activity's token), an intermediate
 * catch event (the waiting token), or an event sub-process start (the scope execution; null
 * = the process level). Timer texts are evaluated now in the execution's variable scope.
 * Error / terminate / none events have nothing to wait for (no-op). Bad timer values fail
 * naming the element (runtime/iso8601.ts).
 */
export function subscribeEvent(ctx: Ctx, executionId: string | null, node: GraphNode): void {
  const kind = node.event?.kind;
  if (kind !== 'timer' && kind !== 'message' && kind !== 'signal') return;
  ctx.uow.eventsEnabled = true;
  const exec = executionId ? ctx.uow.executions.get(executionId) ?? null : null;
  if (kind === 'timer') {
    const row = newTimerRow(ctx, exec, node, ctx.uow.instance.id);
    if (row) ctx.uow.events.addTimer(row);
  } else {
    ctx.uow.events.addSubscription(newSubscriptionRow(ctx, exec, node, ctx.uow.instance.id));
  }
}

/** Removes every timer and subscription of execution `executionId` (its scope ended or was cancelled). */
export function removeSubscriptions(ctx: Ctx, executionId: string): void {
  if (!ctx.uow.eventsEnabled) return;
  const ev = ctx.uow.events;
  for (const t of [...ev.timers().values()]) if (t.executionId === executionId) ev.removeTimer(t.id);
  for (const s of [...ev.subscriptions().values()]) if (s.executionId === executionId) ev.removeSubscription(s.id);
}

/** Removes the timers / subscriptions of execution `executionId` that belong to node `activityId` only. */
export function removeSubscriptionsOf(ctx: Ctx, executionId: string | null, activityId: string): void {
  if (!ctx.uow.eventsEnabled) return;
  const ev = ctx.uow.events;
  for (const t of [...ev.timers().values()]) if (t.executionId === executionId && t.activityId === activityId) ev.removeTimer(t.id);
  for (const s of [...ev.subscriptions().values()]) if (s.executionId === executionId && s.activityId === activityId) ev.removeSubscription(s.id);
}

/** The token arrives at an intermediate catch event: it waits for the event (agenda). */
export function enterCatchEvent(ctx: Ctx, exec: ExecutionRow, node: GraphNode): void {
  exec.machineState = 'waiting';
  ctx.uow.touchExecution(exec);
  subscribeEvent(ctx, exec.id, node);
}

/** Broadcasts `signalName`; `instanceOnly`: only to the throwing instance (scope processInstance). */
type SignalThrower = (ctx: Ctx, signalName: string, instanceOnly: boolean) => void;
const throwers = new WeakMap<Database.Database, SignalThrower>();

/** Registers how signals thrown inside instances of database `db` are broadcast (commands/event-commands.ts). */
export function setSignalThrower(db: Database.Database, fn: SignalThrower) {
  throwers.set(db, fn);
}

/**
 * An intermediate signal throw event (Flowable, synchronous): the token leaves the event, then
 * the signal reaches every waiting subscription — this instance's through `ctx`, other
 * instances' with their own unit of work in the same transaction — and the signal start events
 * of the newest definition versions. A signal with `flowable:scope="processInstance"` reaches
 * only this instance's subscriptions (no other instance, no start event), as in Flowable.
 */
export function throwSignalEvent(ctx: Ctx, exec: ExecutionRow, node: GraphNode, leaveNode: (ctx: Ctx, exec: ExecutionRow, node: GraphNode) => void): void {
  if (node.event?.kind !== 'signal') throw refused(`${node.id} (${node.type}) 不是信号事件`);
  const name = eventName(ctx, exec, node.event.signalName);
  leaveNode(ctx, exec, node);
  const thrower = throwers.get(ctx.uow.db);
  if (!thrower) throw internal(`信号 ${name} 无法广播 (引擎未注册信号处理)`);
  thrower(ctx, name, node.event.scope === 'processInstance');
}
