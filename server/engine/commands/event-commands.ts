/**
 * Message correlation and signal broadcast (Flowable RuntimeService.createMessageCorrelation /
 * signalEventReceived), and the signal thrown by an intermediate signal throw event. Each
 * command is ONE transaction; every affected instance is processed with its own unit of work
 * inside it (load → deliver → agenda → flush with the revision check).
 *
 * Signals reach instances already being executed further up the call stack (a throw event in
 * instance A reaching B whose own throw reaches A again) through their live context, never a
 * second stale load: `live` maps instance id → its context while it runs.
 */
import type Database from 'better-sqlite3';
import { invalid, notFound, refused } from '../../core/errors';
import { UnitOfWork } from '../store/unit-of-work';
import { stmt, type SubscriptionRow } from '../store/rows';
import { normaliseValue, runAgenda, type Ctx } from '../runtime/context';
import { setSignalThrower } from '../runtime/events';
import { eventOccurred, keepsListening } from '../runtime/event-dispatch';
import type { EngineCore } from '../core';
import { startInstance } from './start';

const SUB_COLS = 's.id AS id, s.type AS type, s.event_name AS "eventName", s.instance_id AS "instanceId", s.execution_id AS "executionId", s.definition_id AS "definitionId", s.activity_id AS "activityId", s.create_time AS "createTime"';

const SQL = {
  running: `SELECT ${SUB_COLS} FROM wf_event_subscription s JOIN wf_instance i ON i.id = s.instance_id
    WHERE s.type = ? AND s.event_name = ? AND i.state = 'running' ORDER BY s.create_time, s.id`,
  runningOfInstance: `SELECT ${SUB_COLS} FROM wf_event_subscription s JOIN wf_instance i ON i.id = s.instance_id
    WHERE s.type = ? AND s.event_name = ? AND i.state = 'running' AND i.id = ? ORDER BY s.create_time, s.id`,
  runningOfBusinessKey: `SELECT ${SUB_COLS} FROM wf_event_subscription s JOIN wf_instance i ON i.id = s.instance_id
    WHERE s.type = ? AND s.event_name = ? AND i.state = 'running' AND i.business_key = ? ORDER BY s.create_time, s.id`,
  starts: `SELECT ${SUB_COLS} FROM wf_event_subscription s WHERE s.type = ? AND s.event_name = ? AND s.instance_id IS NULL ORDER BY s.definition_id`,
  // Signal start events of suspended definitions are skipped (a message start into one answers the suspension error).
  activeStarts: `SELECT ${SUB_COLS} FROM wf_event_subscription s JOIN wf_definition d ON d.id = s.definition_id
    WHERE s.type = ? AND s.event_name = ? AND s.instance_id IS NULL AND d.suspension_state = 1 ORDER BY s.definition_id`,
};

export interface CorrelateInput {
  messageName: string;
  businessKey?: string;
  instanceId?: string;
  /** Only the wait of this execution (Flowable messageEventReceived(name, executionId)). */
  executionId?: string;
  /** Only the waits at this activity (catch event, boundary event or event sub-process start id). */
  activityId?: string;
  /** Process variables set on the receiving (or started) instance. */
  variables?: Record<string, unknown>;
  /** The user correlating: the INITIATOR of an instance a message start event starts (none = a system start, no starter check). */
  userId?: string | null;
  groupIds?: string[];
}

export interface CorrelateResult { instanceId: string; started: boolean }

/** Where a message would go: a waiting subscription of a running instance, a message start event, or nowhere. */
export type MessageTarget =
  | { kind: 'instance'; instanceId: string }
  | { kind: 'start'; definitionId: string; activityId: string }
  | { kind: 'ambiguous' }
  | null;

const live = new WeakMap<Database.Database, Map<string, Ctx>>();
const liveOf = (db: Database.Database) => { let m = live.get(db); if (!m) live.set(db, (m = new Map())); return m; };
let depth = 0;

type SubFilter = { instanceId?: string; businessKey?: string; executionId?: string; activityId?: string };

/** Waiting subscriptions of running instances, oldest first, filtered by instance / business key, then execution / activity. */
function waitingSubs(core: EngineCore, type: 'message' | 'signal', name: string, f: SubFilter): SubscriptionRow[] {
  const rows = (f.instanceId ? stmt(core.db, SQL.runningOfInstance).all(type, name, f.instanceId)
    : f.businessKey ? stmt(core.db, SQL.runningOfBusinessKey).all(type, name, f.businessKey)
      : stmt(core.db, SQL.running).all(type, name)) as SubscriptionRow[];
  if (!f.executionId && !f.activityId) return rows;
  return rows.filter((s) => (!f.executionId || s.executionId === f.executionId) && (!f.activityId || s.activityId === f.activityId));
}

/** True when the subscriptions belong to more than one instance. */
const severalInstances = (subs: SubscriptionRow[]) => subs.some((s) => s.instanceId !== subs[0].instanceId);

/**
 * The target of a message (no change): waiting subscriptions of ONE running instance (filtered by
 * instance / business key, execution / activity) → that instance; of several instances →
 * ambiguous; none and no instance / execution filter → the message start event of a newest
 * definition version; else null.
 */
export function messageTarget(core: EngineCore, input: Pick<CorrelateInput, 'messageName' | 'businessKey' | 'instanceId' | 'executionId' | 'activityId'>): MessageTarget {
  const subs = waitingSubs(core, 'message', input.messageName, input);
  if (severalInstances(subs)) return { kind: 'ambiguous' };
  if (subs.length) return { kind: 'instance', instanceId: subs[0].instanceId! };
  if (input.instanceId || input.executionId) return null;
  const starts = (stmt(core.db, SQL.starts).all('message', input.messageName) as SubscriptionRow[])
    .filter((st) => !input.activityId || st.activityId === input.activityId);
  if (starts.length > 1) return { kind: 'ambiguous' };
  return starts.length ? { kind: 'start', definitionId: starts[0].definitionId, activityId: starts[0].activityId } : null;
}

/** Consumes subscription `sub` in a live context and lets its event occur (variables on the process scope first). */
function deliver(ctx: Ctx, sub: SubscriptionRow, variables?: Record<string, unknown>): boolean {
  if (!ctx.uow.events.subscriptions().has(sub.id)) return false; // consumed by an earlier delivery (e.g. an interrupting boundary)
  // Non-interrupting boundary events and event sub-process starts keep listening (Flowable).
  if (!keepsListening(ctx, sub.activityId)) ctx.uow.events.removeSubscription(sub.id);
  for (const [k, v] of Object.entries(variables ?? {})) ctx.uow.setVar('', k, normaliseValue(v));
  return eventOccurred(ctx, sub.executionId, sub.activityId);
}

/** Loads instance `instanceId` with its own unit of work, runs `fn`, its agenda, and flushes. */
function inOtherInstance(core: EngineCore, instanceId: string, userId: string | null, fn: (ctx: Ctx) => void) {
  const uow = UnitOfWork.load(core.db, instanceId);
  if (!uow) return;
  const ctx = core.newCtx(uow, userId);
  const reg = liveOf(core.db);
  reg.set(instanceId, ctx);
  try {
    fn(ctx);
    runAgenda(ctx);
    uow.flush();
  } finally {
    reg.delete(instanceId);
  }
}

/**
 * Correlates a message (Flowable MessageCorrelationBuilder.correlateWithResult): the waiting
 * message subscriptions of running instances (filtered by `instanceId` or `businessKey`, then
 * `executionId` / `activityId`) must belong to ONE instance; its OLDEST one receives it (an
 * instance waiting twice for the message gets it once per call, in subscription order, as
 * Flowable's messageEventReceived per execution; variables set on the process scope; a catch
 * event leaves, a boundary triggers, an event sub-process starts); else (no instance or
 * execution named) a message start event of a newest definition version starts an instance
 * (INITIATOR = userId, candidate starters checked, business key kept).
 * Errors: `没有等待消息 <name> 的流程`; waits in several instances → ask for an instance or
 * business key (Flowable MismatchingMessageCorrelationException).
 */
export function correlateMessage(core: EngineCore, input: CorrelateInput): CorrelateResult {
  return core.tx(() => {
    const name = input.messageName;
    const subs = waitingSubs(core, 'message', name, input);
    if (severalInstances(subs)) throw invalid(`消息 ${name} 匹配到多个等待中的流程，请指定流程实例或业务键`);
    if (subs.length) {
      const sub = subs[0];
      inOtherInstance(core, sub.instanceId!, input.userId ?? null, (ctx) => { deliver(ctx, sub, input.variables); });
      return { instanceId: sub.instanceId!, started: false };
    }
    const target = input.instanceId || input.executionId ? null : messageTarget(core, { messageName: name, activityId: input.activityId });
    if (target?.kind === 'ambiguous') throw invalid(`消息 ${name} 匹配到多个流程的消息开始事件`);
    if (!target || target.kind !== 'start') throw notFound(`没有等待消息 ${name} 的流程`);
    const r = startInstance(core, {
      definitionId: target.definitionId, startActivityId: target.activityId, userId: input.userId ?? null, groupIds: input.groupIds,
      variables: input.variables, businessKey: input.businessKey,
    });
    return { instanceId: r.instanceId, started: true };
  });
}

export interface BroadcastInput {
  signalName: string;
  /** Only this instance (no signal start events then). */
  instanceId?: string;
  variables?: Record<string, unknown>;
  userId?: string | null;
}

export interface BroadcastResult {
  /** Subscriptions of running instances that received the signal. */
  triggered: number;
  /** Instances started by signal start events. */
  started: string[];
}

/**
 * Delivers signal `name` (Flowable's global scope): every waiting signal subscription of running
 * instances (or of `instanceId` only) as selected now — those of instances executing further up
 * the stack (`from`, nested throws) through their live context — then every signal start event
 * of the newest definition versions starts an instance (system start, no initiator).
 */
function broadcast(core: EngineCore, name: string, opts: { instanceId?: string; variables?: Record<string, unknown>; userId: string | null }, from?: Ctx): BroadcastResult {
  const reg = liveOf(core.db);
  const own = from && !reg.has(from.uow.instance.id) ? from.uow.instance.id : undefined;
  if (own) reg.set(own, from!);
  depth++;
  try {
    if (depth > 32) throw refused(`信号 ${name} 的传播层数过多 (流程间循环抛出信号)`);
    let triggered = 0;
    // Live contexts: their in-memory subscriptions (rows created or removed in this command included).
    const liveTargets: Array<[Ctx, SubscriptionRow[]]> = [];
    for (const [id, ctx] of reg) {
      if (opts.instanceId && id !== opts.instanceId) continue;
      if (!ctx.uow.eventsEnabled) continue;
      const subs = [...ctx.uow.events.subscriptions().values()].filter((s) => s.type === 'signal' && s.eventName === name);
      if (subs.length) liveTargets.push([ctx, subs]);
    }
    const byInstance = new Map<string, SubscriptionRow[]>();
    for (const s of waitingSubs(core, 'signal', name, { instanceId: opts.instanceId })) {
      if (reg.has(s.instanceId!)) continue;
      const list = byInstance.get(s.instanceId!);
      if (list) list.push(s); else byInstance.set(s.instanceId!, [s]);
    }
    for (const [ctx, subs] of liveTargets) for (const s of subs) if (deliver(ctx, s, opts.variables)) triggered++;
    for (const [instanceId, subs] of byInstance) {
      inOtherInstance(core, instanceId, opts.userId, (ctx) => { for (const s of subs) if (deliver(ctx, s, opts.variables)) triggered++; });
    }
    const started: string[] = [];
    if (!opts.instanceId) {
      for (const s of stmt(core.db, SQL.activeStarts).all('signal', name) as SubscriptionRow[]) {
        started.push(startInstance(core, { definitionId: s.definitionId, startActivityId: s.activityId, userId: null, variables: opts.variables }).instanceId);
      }
    }
    return { triggered, started };
  } finally {
    if (own) reg.delete(own);
    depth--;
  }
}

/** Broadcasts a signal (one transaction; see `broadcast`). Returns `{ triggered, started }`. */
export function broadcastSignal(core: EngineCore, input: BroadcastInput): BroadcastResult {
  return core.tx(() => broadcast(core, input.signalName, { instanceId: input.instanceId, variables: input.variables, userId: input.userId ?? null }));
}

/** Lets intermediate signal throw events of this engine's instances broadcast (runtime/events.ts). */
export function registerSignalThrower(core: EngineCore) {
  setSignalThrower(core.db, (ctx, name, instanceOnly) => {
    broadcast(core, name, { userId: ctx.userId, ...(instanceOnly ? { instanceId: ctx.uow.instance.id } : {}) }, ctx);
  });
}
