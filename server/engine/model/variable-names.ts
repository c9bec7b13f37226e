/**
 * The process-variable names a deployed model itself reads and the names the engine owns (issue 38
 * §4: a request may set only the fields of the form in force plus the variables the model reads;
 * names the engine owns are never writable by a request). Pure over the normalised graph
 * (model/graph.ts), cached per graph object (graphs are immutable).
 *
 * - Read: the root identifiers of every expression of the model: sequence-flow conditions, user
 *   task assignee / candidate users / candidate groups / due date / priority / 抄送 expression,
 *   multi-instance collection (an expression, or a plain variable name) / loopCardinality /
 *   completionCondition, listener and service-task expressions and their field expressions, timer
 *   texts, call-activity called element / business key / `flowable:in` sources. In `${a.b > 1}`
 *   only `a` is read; method names and member names are not variables.
 * - Owned: `INITIATOR` and each start event's `flowable:initiator` name, `nrOfInstances`,
 *   `nrOfCompletedInstances`, `nrOfActiveInstances` (any `nrOf…` name), `loopCounter` and each
 *   multi-instance's element / element-index variable, `miCollection` (加签 / 减签 order), the
 *   facade names `execution` and `task`, a service task's `resultVariable` and injected field
 *   names (the built-in setVariables service writes them), call-activity `flowable:out` targets,
 *   and any name starting with `__`. An owned name is owned even when the model also reads it.
 */
import { compileCached, type AstNode } from '../expression/parser';
import type { ListenerDef, ProcessGraph } from './graph';

/** Names the engine sets itself in every process (runtime/start.ts, multi-instance.ts, sign-commands.ts, listeners.ts). */
export const ENGINE_OWNED_NAMES: ReadonlySet<string> = new Set([
  'INITIATOR', 'nrOfInstances', 'nrOfCompletedInstances', 'nrOfActiveInstances', 'loopCounter', 'miCollection', 'execution', 'task',
]);

/** True for a name no request may write in any process: ENGINE_OWNED_NAMES, `nrOf…` and `__…` names. */
export function isEngineOwnedName(name: string): boolean {
  return ENGINE_OWNED_NAMES.has(name) || name.startsWith('__') || name.startsWith('nrOf');
}

/** What one model reads and owns (see the file comment). */
export interface ModelVariableNames {
  reads: ReadonlySet<string>;
  owned: ReadonlySet<string>;
}

/** The root identifiers of an expression AST (not member names, not method names). */
function rootIdentifiers(node: AstNode, out: Set<string>): void {
  const stack: AstNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (!n || typeof n !== 'object') continue;
    if (n.type === 'Identifier') {
      out.add(String(n.name));
      continue;
    }
    if (n.type === 'MemberExpression') {
      stack.push(n.object as AstNode);
      if (n.computed) stack.push(n.property as AstNode);
      continue;
    }
    for (const v of Object.values(n)) {
      if (Array.isArray(v)) for (const c of v) { if (c && typeof c === 'object' && 'type' in c) stack.push(c as AstNode); }
      else if (v && typeof v === 'object' && 'type' in (v as object)) stack.push(v as AstNode);
    }
  }
}

/** Adds the identifiers `text` reads (`${…}` / `#{…}` parts; plain text reads nothing; bad syntax is ignored, deploy refused it). */
export function addExpressionReads(text: string | undefined | null, out: Set<string>): void {
  if (!text || !/[$#]\{/.test(text)) return;
  try {
    for (const p of compileCached(text).parts) if (typeof p !== 'string') rootIdentifiers(p.ast, out);
  } catch {
    // a text the deploy accepted always parses; nothing to add otherwise
  }
}

function listenerReads(list: ListenerDef[] | undefined, out: Set<string>): void {
  for (const l of list ?? []) {
    if (l.kind !== 'class') addExpressionReads(l.value, out);
    for (const f of l.fields) addExpressionReads(f.expression, out);
  }
}

const cache = new WeakMap<ProcessGraph, ModelVariableNames>();

/** The names `graph` reads and owns (see the file comment); cached per graph object. */
export function modelVariableNames(graph: ProcessGraph): ModelVariableNames {
  const hit = cache.get(graph);
  if (hit) return hit;
  const reads = new Set<string>();
  const owned = new Set<string>(ENGINE_OWNED_NAMES);
  listenerReads(graph.listeners, reads);
  for (const flow of Object.values(graph.flows)) {
    addExpressionReads(flow.condition, reads);
    listenerReads(flow.listeners, reads);
  }
  for (const node of Object.values(graph.nodes)) {
    listenerReads(node.listeners, reads);
    if (node.initiator) owned.add(node.initiator);
    const ut = node.userTask;
    if (ut) {
      for (const t of [ut.assignee, ut.dueDate, ut.priority, ut.cc?.expression, ...ut.candidateUsers, ...ut.candidateGroups]) addExpressionReads(t, reads);
      listenerReads(ut.taskListeners, reads);
    }
    const mi = node.multiInstance;
    if (mi) {
      if (mi.collection && !/[$#]\{/.test(mi.collection)) reads.add(mi.collection.trim());
      else addExpressionReads(mi.collection, reads);
      addExpressionReads(mi.cardinality, reads);
      addExpressionReads(mi.completionCondition, reads);
      owned.add(mi.elementIndexVariable);
      if (mi.elementVariable) owned.add(mi.elementVariable);
    }
    if (node.event?.kind === 'timer') for (const t of [node.event.timeDate, node.event.timeDuration, node.event.timeCycle]) addExpressionReads(t, reads);
    const st = node.serviceTask;
    if (st) {
      if (st.kind !== 'class') addExpressionReads(st.value, reads);
      if (st.resultVariable) owned.add(st.resultVariable);
      for (const f of st.fields) {
        addExpressionReads(f.expression, reads);
        if (f.name) owned.add(f.name);
      }
    }
    const ca = node.callActivity;
    if (ca) {
      addExpressionReads(ca.calledElement, reads);
      addExpressionReads(ca.businessKey, reads);
      for (const m of ca.in) {
        if (m.source) reads.add(m.source);
        addExpressionReads(m.sourceExpression, reads);
      }
      for (const m of ca.out) owned.add(m.target);
    }
  }
  const names: ModelVariableNames = { reads, owned };
  cache.set(graph, names);
  return names;
}

/**
 * The names the `flowable:out` mappings of call activity `activityId` of `graph` read from the
 * instance it calls (sources and their expressions' identifiers); empty for any other node.
 */
export function outMappingReads(graph: ProcessGraph, activityId: string): Set<string> {
  const out = new Set<string>();
  for (const m of graph.nodes[activityId]?.callActivity?.out ?? []) {
    if (m.source) out.add(m.source);
    addExpressionReads(m.sourceExpression, out);
  }
  return out;
}

/** True when a request may write `name` in a process of `graph` that is not a form field: the model (or `alsoRead`: a caller's out mappings) reads it and the engine does not own it. */
export function isModelInput(graph: ProcessGraph, name: string, alsoRead?: ReadonlySet<string>): boolean {
  const n = modelVariableNames(graph);
  return (n.reads.has(name) || !!alsoRead?.has(name)) && !n.owned.has(name) && !isEngineOwnedName(name);
}

/** True when no request may write `name` in a process of `graph` (owned by the engine, form field or not). */
export function isOwnedName(graph: ProcessGraph, name: string): boolean {
  return isEngineOwnedName(name) || modelVariableNames(graph).owned.has(name);
}
