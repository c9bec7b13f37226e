import { describe, expect, it } from 'vitest';
import { advanceTask, taskCan } from './task-machine';
import { arriveAtInclusiveJoin, arriveAtJoin, chooseExclusiveFlow, chooseInclusiveFlows } from './gateway-machines';
import { advanceDefinition, advanceInstance, miAdvance, miStart } from './lifecycle-machines';
import type { ProcessGraph } from '../model/graph';

describe('task machine', () => {
  it('follows created → assigned → delegated → resolved → completed', () => {
    expect(advanceTask('created', 'ASSIGN')).toBe('assigned');
    expect(advanceTask('assigned', 'DELEGATE')).toBe('delegated');
    expect(advanceTask('delegated', 'COMPLETE')).toBeNull();
    expect(advanceTask('delegated', 'RESOLVE')).toBe('resolved');
    expect(advanceTask('resolved', 'COMPLETE')).toBe('completed');
    expect(advanceTask('completed', 'ASSIGN')).toBeNull();
    expect(taskCan('created', 'UNCLAIM')).toBe(false);
    expect(advanceTask('assigned', 'CANCEL')).toBe('cancelled');
  });
});

describe('gateway machines', () => {
  const graph = {
    flows: { a: { id: 'a', condition: '${x}' }, b: { id: 'b' }, d: { id: 'd' }, c: { id: 'c', condition: '${y}' } },
  } as unknown as ProcessGraph;
  const node = (outgoing: string[], defaultFlow?: string) => ({ id: `n${outgoing.join('')}${defaultFlow ?? ''}`, outgoing, defaultFlow }) as never;
  it('takes the first true flow in order, an unconditional non-default one counts as true, then the default, else fails', () => {
    expect(chooseExclusiveFlow(graph, node(['a', 'c'], undefined), (f) => f === 'c')).toBe('c');
    expect(chooseExclusiveFlow(graph, node(['a', 'c'], undefined), () => true)).toBe('a');
    expect(chooseExclusiveFlow(graph, node(['a', 'd', 'c'], 'd'), () => false)).toBe('d');
    expect(chooseExclusiveFlow(graph, node(['a', 'b'], 'a'), () => false)).toBe('b');
    expect(chooseExclusiveFlow(graph, node(['a', 'c']), () => false)).toBeNull();
  });
  it('join fires when as many tokens arrived as incoming flows', () => {
    expect(arriveAtJoin(3, 2)).toBe('waiting');
    expect(arriveAtJoin(3, 3)).toBe('fired');
  });
});

describe('lifecycle machines', () => {
  it('multi-instance counts, completion condition, sequential loop counter', () => {
    let p = miStart(3, false);
    expect(p).toEqual({ value: 'running', context: { total: 3, completed: 0, active: 3, loopCounter: 0, sequential: false } });
    p = miAdvance(p, { type: 'INSTANCE_DONE', conditionMet: false });
    expect(p.context).toMatchObject({ completed: 1, active: 2 });
    p = miAdvance(p, { type: 'INSTANCE_DONE', conditionMet: true });
    expect(p.value).toBe('done');
    let s = miStart(2, true);
    s = miAdvance(s, { type: 'INSTANCE_DONE', conditionMet: false });
    expect(s.context).toMatchObject({ completed: 1, active: 1, loopCounter: 1 });
    expect(miAdvance(s, { type: 'INSTANCE_DONE', conditionMet: false }).value).toBe('done');
    expect(miStart(0, false).value).toBe('done');
  });
  it('instance and definition', () => {
    expect(advanceInstance('running', 'SUSPEND')).toBe('suspended');
    expect(advanceInstance('suspended', 'ACT')).toBeNull();
    expect(advanceInstance('completed', 'STOP')).toBeNull();
    expect(advanceDefinition(1, 'SUSPEND')).toBe(2);
    expect(advanceDefinition(2, 'START')).toBeNull();
    expect(advanceDefinition(2, 'SUSPEND')).toBeNull();
  });
});

describe('inclusive gateway machines', () => {
  const graph = {
    flows: { a: { id: 'a', condition: '${x}' }, b: { id: 'b' }, c: { id: 'c', condition: '${y}' }, d: { id: 'd' } },
  } as unknown as ProcessGraph;
  const node = (outgoing: string[], defaultFlow?: string) => ({ id: `or${outgoing.join('')}${defaultFlow ?? ''}`, outgoing, defaultFlow }) as never;
  it('takes every flow whose condition holds (unconditional non-default ones included), else the default, else fails', () => {
    const seen: string[] = [];
    expect(chooseInclusiveFlows(graph, node(['a', 'c', 'd'], 'd'), (f) => (seen.push(f), true))).toEqual(['a', 'c']);
    expect(seen).toEqual(['a', 'c']);
    expect(chooseInclusiveFlows(graph, node(['a', 'c', 'd'], 'd'), (f) => f === 'c')).toEqual(['c']);
    expect(chooseInclusiveFlows(graph, node(['a', 'c', 'd'], 'd'), () => false)).toEqual(['d']);
    expect(chooseInclusiveFlows(graph, node(['a', 'b', 'c']), () => false)).toEqual(['b']);
    expect(chooseInclusiveFlows(graph, node(['a', 'c']), () => false)).toBeNull();
    expect(chooseInclusiveFlows(graph, node([]), () => false)).toEqual([]);
  });
  it('the join waits while another token can reach it', () => {
    expect(arriveAtInclusiveJoin(true)).toBe('waiting');
    expect(arriveAtInclusiveJoin(false)).toBe('fired');
  });
});
