/**
 * Whether a process graph has timer / message / signal events anywhere (catch, boundary, event
 * sub-process start, process start): computed once per graph object (a WeakMap). Instances of
 * other graphs never read or write wf_timer / wf_event_subscription (core.newCtx).
 */
import type { ProcessGraph } from './graph';

const flags = new WeakMap<ProcessGraph, boolean>();

export function graphHasEvents(graph: ProcessGraph): boolean {
  let f = flags.get(graph);
  if (f === undefined) {
    f = Object.values(graph.nodes).some((n) => n.event?.kind === 'timer' || n.event?.kind === 'message' || n.event?.kind === 'signal');
    flags.set(graph, f);
  }
  return f;
}
