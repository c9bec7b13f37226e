/**
 * Deploy-time checks on a normalised graph: every listener resolvable (a `class` or
 * `delegateExpression="${name}"` must be a registered handler), every service task resolvable
 * (a registered service handler, or an expression over registered beans), every expression
 * parses, a call activity names the process it calls. Errors name the element id and type
 * (AppError invalid); deploy throws the first, `engine.validate` collects them all (model/problems.ts).
 */
import { invalid } from '../../core/errors';
import { configGapMessage } from '../../../shared/bpmn/config-messages';
import { checkSyntax, hasExpression } from '../expression';
import type { EngineHandlers } from '../types';
import type { GraphNode, ListenerDef, ProcessGraph } from './graph';
import { Problems, bpmnType } from './problems';
import { checkEventGateway } from './event-gateway';

const own = (o: object | undefined, k: string) => !!o && Object.prototype.hasOwnProperty.call(o, k);

/** `${name}` → name (undefined for anything else). */
export function delegateName(text: string): string | undefined {
  return /^[$#]\{\s*([A-Za-z_]\w*)\s*\}$/.exec(text)?.[1];
}

function checkListener(l: ListenerDef, owner: string, type: string, handlers: EngineHandlers) {
  if (l.kind === 'expression') {
    check(l.value, owner, type);
  } else {
    let name = l.value;
    if (l.kind === 'delegateExpression') {
      const m = delegateName(l.value);
      if (!m) throw invalid(`部署失败: ${owner} (${type}) 的 delegateExpression 只支持 \${名称}: ${l.value}`);
      name = m;
    }
    if (!own(handlers.listeners, name)) throw invalid(`部署失败: ${owner} (${type}) 的监听器未注册: ${l.value}`);
  }
  for (const f of l.fields) if (f.expression !== undefined) check(f.expression, owner, type);
}

function check(text: string | undefined, owner: string, type: string) {
  if (!text || !hasExpression(text)) return;
  try {
    checkSyntax(text);
  } catch (e) {
    throw invalid(`部署失败: ${owner} (${type}) 的表达式无效 ${text}: ${(e as Error).message}`);
  }
}

/** A service task must resolve to a registered handler (class / delegateExpression) or registered beans (expression). */
function checkService(n: GraphNode, type: string, handlers: EngineHandlers) {
  const st = n.serviceTask!;
  const unregistered = () => invalid(`部署失败: ${n.id} (${type}) 的服务未注册: ${st.value}`);
  if (st.kind === 'expression') {
    check(st.value, n.id, type);
    // `${bean.method(…)}` / `${bean.property}`: the bean must be registered (or the execution facade).
    const root = /^[$#]\{\s*([A-Za-z_]\w*)\s*[.[]/.exec(st.value)?.[1];
    if (root && root !== 'execution' && !own(handlers.beans, root)) throw unregistered();
  } else {
    const name = st.kind === 'class' ? st.value : delegateName(st.value);
    if (!name) throw invalid(`部署失败: ${n.id} (${type}) 的 delegateExpression 只支持 \${名称}: ${st.value}`);
    if (!own(handlers.services, name)) throw unregistered();
    if (st.resultVariable) throw invalid(`部署失败: ${n.id} (${type}) 的 resultVariable 只用于 expression`);
  }
  for (const f of st.fields) if (f.expression !== undefined) check(f.expression, n.id, type);
}

const TASK_EVENTS = new Set(['create', 'assignment', 'complete', 'delete', 'all']);
const EXEC_EVENTS = new Set(['start', 'end']);

function lintNode(n: GraphNode, handlers: EngineHandlers) {
  const id = n.id;
  const type = bpmnType(n.type);
  for (const l of n.listeners) {
    if (!EXEC_EVENTS.has(l.event)) throw invalid(`部署失败: ${id} (${type}) 的执行监听器事件无效: ${l.event || '(空)'}`);
    checkListener(l, id, type, handlers);
  }
  if (hasExpression(n.name)) check(n.name, id, type);
  const ut = n.userTask;
  if (ut) {
    for (const l of ut.taskListeners) {
      if (!TASK_EVENTS.has(l.event)) throw invalid(`部署失败: ${id} (${type}) 的任务监听器事件无效: ${l.event || '(空)'}`);
      checkListener(l, id, type, handlers);
    }
    [ut.assignee, ut.formKey, ut.priority, ut.dueDate, ...ut.candidateUsers, ...ut.candidateGroups, ut.cc?.expression].forEach((t) => check(t, id, type));
  }
  const mi = n.multiInstance;
  if (mi) [mi.cardinality, mi.collection, mi.completionCondition].forEach((t) => check(t, id, type));
  if (n.type === 'parallelGateway' && n.defaultFlow) throw invalid(`部署失败: ${id} (${type}) 并行网关不能有默认连线`);
  if (n.serviceTask) checkService(n, type, handlers);
  const ca = n.callActivity;
  if (ca) {
    if (!ca.calledElement) throw invalid(`部署失败: ${configGapMessage('calledElement', { id, name: n.name })}`);
    check(ca.calledElement, id, type);
    check(ca.businessKey, id, type);
    for (const m of [...ca.in, ...ca.out]) check(m.sourceExpression, id, type);
  }
  if (n.event?.kind === 'timer') [n.event.timeDate, n.event.timeDuration, n.event.timeCycle].forEach((t) => check(t, id, type));
}

/** Checks the graph; deploy (default) throws the first problem, collect mode records every one. */
export function lintGraph(graph: ProcessGraph, handlers: EngineHandlers, problems = new Problems(false)) {
  problems.guard({ id: graph.key, name: graph.name, type: 'bpmn:Process' }, () => {
    for (const l of graph.listeners) {
      if (!EXEC_EVENTS.has(l.event)) throw invalid(`部署失败: ${graph.key} (bpmn:Process) 的执行监听器事件无效: ${l.event}`);
      checkListener(l, graph.key, 'bpmn:Process', handlers);
    }
  });
  for (const id of graph.order) {
    const n = graph.nodes[id];
    problems.guard({ id, name: n.name, type: bpmnType(n.type) }, () => { lintNode(n, handlers); if (n.type === 'eventBasedGateway') checkEventGateway(graph, n); });
  }
  for (const f of Object.values(graph.flows)) {
    problems.guard({ id: f.id, name: f.name, type: 'bpmn:SequenceFlow' }, () => {
      check(f.condition, f.id, 'bpmn:SequenceFlow');
      for (const l of f.listeners) checkListener(l, f.id, 'bpmn:SequenceFlow', handlers);
    });
  }
}
