/**
 * Routing a sequence flow around shapes (issue 40 item 5: a flow drawn from the context pad went
 * straight through a task box). bpmn-js's BpmnLayouter draws manhattan routes between source and
 * target and ignores what lies between; bpmn-js has no obstacle-avoiding layouter, so the
 * designer's layouter (modeler/avoiding-layouter.ts) keeps bpmn-js's route whenever it is clear
 * and otherwise asks `detour` for an orthogonal route above / below (or left / right of) the
 * shapes in the way. Pure geometry over diagram coordinates (px); no DOM.
 */

export interface Point { x: number; y: number }
export interface Rect { x: number; y: number; width: number; height: number }

/** Centre of a rectangle. */
export const midOf = (r: Rect): Point => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/**
 * True when segment a→b passes through the inside of `r` shrunk by `inset` px on every side
 * (touching the border does not count). Liang–Barsky clipping.
 */
export function segmentCrosses(a: Point, b: Point, r: Rect, inset = 1): boolean {
  const x0 = r.x + inset;
  const y0 = r.y + inset;
  const x1 = r.x + r.width - inset;
  const y1 = r.y + r.height - inset;
  if (x1 <= x0 || y1 <= y0) return false;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  const clip = (p: number, q: number) => {
    if (p === 0) return q > 0;
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  return clip(-dx, a.x - x0) && clip(dx, x1 - a.x) && clip(-dy, a.y - y0) && clip(dy, y1 - a.y) && t0 < t1;
}

/** The obstacles some segment of `points` passes through. */
export function blockingShapes(points: readonly Point[], obstacles: readonly Rect[]): Rect[] {
  return obstacles.filter((r) => points.some((p, i) => i > 0 && segmentCrosses(points[i - 1], p, r)));
}

const lengthOf = (points: readonly Point[]) => points.reduce((sum, p, i) => (i ? sum + Math.abs(p.x - points[i - 1].x) + Math.abs(p.y - points[i - 1].y) : 0), 0);

/** One side of the detour: the route leaves the source and enters the target on that side. */
type Side = 'above' | 'below' | 'left' | 'right';

/** The route over `side` at the lane `at` (a y for above/below, an x for left/right). */
function routeOn(side: Side, source: Rect, target: Rect, at: number): Point[] {
  const s = midOf(source);
  const t = midOf(target);
  if (side === 'above' || side === 'below') return [s, { x: s.x, y: at }, { x: t.x, y: at }, t];
  return [s, { x: at, y: s.y }, { x: at, y: t.y }, t];
}

/** The first lane on `side` clear of source, target and every obstacle the route meets (null after too many tries). */
function clearRoute(side: Side, source: Rect, target: Rect, obstacles: readonly Rect[], margin: number): Point[] | null {
  const edge = (r: Rect) => (side === 'above' ? r.y - margin : side === 'below' ? r.y + r.height + margin : side === 'left' ? r.x - margin : r.x + r.width + margin);
  const further = side === 'above' || side === 'left' ? Math.min : Math.max;
  let at = further(edge(source), edge(target));
  for (let i = 0; i < 20; i++) {
    const route = routeOn(side, source, target, at);
    // The legs inside source and target are cropped at their borders by bpmn-js's docking.
    const blocking = blockingShapes(route, obstacles);
    if (!blocking.length) return route;
    at = further(at, ...blocking.map(edge));
  }
  return null;
}

/**
 * A route from `source` to `target` (centre to centre, orthogonal) that passes through none of
 * `obstacles` (shapes other than source and target), `margin` px clear of the shapes it goes
 * around; the shortest of the routes above, below, left and right, or null when none is clear.
 */
export function detour(source: Rect, target: Rect, obstacles: readonly Rect[], margin = 20): Point[] | null {
  const routes = (['above', 'below', 'left', 'right'] as const)
    .map((side) => clearRoute(side, source, target, obstacles, margin))
    .filter((r): r is Point[] => r !== null);
  if (!routes.length) return null;
  return routes.reduce((best, r) => (lengthOf(r) < lengthOf(best) ? r : best));
}
