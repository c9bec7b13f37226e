import { describe, expect, it } from 'vitest';
import { blockingShapes, detour, segmentCrosses } from './route-around';
import { obstaclesFor } from './avoiding-layouter';

const start = { x: 100, y: 180, width: 36, height: 36 };
const task = { x: 200, y: 158, width: 100, height: 80 };
const end = { x: 400, y: 180, width: 36, height: 36 };

describe('route-around (issue 40: flows go around shapes)', () => {
  it('segmentCrosses: through the inside only, not along or outside the border', () => {
    expect(segmentCrosses({ x: 118, y: 198 }, { x: 418, y: 198 }, task)).toBe(true);
    expect(segmentCrosses({ x: 118, y: 158 }, { x: 418, y: 158 }, task)).toBe(false);
    expect(segmentCrosses({ x: 118, y: 100 }, { x: 418, y: 100 }, task)).toBe(false);
    expect(segmentCrosses({ x: 250, y: 100 }, { x: 250, y: 300 }, task)).toBe(true);
  });

  it('detour: a straight start → end through a task goes around it, clear of every shape', () => {
    const route = detour(start, end, [task])!;
    expect(route).not.toBeNull();
    expect(blockingShapes(route, [task])).toEqual([]);
    // above or below the task, 20 px clear
    const lane = route[1].y;
    expect(lane <= task.y - 20 || lane >= task.y + task.height + 20).toBe(true);
    expect(route[0]).toEqual({ x: 118, y: 198 });
    expect(route[route.length - 1]).toEqual({ x: 418, y: 198 });
  });

  it('detour: goes past a second shape in the way of the first lane', () => {
    const over = { x: 220, y: 60, width: 100, height: 80 };
    const under = { x: 220, y: 250, width: 100, height: 80 };
    const route = detour(start, end, [task, over, under])!;
    expect(blockingShapes(route, [task, over, under])).toEqual([]);
  });

  it('obstaclesFor: not the ends, their containers, pools or labels', () => {
    const root = { id: 'root', type: 'bpmn:Process' } as never;
    const pool = { id: 'pool', type: 'bpmn:Participant', x: 0, y: 0, width: 900, height: 400, parent: root };
    const s = { id: 's', type: 'bpmn:StartEvent', ...start, parent: pool };
    const t = { id: 't', type: 'bpmn:UserTask', ...task, parent: pool };
    const e = { id: 'e', type: 'bpmn:EndEvent', ...end, parent: pool };
    const label = { id: 's_label', type: 'label', x: 100, y: 220, width: 30, height: 14, parent: pool, labelTarget: s };
    const flow = { id: 'f', type: 'bpmn:SequenceFlow', waypoints: [], parent: pool };
    expect(obstaclesFor([pool, s, t, e, label, flow], s, e)).toEqual([t]);
  });
});
