/**
 * The command context the runtime works in (one per command, inside its transaction), variable
 * scoping with Flowable's rules, and the expression scope (variables, then `execution`/`task`
 * facades, then registered beans).
 *
 * Variable rules (Flowable VariableScopeImpl): reads walk task-local → execution → parent
 * execution (MI root) → instance; a non-local write updates the nearest scope that already has
 * the variable, else creates it on the instance.
 */
import { randomUUID } from 'node:crypto';
import { activeReplayDb } from '../store/replay-db';
import type { ProcessGraph } from '../model/graph';
import type { UnitOfWork } from '../store/unit-of-work';
import type { ExecutionRow, TaskRow } from '../store/rows';
import { Facade, type ExpressionScope } from '../expression';
import { ENGINE_LIMIT_DEFAULTS, type EngineHandlers, type EngineLimits } from '../types';

export interface DefinitionRow {
  id: string;
  key: string;
  version: number;
  name: string;
  category: string;
  deploymentId: string;
  suspensionState: number;
  formKey: string | null;
}

export interface Ctx {
  uow: UnitOfWork;
  graph: ProcessGraph;
  def: DefinitionRow;
  now: number;
  /** The user the command runs as (null for system actions). */
  userId: string | null;
  handlers: EngineHandlers;
  /** The engine's budgets (issue 38 §6); absent entries take ENGINE_LIMIT_DEFAULTS. */
  limits?: EngineLimits;
  /** Pending operations (Flowable's agenda), run FIFO by runAgenda. */
  agenda: Array<() => void>;
  /** Set by the stop command: the instance ends as `stopped` instead of `completed`. */
  endAs?: 'stopped';
  /** The task this command completed last (runtime/task-ops.ts): where a node's 抄送 is recorded. */
  lastCompletedTask?: string;
}

let lastMs = 0;
let seq = 0;
const NODE = randomUUID().replace(/-/g, '').slice(0, 6);

/**
 * A new entity id: time-ordered (epoch ms base-36, a per-process sequence, a random process tag)
 * so that inserts land at the right edge of the B-trees instead of random pages (UUIDs made every
 * commit dirty pages all over the indexes). Unique across processes; 19 characters.
 */
export const newId = (): string => (override ? override() : newIdNow());

let override: (() => string) | undefined;

/** newId's own generator (no override). */
export const newIdNow = (): string => {
  const now = Date.now();
  if (now !== lastMs) { lastMs = now; seq = 0; }
  seq++;
  return `${now.toString(36).padStart(9, '0')}${seq.toString(36).padStart(4, '0')}${NODE}`;
};

/**
 * A switch that makes newId answer `source()` while on (a replayed command draws the same ids in
 * every run: store/replay-db.ts). The core runs synchronously, so no other command sees it.
 */
export function idSource(source: () => string): { on(): void; off(): void } {
  return { on: () => { override = source; }, off: () => { override = undefined; } };
}

/** Scope ids from the most local to the instance (''). */
export function scopeChain(ctx: Ctx, exec: ExecutionRow | null, task?: TaskRow | null): string[] {
  const chain: string[] = [];
  if (task) chain.push(task.id);
  let e: ExecutionRow | undefined | null = exec;
  let guard = 0;
  while (e && guard++ < 16) {
    chain.push(e.id);
    e = e.parentId ? ctx.uow.executions.get(e.parentId) : undefined;
  }
  chain.push('');
  return chain;
}

export function lookupVar(ctx: Ctx, chain: string[], name: string): { found: boolean; value?: unknown } {
  for (const scopeId of chain) {
    const e = ctx.uow.vars.get(scopeId)?.get(name);
    if (e && e.state !== 'deleted') return { found: true, value: e.value };
  }
  return { found: false };
}

/** Flowable non-local set: nearest scope that has it, else the instance. */
export function setVar(ctx: Ctx, chain: string[], name: string, value: unknown) {
  const normal = normaliseValue(value);
  for (const scopeId of chain) {
    const e = ctx.uow.vars.get(scopeId)?.get(name);
    if (e && e.state !== 'deleted') { ctx.uow.setVar(scopeId, name, normal); return; }
  }
  ctx.uow.setVar('', name, normal);
}

/** Variables are JSON values: Dates become ISO strings, functions and undefined are refused. */
export function normaliseValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
    throw new Error(`变量值类型不支持: ${typeof value}`);
  }
  if (value && typeof value === 'object') return JSON.parse(JSON.stringify(value));
  return value;
}

/** All visible variables (instance first, local ones override). */
export function visibleVars(ctx: Ctx, chain: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const scopeId of [...chain].reverse()) {
    const m = ctx.uow.vars.get(scopeId);
    if (m) for (const [k, e] of m) if (e.state !== 'deleted') out[k] = e.value;
  }
  return out;
}

function beanFacades(handlers: EngineHandlers): Map<string, Facade> {
  const cached = (handlers as { _facades?: Map<string, Facade> })._facades;
  if (cached) return cached;
  const map = new Map<string, Facade>();
  for (const [name, bean] of Object.entries(handlers.beans ?? {})) {
    const methods: Record<string, (...args: unknown[]) => unknown> = {};
    // Own function properties and class methods (prototype chain below Object.prototype).
    for (let o: object | null = bean; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o)) {
      for (const k of Object.getOwnPropertyNames(o)) {
        const v = (bean as Record<string, unknown>)[k];
        if (k !== 'constructor' && !k.startsWith('__') && typeof v === 'function' && !(k in methods)) {
          // Once per command on a ReplayDb (its runs repeat; store/replay-db.ts once). Facade
          // changes a bean makes through arguments are not repeated there.
          methods[k] = (...a: unknown[]) => {
            const call = () => (v as (...x: unknown[]) => unknown).apply(bean, a);
            const replay = activeReplayDb();
            return replay ? replay.once([], call) : call();
          };
        }
      }
    }
    map.set(name, new Facade(name, {}, methods));
  }
  Object.defineProperty(handlers, '_facades', { value: map, enumerable: false });
  return map;
}

/** Expression scope: variables of `chain`, then `extra` names (facades), then beans. */
export function expressionScope(ctx: Ctx, chain: string[], extra?: Record<string, unknown>): ExpressionScope {
  return {
    resolve(name) {
      const v = lookupVar(ctx, chain, name);
      if (v.found) return v;
      if (extra && Object.prototype.hasOwnProperty.call(extra, name)) return { found: true, value: extra[name] };
      const bean = beanFacades(ctx.handlers).get(name);
      if (bean) return { found: true, value: bean };
      return { found: false };
    },
  };
}

/** Pushes an operation on the agenda. */
export function plan(ctx: Ctx, op: () => void) {
  ctx.agenda.push(op);
}

/** Text of the agenda-step refusal (issue 38 §6). */
export const agendaStepsMessage = (max: number) => `流程执行步数超过上限 ${max} (模型中可能存在无等待节点的死循环)`;

/**
 * Runs the pending operations FIFO until none is left. Bounded (issue 38 §6; a model that loops
 * without a wait state fails): more than `limits.maxAgendaSteps` operations (default 100,000) fail
 * the command with agendaStepsMessage; `limits.checkpoint` is called every 256 operations and may
 * throw to stop it.
 * @throws Error(agendaStepsMessage) (the engine transaction maps it to AppError('refused'): core.ts
 *   toAppError); whatever checkpoint throws.
 */
export function runAgenda(ctx: Ctx) {
  const max = ctx.limits?.maxAgendaSteps ?? ENGINE_LIMIT_DEFAULTS.maxAgendaSteps;
  const checkpoint = ctx.limits?.checkpoint;
  let steps = 0;
  while (ctx.agenda.length) {
    if (++steps > max) throw new Error(agendaStepsMessage(max));
    if (checkpoint && (steps & 255) === 0) checkpoint();
    ctx.agenda.shift()!();
  }
}
