/**
 * Listener dispatch (bpmn-engines.md §2.3): execution listeners (start, end, take) and task
 * listeners (create, assignment, complete, delete; `all` matches every task event). `class` and
 * `delegateExpression="${name}"` call handlers registered in TypeScript; `expression` is
 * evaluated with `execution` and `task` facades. Field values: literal strings, or expressions
 * evaluated when the listener runs.
 */
import type { ListenerDef } from '../model/graph';
import { isReplayDb } from '../store/replay-db';
import type { ExecutionRow, TaskRow } from '../store/rows';
import { evaluate, Facade } from '../expression';
import type { ExecutionApi, ListenerContext, TaskApi } from '../types';
import { expressionScope, lookupVar, scopeChain, setVar, visibleVars, type Ctx } from './context';

/**
 * What `task.setAssignee(u)` in a task listener does: task-ops' touchTaskAssignee, passed in by
 * the caller so this module does not import task-ops back (task-ops fires the listeners).
 */
export type AssignTask = (ctx: Ctx, task: TaskRow, userId: string | null) => void;

/** Handler name of a class / delegateExpression listener (`${name}` → name). */
export function handlerName(l: ListenerDef): string {
  if (l.kind === 'delegateExpression') {
    const m = /^[$#]\{\s*([A-Za-z_][\w]*)\s*\}$/.exec(l.value);
    return m ? m[1] : l.value;
  }
  return l.value;
}

export function executionApi(ctx: Ctx, exec: ExecutionRow | null, eventName: string): ExecutionApi {
  const chain = scopeChain(ctx, exec);
  return {
    id: exec?.id ?? ctx.uow.instance.id,
    processInstanceId: ctx.uow.instance.id,
    processDefinitionId: ctx.def.id,
    processInstanceBusinessKey: ctx.uow.instance.businessKey,
    currentActivityId: exec?.activityId ?? null,
    eventName,
    getVariable: (n) => lookupVar(ctx, chain, n).value ?? null,
    getVariableLocal: (n) => ctx.uow.vars.get(chain[0])?.get(n)?.value ?? null,
    hasVariable: (n) => lookupVar(ctx, chain, n).found,
    getVariables: () => visibleVars(ctx, chain),
    setVariable: (n, v) => setVar(ctx, chain, n, v),
    setVariableLocal: (n, v) => ctx.uow.setVar(chain[0], n, v),
  };
}

export function taskApi(ctx: Ctx, task: TaskRow, eventName: string, assign: AssignTask): TaskApi {
  const exec = ctx.uow.executions.get(task.executionId) ?? null;
  const chain = scopeChain(ctx, exec, task);
  const execChain = chain.slice(1);
  return {
    id: task.id, name: task.name, taskDefinitionKey: task.taskDefKey, assignee: task.assignee, owner: task.owner,
    description: task.description, priority: task.priority, processInstanceId: task.instanceId, executionId: task.executionId,
    eventName,
    getVariable: (n) => lookupVar(ctx, chain, n).value ?? null,
    setVariable: (n, v) => setVar(ctx, execChain, n, v),
    getVariableLocal: (n) => ctx.uow.vars.get(task.id)?.get(n)?.value ?? null,
    setVariableLocal: (n, v) => ctx.uow.setVar(task.id, n, v),
    setDescription: (t) => { task.description = t; ctx.uow.touchTask(task); },
    setAssignee: (u) => assign(ctx, task, u),
    addCandidateUser: (u) => { ctx.uow.linksOf(task.id).users.push(u); },
    addCandidateGroup: (g) => { ctx.uow.linksOf(task.id).groups.push(g); },
  };
}

export function executionFacade(api: ExecutionApi): Facade {
  return new Facade('execution', {
    id: () => api.id, eventName: () => api.eventName, processInstanceId: () => api.processInstanceId,
    processDefinitionId: () => api.processDefinitionId, currentActivityId: () => api.currentActivityId,
    processInstanceBusinessKey: () => api.processInstanceBusinessKey,
  }, {
    getVariable: (n) => api.getVariable(String(n)), getVariableLocal: (n) => api.getVariableLocal(String(n)),
    hasVariable: (n) => api.hasVariable(String(n)), setVariable: (n, v) => { api.setVariable(String(n), v); return null; },
    setVariableLocal: (n, v) => { api.setVariableLocal(String(n), v); return null; },
    getEventName: () => api.eventName, getId: () => api.id, getProcessInstanceId: () => api.processInstanceId,
  });
}

function taskFacade(api: TaskApi): Facade {
  return new Facade('task', {
    id: () => api.id, name: () => api.name, assignee: () => api.assignee, owner: () => api.owner, description: () => api.description,
    taskDefinitionKey: () => api.taskDefinitionKey, eventName: () => api.eventName, priority: () => api.priority,
    processInstanceId: () => api.processInstanceId, executionId: () => api.executionId,
  }, {
    getVariable: (n) => api.getVariable(String(n)), setVariable: (n, v) => { api.setVariable(String(n), v); return null; },
    getVariableLocal: (n) => api.getVariableLocal(String(n)), setVariableLocal: (n, v) => { api.setVariableLocal(String(n), v); return null; },
    setDescription: (t) => { api.setDescription(String(t)); return null; }, getName: () => api.name, getAssignee: () => api.assignee,
    getId: () => api.id, getEventName: () => api.eventName,
  });
}

function invoke(ctx: Ctx, l: ListenerDef, execution: ExecutionApi, task: TaskApi | undefined, chain: string[], eventName: string) {
  const facades: Record<string, unknown> = { execution: executionFacade(execution) };
  if (task) facades.task = taskFacade(task);
  const scope = expressionScope(ctx, chain, facades);
  if (l.kind === 'expression') {
    evaluate(l.value, scope);
    return;
  }
  const handler = ctx.handlers.listeners?.[handlerName(l)];
  if (!handler) throw new Error(`监听器未注册: ${l.value}`);
  const fields: Record<string, unknown> = {};
  for (const f of l.fields) fields[f.name] = f.expression !== undefined ? evaluate(f.expression, scope) : f.stringValue;
  const listener = { kind: l.kind, value: l.value };
  const run = ([e, t]: [ExecutionApi, TaskApi | undefined]) => handler({ eventName, execution: e, task: t, fields, listener } satisfies ListenerContext);
  const db: unknown = ctx.uow.db;
  if (isReplayDb(db)) db.once([execution, task], run);
  else run([execution, task]);
}

/** Expression scope of a token: its variables, then `execution` (facade), then beans. */
export function tokenScope(ctx: Ctx, exec: ExecutionRow | null, eventName = '') {
  const chain = scopeChain(ctx, exec);
  let facade: Facade | undefined;
  return expressionScope(ctx, chain, {
    get execution() { return (facade ??= executionFacade(executionApi(ctx, exec, eventName))); },
  });
}

/** Fires the execution listeners of `listeners` matching `event` (take listeners: all). */
export function fireExecutionListeners(ctx: Ctx, exec: ExecutionRow | null, listeners: ListenerDef[], event: 'start' | 'end' | 'take') {
  if (!listeners.length) return;
  for (const l of listeners) {
    if (event !== 'take' && l.event !== event) continue;
    const api = executionApi(ctx, exec, event);
    invoke(ctx, l, api, undefined, scopeChain(ctx, exec), event);
  }
}

/** Fires the task listeners matching `event` (or `all`); `assign` backs the task facade's setAssignee. */
export function fireTaskListeners(ctx: Ctx, task: TaskRow, listeners: ListenerDef[], event: 'create' | 'assignment' | 'complete' | 'delete', assign: AssignTask) {
  if (!listeners.length) return;
  for (const l of listeners) {
    if (l.event !== event && l.event !== 'all') continue;
    const exec = ctx.uow.executions.get(task.executionId) ?? null;
    invoke(ctx, l, executionApi(ctx, exec, event), taskApi(ctx, task, event, assign), scopeChain(ctx, exec, task), event);
  }
}
