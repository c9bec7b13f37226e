/**
 * The workflow listeners this product registers with the engine, by name (design.md "Listeners":
 * `class` / `delegateExpression` resolve to handlers registered in TypeScript by name). Named in
 * the style of the job invoke targets' owners (`ryTask`, `logTask`): `caishui.listener.<Name>`.
 *
 * Like upstream's `UserTaskListener` / `FlowExecutionListener` / `FlowEndListener` they are hooks
 * with no effect on the process: a model may reference them, deploy and run. The listener library
 * (流程监听) is seeded from BUILTIN_LISTENERS so the designer offers only names that deploy: buildApp
 * (server/app.ts) hands them, listed by the flowable manifest (../index.ts `listeners`), to the
 * seed (server/db/seed/workflow.ts `SeedListener`), which imports no module.
 *
 * Models imported from RuoYi-flowable name the Java classes `com.ruoyi.flowable.listener.*`;
 * LEGACY_LISTENER_ALIASES registers those names for the same handlers so such models still deploy.
 * The aliases are never seeded.
 *
 * Part of the flowable module (issue 42 "the built-in listeners in the flowable manifest"; they
 * lived in server/core before, which made core import the engine).
 */
import type { EngineHandlers, ListenerHandler } from '../../../engine';

/** One built-in listener: the library row the seed writes plus the handler registered under `value`. */
export interface BuiltinListener {
  /** Library display name (sys_listener.name). */
  name: string;
  /** sys_listener.type: '1' task listener, '2' execution listener. */
  type: '1' | '2';
  /** Default event: create/assignment/complete/delete (task) or start/end/take (execution). */
  eventType: string;
  valueType: 'classListener';
  /** The class name the model writes (`flowable:class`) and the handler is registered under. */
  value: string;
  /** What the handler does (shown as the library row's remark). */
  remark: string;
  handler: ListenerHandler;
}

/** A hook with no effect of its own (upstream's demo listeners only print a line). */
const hook: ListenerHandler = () => {};

/** The listeners this product registers and seeds, in library order. */
export const BUILTIN_LISTENERS: readonly BuiltinListener[] = [
  { name: '用户任务监听器', type: '1', eventType: 'create', valueType: 'classListener', value: 'caishui.listener.UserTaskListener', remark: '内置监听器：任务事件钩子，不改变流程', handler: hook },
  { name: '执行监听器', type: '2', eventType: 'start', valueType: 'classListener', value: 'caishui.listener.FlowExecutionListener', remark: '内置监听器：执行事件钩子，不改变流程', handler: hook },
  { name: '流程结束监听器', type: '2', eventType: 'end', valueType: 'classListener', value: 'caishui.listener.FlowEndListener', remark: '内置监听器：流程结束钩子，不改变流程', handler: hook },
];

/**
 * Old RuoYi-flowable Java class names → the registered name that handles them. `FlowTaskListener`
 * is the task listener of upstream's PRE-VFORM dump (reference "Seed rows").
 */
export const LEGACY_LISTENER_ALIASES: Readonly<Record<string, string>> = {
  'com.ruoyi.flowable.listener.UserTaskListener': 'caishui.listener.UserTaskListener',
  'com.ruoyi.flowable.listener.FlowTaskListener': 'caishui.listener.UserTaskListener',
  'com.ruoyi.flowable.listener.FlowExecutionListener': 'caishui.listener.FlowExecutionListener',
  'com.ruoyi.flowable.listener.FlowEndListener': 'caishui.listener.FlowEndListener',
};

/**
 * The engine's listener registry: every BUILTIN_LISTENERS value, plus each legacy alias bound to
 * the handler of the name it stands for. Throws when an alias names no built-in listener.
 */
export function workflowListenerRegistry(): NonNullable<EngineHandlers['listeners']> {
  const registry: Record<string, ListenerHandler> = {};
  for (const l of BUILTIN_LISTENERS) registry[l.value] = l.handler;
  for (const [alias, target] of Object.entries(LEGACY_LISTENER_ALIASES)) {
    const handler = registry[target];
    if (!handler) throw new Error(`listener alias ${alias} names no built-in listener: ${target}`);
    registry[alias] = handler;
  }
  return registry;
}
