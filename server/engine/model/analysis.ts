/**
 * Graph analyses the move commands and probes need (ruoyi-flowable.md §6):
 * - upstreamUserTasks: the user tasks immediately before a node, walking back through gateways,
 *   events and pass-through tasks (reject = "back one step");
 * - serialPredecessors: user tasks on EVERY path from the start to a node (dominators), i.e.
 *   RuoYi's returnList intersection of backward paths, ordered from the start;
 * - downstream: nodes reachable forward from a node (the tokens a move replaces);
 * - canReach: whether a token at one node can still reach another (inclusive join);
 * - nextUserTasks: the next user tasks from a node following flows whose condition holds.
 */
import type { GraphNode, ProcessGraph } from './graph';

export function upstreamUserTasks(graph: ProcessGraph, nodeId: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>([nodeId]);
  const stack = graph.nodes[nodeId].incoming.map((f) => graph.flows[f].source);
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const n = graph.nodes[id];
    if (n.type === 'userTask') { out.push(id); continue; }
    if (n.type === 'startEvent') continue;
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

/** Dominator sets from the start event (iterative data-flow; graphs are small). */
function dominators(graph: ProcessGraph): Map<string, Set<string>> {
  const all = graph.order;
  const dom = new Map<string, Set<string>>();
  for (const id of all) dom.set(id, id === graph.startId ? new Set([id]) : new Set(all));
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of all) {
      if (id === graph.startId) continue;
      const preds = graph.nodes[id].incoming.map((f) => graph.flows[f].source);
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
  const dist = new Map<string, number>([[graph.startId, 0]]);
  const queue = [graph.startId];
  while (queue.length) {
    const id = queue.shift()!;
    for (const f of graph.nodes[id].outgoing) {
      const t = graph.flows[f].target;
      if (!dist.has(t)) { dist.set(t, dist.get(id)! + 1); queue.push(t); }
    }
  }
  return dist;
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
 * User tasks reached next from `fromNodeId`'s outgoing flows, through gateways and pass-through
 * nodes; a conditional flow is followed only when `test(condition)` is true (errors count as false).
 */
export function nextUserTasks(graph: ProcessGraph, fromNodeId: string, test: (condition: string) => boolean): GraphNode[] {
  const out: GraphNode[] = [];
  const seen = new Set<string>();
  const walk = (nodeId: string) => {
    for (const fId of graph.nodes[nodeId].outgoing) {
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
      else if (t.type !== 'endEvent') walk(t.id);
    }
  };
  walk(fromNodeId);
  return out;
}
