/**
 * Graph analyses the move commands and probes need (ruoyi-flowable.md §6):
 * - upstreamUserTasks: the user tasks immediately before a node, walking back through gateways,
 *   events and pass-through tasks (reject = "back one step");
 * - allUpstreamUserTasks: every user task on some path back (退回 to any passed node, issue 16);
 * - serialPredecessors: user tasks on EVERY path from the start to a node (dominators), i.e.
 *   RuoYi's returnList intersection of backward paths, ordered from the start;
 * - downstream: nodes reachable forward from a node (the tokens a move replaces);
 * - canReach: whether a token at one node can still reach another (inclusive join);
 * - nextUserTasks: the next user tasks from a node following flows whose condition holds.
 * Embedded sub-processes: paths enter through the inner none start and leave through the inner
 * none end events (upstream, downstream, next user tasks, dominators).
 */
import type { GraphNode, ProcessGraph } from './graph';

export function upstreamUserTasks(graph: ProcessGraph, nodeId: string): string[] {
  return walkUpstream(graph, nodeId, false);
}

/**
 * Every user task on some backward path from `nodeId` (not only the nearest ones), with the same
 * sub-process rules as upstreamUserTasks: the candidates of 退回 to any passed node (issue 16).
 */
export function allUpstreamUserTasks(graph: ProcessGraph, nodeId: string): string[] {
  return walkUpstream(graph, nodeId, true);
}

function walkUpstream(graph: ProcessGraph, nodeId: string, throughTasks: boolean): string[] {
  const out: string[] = [];
  const seen = new Set<string>([nodeId]);
  const stack = graph.nodes[nodeId].incoming.map((f) => graph.flows[f].source);
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const n = graph.nodes[id];
    if (n.type === 'userTask') {
      out.push(id);
      if (!throughTasks) continue;
    }
    if (n.type === 'startEvent') {
      // The none start of an embedded sub-process: back out of the scope through the sub-process's incoming flows.
      const sp = n.parent ? graph.nodes[n.parent] : undefined;
      if (sp && !sp.subProcess?.triggeredByEvent) for (const f of sp.incoming) stack.push(graph.flows[f].source);
      continue;
    }
    if (n.type === 'subProcess' && !n.subProcess?.triggeredByEvent) {
      // Back into an embedded sub-process: from its end events.
      for (const c of n.subProcess?.children ?? []) if (graph.nodes[c].type === 'endEvent') stack.push(c);
      continue;
    }
    for (const f of n.incoming) stack.push(graph.flows[f].source);
  }
  return out;
}

export function downstream(graph: ProcessGraph, nodeId: string, includeSelf = true): Set<string> {
  const seen = new Set<string>();
  const stack = [nodeId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const f of graph.nodes[id].outgoing) stack.push(graph.flows[f].target);
    for (const next of scopeExit(graph, id)) stack.push(next);
  }
  if (!includeSelf && !reachesItself(graph, nodeId)) seen.delete(nodeId);
  return seen;
}

const reachCache = new WeakMap<ProcessGraph, Map<string, Set<string>>>();

/**
 * True when a path of sequence flows leads from node `from` to node `to` (`from !== to`; for
 * `from === to`, whether the node lies on a cycle). Flowable ExecutionGraphUtil.isReachable, used by
 * the inclusive join to decide whether another token can still arrive. Memoised per graph.
 */
export function canReach(graph: ProcessGraph, from: string, to: string): boolean {
  if (!graph.nodes[from]) return false;
  let perGraph = reachCache.get(graph);
  if (!perGraph) reachCache.set(graph, (perGraph = new Map()));
  let set = perGraph.get(from);
  if (!set) perGraph.set(from, (set = downstream(graph, from, false)));
  return set.has(to);
}

/**
 * Where a path continues when it reaches a node without outgoing flows inside an embedded
 * sub-process (an inner end event): the sub-process's outgoing targets (the scope completes).
 */
function scopeExit(graph: ProcessGraph, id: string): string[] {
  const n = graph.nodes[id];
  if (n.outgoing.length || !n.parent || n.type === 'boundaryEvent') return [];
  const sp = graph.nodes[n.parent];
  if (!sp || sp.subProcess?.triggeredByEvent) return [];
  return sp.outgoing.map((f) => graph.flows[f].target);
}

/** Flow predecessors, plus the sub-process for the none start of an embedded sub-process (dominators, distances). */
function predecessors(graph: ProcessGraph, id: string): string[] {
  const n = graph.nodes[id];
  const preds = n.incoming.map((f) => graph.flows[f].source);
  if (n.type === 'startEvent' && n.parent && graph.nodes[n.parent].subProcess?.startId === id) preds.push(n.parent);
  return preds;
}

function reachesItself(graph: ProcessGraph, nodeId: string): boolean {
  const seen = new Set<string>();
  const stack = graph.nodes[nodeId].outgoing.map((f) => graph.flows[f].target);
  while (stack.length) {
    const id = stack.pop()!;
    if (id === nodeId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const f of graph.nodes[id].outgoing) stack.push(graph.flows[f].target);
  }
  return false;
}

/** The process-level start events: the none start and the timer / message / signal starts. */
function processStarts(graph: ProcessGraph): Set<string> {
  return new Set([graph.startId, ...(graph.eventStartIds ?? [])].filter((id) => !!id && graph.nodes[id]));
}

/** Dominator sets from the start event (iterative data-flow; graphs are small). */
function dominators(graph: ProcessGraph): Map<string, Set<string>> {
  const all = graph.order;
  const dom = new Map<string, Set<string>>();
  const roots = processStarts(graph);
  for (const id of all) dom.set(id, roots.has(id) ? new Set([id]) : new Set(all));
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of all) {
      if (roots.has(id)) continue;
      const preds = predecessors(graph, id);
      let inter = null as Set<string> | null;
      for (const p of preds) {
        const d = dom.get(p)!;
        inter = inter === null ? new Set(d) : new Set([...inter].filter((x) => d.has(x)));
      }
      const next = new Set(inter ?? []);
      next.add(id);
      const cur = dom.get(id)!;
      if (next.size !== cur.size || [...next].some((x) => !cur.has(x))) { dom.set(id, next); changed = true; }
    }
  }
  return dom;
}

/** Breadth-first distance from the start (ordering of return targets). */
function distances(graph: ProcessGraph): Map<string, number> {
  const queue = [...processStarts(graph)];
  const dist = new Map<string, number>(queue.map((id) => [id, 0]));
  while (queue.length) {
    const id = queue.shift()!;
    const n = graph.nodes[id];
    const next = n.outgoing.map((f) => graph.flows[f].target);
    if (n.subProcess?.startId) next.push(n.subProcess.startId);
    for (const t of next) if (!dist.has(t)) { dist.set(t, dist.get(id)! + 1); queue.push(t); }
  }
  return dist;
}

/** `ids` ordered by breadth-first distance from the start (ties: document order). */
export function orderFromStart(graph: ProcessGraph, ids: Iterable<string>): string[] {
  const dist = distances(graph);
  const pos = new Map(graph.order.map((id, i) => [id, i]));
  return [...ids].sort((a, b) => (dist.get(a) ?? 0) - (dist.get(b) ?? 0) || (pos.get(a) ?? 0) - (pos.get(b) ?? 0));
}

export function serialPredecessors(graph: ProcessGraph, nodeId: string): GraphNode[] {
  const dom = dominators(graph).get(nodeId) ?? new Set<string>();
  const dist = distances(graph);
  return [...dom]
    .filter((id) => id !== nodeId && graph.nodes[id].type === 'userTask')
    .sort((a, b) => (dist.get(a) ?? 0) - (dist.get(b) ?? 0))
    .map((id) => graph.nodes[id]);
}

/**
 * User tasks reached next from `fromNodeId`'s outgoing flows (RuoYi's next-node probe); a
 * conditional flow is followed only when `test(condition)` is true (errors count as false), at
 * exclusive and inclusive gateways alike. Walks through gateways, service / plain / manual tasks
 * and throw events; into an embedded sub-process (its inner none start); out of one when the path
 * ends inside it (none or terminate end, or a node without outgoing flows: the scope completes and
 * leaves through the sub-process's outgoing flows, outward through nested scopes). Stops without a
 * user task at intermediate catch events, receive tasks and call activities (a wait, or a task of
 * another process). Boundary events and event sub-processes are never followed.
 */
export function nextUserTasks(graph: ProcessGraph, fromNodeId: string, test: (condition: string) => boolean): GraphNode[] {
  const out: GraphNode[] = [];
  const seen = new Set<string>();
  if (!graph.nodes[fromNodeId]) return out;
  const STOP = new Set(['intermediateCatchEvent', 'receiveTask', 'callActivity', 'boundaryEvent']);
  const leaveScope = (n: GraphNode) => {
    const sp = n.parent ? graph.nodes[n.parent] : undefined;
    if (sp?.subProcess && !sp.subProcess.triggeredByEvent) walk(sp.id);
  };
  const walk = (nodeId: string) => {
    const node = graph.nodes[nodeId];
    if (!node.outgoing.length && node.type !== 'endEvent') leaveScope(node);
    for (const fId of node.outgoing) {
      const f = graph.flows[fId];
      if (f.condition) {
        let ok = false;
        try { ok = test(f.condition); } catch { ok = false; }
        if (!ok) continue;
      }
      const t = graph.nodes[f.target];
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      if (t.type === 'userTask') out.push(t);
      else if (STOP.has(t.type)) continue;
      else if (t.subProcess?.startId) walk(t.subProcess.startId); // into an embedded sub-process
      else if (t.type !== 'endEvent') walk(t.id);
      else if (!t.event || t.event.kind === 'terminate') leaveScope(t); // out through its end
    }
  };
  walk(fromNodeId);
  return out;
}
