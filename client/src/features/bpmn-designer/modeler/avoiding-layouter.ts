/**
 * The designer's layouter (issue 40 item 5: a new flow drawn from the context pad was routed
 * through a task box): bpmn-js's BpmnLayouter, whose manhattan route is kept whenever it passes
 * through no other shape; otherwise the sequence flow goes around the shapes in the way
 * (route-around.ts `detour`, the shortest clear route above / below / left / right). Replaces
 * bpmn-js's `layouter` service (same name), so new connections, appended shapes and moved
 * shapes' flows all use it; connection docking still crops the ends at the shapes' outlines.
 */
import BpmnLayouter from 'bpmn-js/lib/features/modeling/BpmnLayouter';
import { blockingShapes, detour, type Point, type Rect } from './route-around';

/** The part of a diagram element the layouter reads. */
interface DiagramElement extends Partial<Rect> {
  id: string;
  type: string;
  waypoints?: Point[];
  labelTarget?: unknown;
  parent?: DiagramElement;
  host?: DiagramElement;
  source?: DiagramElement;
  target?: DiagramElement;
}
interface Registry { getAll(): DiagramElement[] }

/** Shapes a flow may overlap: containers drawn around others, and decoration. */
const NOT_OBSTACLES = new Set(['bpmn:Participant', 'bpmn:Lane', 'bpmn:Group', 'bpmn:TextAnnotation', 'label']);

const isShape = (el: DiagramElement): el is DiagramElement & Rect =>
  !el.waypoints && !el.labelTarget && typeof el.x === 'number' && typeof el.width === 'number' && !!el.parent;

/** True when `inner` lies in `outer` (an expanded sub-process around the flow's ends is no obstacle). */
function contains(outer: DiagramElement, inner: DiagramElement | undefined): boolean {
  for (let p = inner?.parent; p; p = p.parent) if (p === outer) return true;
  return false;
}

/**
 * The shapes a flow from `source` to `target` must not pass through: every shape on the canvas
 * but the two ends, their hosts and attached boundary events, containers of either end, and
 * pools, lanes, groups, annotations and labels.
 */
export function obstaclesFor(all: readonly DiagramElement[], source: DiagramElement, target: DiagramElement): Rect[] {
  const ends = new Set([source, target, source.host, target.host].filter(Boolean));
  return all.filter((el): el is DiagramElement & Rect => isShape(el)
    && !NOT_OBSTACLES.has(el.type)
    && !ends.has(el)
    && !(el.host && ends.has(el.host))
    && !contains(el, source) && !contains(el, target));
}

/** bpmn-js's layouter with obstacle avoidance for sequence flows. */
export class AvoidingLayouter extends BpmnLayouter {
  static $inject = ['elementRegistry'];
  private registry: Registry;

  constructor(elementRegistry: Registry) {
    super(elementRegistry);
    this.registry = elementRegistry;
  }

  /** bpmn-js's waypoints, or a detour around the shapes they pass through (sequence flows only). */
  layoutConnection(...args: Parameters<BpmnLayouter['layoutConnection']>): Point[] {
    const waypoints = super.layoutConnection(...args);
    const [connection, hints] = args as unknown as [DiagramElement, { source?: DiagramElement; target?: DiagramElement } | undefined];
    const source = hints?.source ?? connection.source;
    const target = hints?.target ?? connection.target;
    if (connection.type !== 'bpmn:SequenceFlow' || !source || !target || source === target || !isShape(source) || !isShape(target)) return waypoints;
    const obstacles = obstaclesFor(this.registry.getAll(), source, target);
    if (!blockingShapes(waypoints, obstacles).length) return waypoints;
    return detour(source, target, obstacles) ?? waypoints;
  }
}

/** The diagram-js module replacing bpmn-js's `layouter`. */
export const avoidingLayouterModule = {
  layouter: ['type', AvoidingLayouter],
};
