/**
 * Deploy-time checks on a normalised graph: every listener resolvable (a `class` or
 * `delegateExpression="${name}"` must be a registered handler), every expression parses.
 * Errors name the element id and type (AppError 500).
 */
import { fail } from '../../core/errors';
import { checkSyntax, hasExpression } from '../expression';
import type { EngineHandlers } from '../types';
import type { ListenerDef, ProcessGraph } from './graph';

function checkListener(l: ListenerDef, owner: string, type: string, handlers: EngineHandlers) {
  if (l.kind === 'expression') {
    check(l.value, owner, type);
  } else {
    let name = l.value;
    if (l.kind === 'delegateExpression') {
      const m = /^[$#]\{\s*([A-Za-z_]\w*)\s*\}$/.exec(l.value);
      if (!m) throw fail(`部署失败: ${owner} (${type}) 的 delegateExpression 只支持 \${名称}: ${l.value}`);
      name = m[1];
    }
    if (!handlers.listeners || !Object.prototype.hasOwnProperty.call(handlers.listeners, name)) {
      throw fail(`部署失败: ${owner} (${type}) 的监听器未注册: ${l.value}`);
    }
  }
  for (const f of l.fields) if (f.expression !== undefined) check(f.expression, owner, type);
}

function check(text: string | undefined, owner: string, type: string) {
  if (!text || !hasExpression(text)) return;
  try {
    checkSyntax(text);
  } catch (e) {
    throw fail(`部署失败: ${owner} (${type}) 的表达式无效 ${text}: ${(e as Error).message}`);
  }
}

const TASK_EVENTS = new Set(['create', 'assignment', 'complete', 'delete', 'all']);
const EXEC_EVENTS = new Set(['start', 'end']);

/** Throws on the first problem found. */
export function lintGraph(graph: ProcessGraph, handlers: EngineHandlers) {
  for (const l of graph.listeners) {
    if (!EXEC_EVENTS.has(l.event)) throw fail(`部署失败: ${graph.key} (bpmn:Process) 的执行监听器事件无效: ${l.event}`);
    checkListener(l, graph.key, 'bpmn:Process', handlers);
  }
  for (const id of graph.order) {
    const n = graph.nodes[id];
    const type = `bpmn:${n.type[0].toUpperCase()}${n.type.slice(1)}`;
    for (const l of n.listeners) {
      if (!EXEC_EVENTS.has(l.event)) throw fail(`部署失败: ${id} (${type}) 的执行监听器事件无效: ${l.event || '(空)'}`);
      checkListener(l, id, type, handlers);
    }
    if (hasExpression(n.name)) check(n.name, id, type);
    const ut = n.userTask;
    if (ut) {
      for (const l of ut.taskListeners) {
        if (!TASK_EVENTS.has(l.event)) throw fail(`部署失败: ${id} (${type}) 的任务监听器事件无效: ${l.event || '(空)'}`);
        checkListener(l, id, type, handlers);
      }
      [ut.assignee, ut.formKey, ut.priority, ut.dueDate, ...ut.candidateUsers, ...ut.candidateGroups].forEach((t) => check(t, id, type));
    }
    const mi = n.multiInstance;
    if (mi) [mi.cardinality, mi.collection, mi.completionCondition].forEach((t) => check(t, id, type));
    if (n.type === 'parallelGateway' && n.defaultFlow) throw fail(`部署失败: ${id} (${type}) 并行网关不能有默认连线`);
  }
  for (const f of Object.values(graph.flows)) {
    check(f.condition, f.id, 'bpmn:SequenceFlow');
    for (const l of f.listeners) checkListener(l, f.id, 'bpmn:SequenceFlow', handlers);
  }
}
