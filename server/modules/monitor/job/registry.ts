/**
 * The task-handler registry (reference §5 "whitelist": for a TypeScript port a registry of
 * allowed task handlers replaces the Spring bean lookup). A target resolves only when
 * `registry.get(bean).get(method)` exists (own Map entries: no prototype names such as
 * `constructor` or `toString`), the target is not in class form, and its arguments match the
 * handler's declared parameter types exactly, in count and order (RuoYi resolves the method by
 * exact boxed parameter types). Nothing in a target is ever evaluated.
 */
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import type { Clock } from '../../../core/clock';
import { parseInvokeTarget, type ArgType, type ArgValue, type InvokeTarget } from './invoke-target';

/** The logger a handler and the scheduler write to (pino-compatible: Fastify's `app.log`). */
export interface JobLogger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export const silentLogger: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** What a handler receives when it runs. */
export interface TaskContext {
  /** The async store (issue 43), SQLite or PostgreSQL: what handlers read and write through (the SQLite backup takes its connection from it). */
  store: Store<Db>;
  clock: Clock;
  log: JobLogger;
  /** Folder the backup handler writes below (absolute). */
  dataDir: string;
  job: { jobId: number; jobName: string; jobGroup: string };
  /** The scheduled fire time (epoch ms); the click time for a manual run. */
  fireTime: number;
}

export interface TaskHandler {
  /** Declared parameter types, RuoYi's boxed Java names. */
  params: ArgType[];
  /** One line of help (Chinese) with an example target. */
  description: string;
  /** Extra rules on the argument values, checked at add/edit; returns an error sentence. */
  check?: (args: ArgValue[]) => string | undefined;
  /** Does the work; the returned text (if any) goes to the application log. Throws on failure. */
  run(ctx: TaskContext, args: ArgValue[]): unknown;
}

export type HandlerRegistry = ReadonlyMap<string, ReadonlyMap<string, TaskHandler>>;

/** Builds a registry from `{bean: {method: handler}}` (copied into Maps). */
export function makeRegistry(beans: Record<string, Record<string, TaskHandler>>): HandlerRegistry {
  return new Map(Object.entries(beans).map(([bean, methods]) => [bean, new Map(Object.entries(methods))]));
}

export const signature = (method: string, params: ArgType[]) => `${method}(${params.join(', ')})`;

export type Resolved =
  | { ok: true; target: InvokeTarget; handler: TaskHandler }
  | { ok: false; kind: 'whitelist' | 'args'; error: string };

/**
 * Resolves an invoke target against the registry. `kind: 'whitelist'` when it does not parse or
 * is not registered with these argument types (→ 目标字符串不在白名单内); `kind: 'args'` when
 * the handler's own `check` refuses the values.
 */
export function resolveTarget(registry: HandlerRegistry, text: string): Resolved {
  const parsed = parseInvokeTarget(text);
  if (!parsed.ok) return { ok: false, kind: 'whitelist', error: parsed.error };
  const { target } = parsed;
  if (target.classForm) return { ok: false, kind: 'whitelist', error: `不允许按类名调用 ${target.bean}` };
  const handler = registry.get(target.bean)?.get(target.method);
  if (!handler) return { ok: false, kind: 'whitelist', error: `未注册的任务 ${target.bean}.${target.method}` };
  const given = target.args.map((a) => a.type);
  if (given.length !== handler.params.length || given.some((t, i) => t !== handler.params[i])) {
    return {
      ok: false, kind: 'whitelist',
      error: `参数类型不符：需要 ${signature(target.method, handler.params)}，实际 ${signature(target.method, given)}`,
    };
  }
  const values = target.args.map((a) => a.value);
  const problem = handler.check?.(values);
  if (problem) return { ok: false, kind: 'args', error: problem };
  return { ok: true, target, handler };
}

/** `[{target: 'ryTask.ryParams(String)', description}]` of every registered handler. */
export function describeRegistry(registry: HandlerRegistry): { target: string; description: string }[] {
  const out: { target: string; description: string }[] = [];
  for (const [bean, methods] of registry) {
    for (const [method, h] of methods) out.push({ target: `${bean}.${signature(method, h.params)}`, description: h.description });
  }
  return out;
}
