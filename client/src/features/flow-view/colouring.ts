/**
 * Diagram colouring (workflow spec §4 "Diagram colouring"; reference §6 "Diagram data", the rules
 * of RuoYi's flowview.vue `fillColor`). Pure: takes the diagram's flow nodes with their outgoing
 * sequence flows and the engine's nodeData, answers the markers to add (`highlight` = done,
 * `highlight-todo` = to-do). The same element may receive both markers, as upstream's
 * `canvas.addMarker` calls do.
 */

/** One entry of `flowXmlAndNode.nodeData` (spec §3 "Flow diagram data"). */
export interface NodeDatum {
  key: string;
  completed: boolean;
}

/** A flow node of the diagram: BPMN type (`bpmn:UserTask`…) and its outgoing sequence flows. */
export interface DiagramNode {
  id: string;
  type: string;
  outgoing: { id: string; targetId: string }[];
  /** True for a node inside a sub-process (its end events are coloured when reached). */
  inScope?: boolean;
}

/**
 * Nodes coloured like gateways (own completion; outgoing flows and targets by the target's):
 * the elements of issue 13 (sub-processes, call activities, service / plain / receive tasks,
 * catch / throw events, boundary events that fired) and inclusive gateways.
 */
const GATEWAY_LIKE = new Set([
  'bpmn:ExclusiveGateway', 'bpmn:ParallelGateway', 'bpmn:InclusiveGateway', 'bpmn:SubProcess', 'bpmn:CallActivity',
  'bpmn:ServiceTask', 'bpmn:Task', 'bpmn:ManualTask', 'bpmn:ReceiveTask', 'bpmn:IntermediateCatchEvent',
  'bpmn:IntermediateThrowEvent', 'bpmn:BoundaryEvent',
]);

export type DiagramMarker = 'highlight' | 'highlight-todo';

export interface MarkerEntry {
  id: string;
  marker: DiagramMarker;
}

const markerOf = (completed: boolean): DiagramMarker => (completed ? 'highlight' : 'highlight-todo');

/**
 * The markers of spec §4 "Diagram colouring":
 * - user task in nodeData → marked by its own completion; its outgoing flows and their targets
 *   (when the target is in nodeData) by the target's completion — when the task is the current
 *   to-do (the first uncompleted entry), they are marked to-do;
 * - exclusive and parallel gateways: the same, always by the target's completion; so are the
 *   inclusive gateways, sub-processes, call activities, service / plain / receive tasks, catch /
 *   throw events and (fired) boundary events (GATEWAY_LIKE);
 * - start event and its outgoing flow → done when the flow's target is in nodeData (a
 *   sub-process's inner start too);
 * - end event → done only when it is the last nodeData entry and completed; an end event inside a
 *   sub-process (`inScope`) whenever its entry is completed.
 */
export function diagramMarkers(nodes: DiagramNode[], nodeData: NodeDatum[] | null | undefined): MarkerEntry[] {
  const data = nodeData ?? [];
  if (!data.length) return [];
  const find = (key: string) => data.find((d) => d.key === key);
  const todo = data.find((d) => !d.completed);
  const last = data[data.length - 1];
  const out: MarkerEntry[] = [];
  const add = (id: string, marker: DiagramMarker) => out.push({ id, marker });

  for (const n of nodes) {
    const self = find(n.id);
    if (n.type === 'bpmn:UserTask') {
      if (!self) continue;
      add(n.id, markerOf(self.completed));
      const isTodo = !!todo && todo.key === self.key;
      for (const flow of n.outgoing) {
        const target = find(flow.targetId);
        if (!target) continue;
        const m = isTodo ? 'highlight-todo' : markerOf(target.completed);
        add(flow.id, m);
        add(flow.targetId, m);
      }
    } else if (GATEWAY_LIKE.has(n.type)) {
      if (!self) continue;
      add(n.id, markerOf(self.completed));
      for (const flow of n.outgoing) {
        const target = find(flow.targetId);
        if (!target) continue;
        add(flow.id, markerOf(target.completed));
        add(flow.targetId, markerOf(target.completed));
      }
    } else if (n.type === 'bpmn:StartEvent') {
      const flow = n.outgoing.find((f) => find(f.targetId));
      if (flow) {
        add(flow.id, 'highlight');
        add(n.id, 'highlight');
      }
    } else if (n.type === 'bpmn:EndEvent') {
      if ((last.key === n.id && last.completed) || (n.inScope && self?.completed)) add(n.id, 'highlight');
    }
  }
  return out;
}
