import { describe, expect, it } from 'vitest';
import { diagramMarkers, type DiagramNode } from './colouring';

// start → Flow_1 → task1 → Flow_2 → gw → Flow_3 → task2 → Flow_4 → end ; gw → Flow_5 → task3
const nodes: DiagramNode[] = [
  { id: 'start', type: 'bpmn:StartEvent', outgoing: [{ id: 'Flow_1', targetId: 'task1' }] },
  { id: 'task1', type: 'bpmn:UserTask', outgoing: [{ id: 'Flow_2', targetId: 'gw' }] },
  { id: 'gw', type: 'bpmn:ExclusiveGateway', outgoing: [{ id: 'Flow_3', targetId: 'task2' }, { id: 'Flow_5', targetId: 'task3' }] },
  { id: 'task2', type: 'bpmn:UserTask', outgoing: [{ id: 'Flow_4', targetId: 'end' }] },
  { id: 'task3', type: 'bpmn:UserTask', outgoing: [] },
  { id: 'end', type: 'bpmn:EndEvent', outgoing: [] },
];
const marks = (r: ReturnType<typeof diagramMarkers>, id: string) => r.filter((m) => m.id === id).map((m) => m.marker);

describe('diagramMarkers (spec §4 Diagram colouring)', () => {
  it('marks nothing without nodeData', () => {
    expect(diagramMarkers(nodes, [])).toEqual([]);
    expect(diagramMarkers(nodes, undefined)).toEqual([]);
  });

  it('first task to-do: start and its flow done, the task to-do, nothing past it', () => {
    const r = diagramMarkers(nodes, [
      { key: 'start', completed: true }, { key: 'Flow_1', completed: true }, { key: 'task1', completed: false },
    ]);
    expect(marks(r, 'start')).toEqual(['highlight']);
    expect(marks(r, 'Flow_1')).toEqual(['highlight']);
    expect(marks(r, 'task1')).toEqual(['highlight-todo']);
    expect(marks(r, 'Flow_2')).toEqual([]);
    expect(marks(r, 'gw')).toEqual([]);
  });

  it('completed task and gateway colour flows and targets by the target completion', () => {
    const r = diagramMarkers(nodes, [
      { key: 'start', completed: true }, { key: 'Flow_1', completed: true }, { key: 'task1', completed: true },
      { key: 'Flow_2', completed: true }, { key: 'gw', completed: true }, { key: 'Flow_3', completed: true },
      { key: 'task2', completed: false },
    ]);
    expect(marks(r, 'task1')).toEqual(['highlight']);
    expect(marks(r, 'Flow_2')).toEqual(['highlight']);
    expect(marks(r, 'gw')).toContain('highlight');
    expect(marks(r, 'Flow_3')).toEqual(['highlight-todo']);
    expect(marks(r, 'task2')).toEqual(['highlight-todo', 'highlight-todo']);
    expect(marks(r, 'Flow_5')).toEqual([]);
    expect(marks(r, 'task3')).toEqual([]);
    expect(marks(r, 'end')).toEqual([]);
  });

  it('the current to-do task marks its outgoing flow and target to-do', () => {
    const loop: DiagramNode[] = [
      { id: 'a', type: 'bpmn:UserTask', outgoing: [{ id: 'f', targetId: 'b' }] },
      { id: 'b', type: 'bpmn:UserTask', outgoing: [] },
    ];
    const r = diagramMarkers(loop, [{ key: 'b', completed: true }, { key: 'f', completed: true }, { key: 'a', completed: false }]);
    expect(marks(r, 'a')).toEqual(['highlight-todo']);
    expect(marks(r, 'f')).toEqual(['highlight-todo']);
    expect(marks(r, 'b')).toEqual(['highlight-todo', 'highlight']);
  });

  it('end event only when it is the last entry and completed', () => {
    const done = [
      { key: 'start', completed: true }, { key: 'task1', completed: true }, { key: 'gw', completed: true },
      { key: 'task2', completed: true }, { key: 'Flow_4', completed: true }, { key: 'end', completed: true },
    ];
    expect(marks(diagramMarkers(nodes, done), 'end')).toEqual(['highlight', 'highlight']);
    const notLast = [...done.slice(0, 5).concat([{ key: 'end', completed: true }]), { key: 'x', completed: true }];
    expect(marks(diagramMarkers(nodes, notLast), 'end')).toEqual(['highlight']); // via task2's flow only
    const onlyEnd: DiagramNode[] = [{ id: 'end', type: 'bpmn:EndEvent', outgoing: [] }];
    expect(diagramMarkers(onlyEnd, [{ key: 'end', completed: true }, { key: 'y', completed: true }])).toEqual([]);
    expect(diagramMarkers(onlyEnd, [{ key: 'end', completed: false }])).toEqual([]);
    expect(diagramMarkers(onlyEnd, [{ key: 'end', completed: true }])).toEqual([{ id: 'end', marker: 'highlight' }]);
  });

  it('parallel gateways follow the same rule; so do service tasks', () => {
    const par: DiagramNode[] = [
      { id: 'p', type: 'bpmn:ParallelGateway', outgoing: [{ id: 'f1', targetId: 't1' }, { id: 'f2', targetId: 't2' }] },
      { id: 's', type: 'bpmn:ServiceTask', outgoing: [{ id: 'f3', targetId: 't1' }] },
    ];
    const r = diagramMarkers(par, [{ key: 'p', completed: true }, { key: 't1', completed: true }, { key: 't2', completed: false }, { key: 's', completed: true }]);
    expect(r).toEqual([
      { id: 'p', marker: 'highlight' },
      { id: 'f1', marker: 'highlight' }, { id: 't1', marker: 'highlight' },
      { id: 'f2', marker: 'highlight-todo' }, { id: 't2', marker: 'highlight-todo' },
      { id: 's', marker: 'highlight' },
      { id: 'f3', marker: 'highlight' }, { id: 't1', marker: 'highlight' },
    ]);
  });

  it('issue 13 elements: sub-process, inner start / end, call activity, catch event, fired boundary', () => {
    const nodes13: DiagramNode[] = [
      { id: 'sub', type: 'bpmn:SubProcess', outgoing: [{ id: 'f3', targetId: 'call' }] },
      { id: 's2', type: 'bpmn:StartEvent', outgoing: [{ id: 'g1', targetId: 'inner' }], inScope: true },
      { id: 'inner', type: 'bpmn:UserTask', outgoing: [{ id: 'g2', targetId: 'e2' }], inScope: true },
      { id: 'e2', type: 'bpmn:EndEvent', outgoing: [], inScope: true },
      { id: 'call', type: 'bpmn:CallActivity', outgoing: [{ id: 'f4', targetId: 'wait' }] },
      { id: 'wait', type: 'bpmn:IntermediateCatchEvent', outgoing: [{ id: 'f5', targetId: 'end' }] },
      { id: 'bt', type: 'bpmn:BoundaryEvent', outgoing: [{ id: 'f6', targetId: 'late' }] },
      { id: 'late', type: 'bpmn:UserTask', outgoing: [] },
      { id: 'end', type: 'bpmn:EndEvent', outgoing: [] },
    ];
    const r = diagramMarkers(nodes13, [
      { key: 'sub', completed: true }, { key: 's2', completed: true }, { key: 'g1', completed: true }, { key: 'inner', completed: true },
      { key: 'g2', completed: true }, { key: 'e2', completed: true }, { key: 'f3', completed: true }, { key: 'call', completed: true },
      { key: 'f4', completed: true }, { key: 'wait', completed: false }, { key: 'bt', completed: true }, { key: 'late', completed: false },
    ]);
    expect(marks(r, 'sub')).toEqual(['highlight']);
    expect(marks(r, 's2')).toEqual(['highlight']);
    expect(marks(r, 'e2')).toEqual(['highlight', 'highlight']);
    expect(marks(r, 'f3')).toEqual(['highlight']);
    expect(marks(r, 'call')).toContain('highlight');
    expect(marks(r, 'f4')).toEqual(['highlight-todo']);
    expect(marks(r, 'wait')).toEqual(['highlight-todo', 'highlight-todo']);
    expect(marks(r, 'f5')).toEqual([]);
    expect(marks(r, 'bt')).toEqual(['highlight']);
    expect(marks(r, 'late')).toEqual(['highlight-todo', 'highlight-todo']);
    expect(marks(r, 'end')).toEqual([]);
  });
});
