/**
 * Corpus cases for the inclusive gateway files (tests/workflow/corpus/SOURCES.md, "Inclusive
 * gateway"), merged into the table of corpus.test.ts. Each asserts the active tasks after every
 * step, the join waiting / firing, and the tokens left (`wf_execution`).
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import type { Store } from '../../server/db/store/port';
import { names, completeByName } from './helpers';

/** Same shape as corpus.test.ts's run cases (the recorder is unused here). */
export type InclusiveCase = { run: (engine: Engine, definitionId: string, rec: unknown, store: Store) => void | Promise<void> };

/** Tokens of an instance as `activityId:isActive`, sorted. */
export async function tokens(store: Store, instanceId: string): Promise<string[]> {
  return (await store.all<{ a: string; act: number }>('SELECT activity_id AS a, is_active AS act FROM wf_execution WHERE instance_id = ?', [instanceId]))
    .map((r) => `${r.a}:${r.act}`)
    .sort();
}

const NO_FLOW = /No outgoing sequence flow of the inclusive gateway 'inclusiveGw' could be selected for continuing the process/;

export const inclusiveCases: Record<string, InclusiveCase> = {
  // Flowable InclusiveGatewayTest.testJoinAfterParallelGateway: the receive task's token can reach
  // the join (receiveTask1 → parallelGateway2 → inclusiveGateway1), so Task1's token waits; after
  // the trigger one token loops back to receiveTask1 (exclusiveGateway2 → exclusiveGateway1), which
  // can still reach the join: the join keeps waiting and a token sits in receiveTask1 again.
  'flowable-InclusiveGatewayTest.testJoinAfterParallelGateway.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await names(engine, instanceId)).toEqual(['Task1']);
      expect((await completeByName(engine, instanceId, 'Task1')).ended).toBe(false);
      expect(await tokens(store, instanceId)).toEqual(['inclusiveGateway1:0', 'receiveTask1:1']);
      expect((await engine.trigger({ instanceId, activityId: 'receiveTask1' })).ended).toBe(false);
      expect(await tokens(store, instanceId)).toEqual(['inclusiveGateway1:0', 'inclusiveGateway1:0', 'receiveTask1:1']);
      expect((await engine.getInstance(instanceId)).state).toBe('running');
    },
  },
  'handwritten-inclusiveForkJoin.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      // 2 of 3 conditions true: both branches, the join waits for both, then one token leaves.
      const a = await engine.start({ definitionId, userId: '1', variables: { a: true, b: true, c: false } });
      expect(await names(engine, a.instanceId)).toEqual(['Task A', 'Task B']);
      await completeByName(engine, a.instanceId, 'Task B');
      expect(await names(engine, a.instanceId)).toEqual(['Task A']);
      expect(await tokens(store, a.instanceId)).toEqual(['join:0', 'taskA:1']);
      await completeByName(engine, a.instanceId, 'Task A');
      expect(await names(engine, a.instanceId)).toEqual(['After join']);
      expect(await tokens(store, a.instanceId)).toEqual(['afterJoin:1']);
      expect((await completeByName(engine, a.instanceId, 'After join')).ended).toBe(true);
      // All three true; the default flow is not taken when any condition holds.
      const all = await engine.start({ definitionId, userId: '1', variables: { a: true, b: true, c: true } });
      expect(await names(engine, all.instanceId)).toEqual(['Task A', 'Task B', 'Task C']);
      // None true → the default flow only; the join fires at once for the single token.
      const none = await engine.start({ definitionId, userId: '1', variables: { a: false, b: false, c: false } });
      expect(await names(engine, none.instanceId)).toEqual(['Default task']);
      await completeByName(engine, none.instanceId, 'Default task');
      expect(await names(engine, none.instanceId)).toEqual(['After join']);
      // Unknown variable in a condition: Flowable's error, nothing persisted.
      await expect(engine.start({ definitionId, userId: '1', variables: { a: true, b: true } })).rejects.toThrow(/Unknown property used in expression: \$\{c\}/);
      expect((await engine.myProcessList({ userId: '1' })).total).toBe(3);
    },
  },
  'handwritten-inclusiveNoSequenceFlowSelected.bpmn20.xml': {
    run: async (engine, definitionId) => {
      await expect(engine.start({ definitionId, userId: '1', variables: { input: 4 } })).rejects.toThrow(NO_FLOW);
      expect((await engine.myProcessList({ userId: '1' })).total).toBe(0);
      for (const [input, expected] of [[1, ['Task 1', 'Task 2', 'Task 3']], [2, ['Task 2', 'Task 3']], [3, ['Task 3']]] as const) {
        const s = await engine.start({ definitionId, userId: '1', variables: { input } });
        expect(await names(engine, s.instanceId)).toEqual(expected);
      }
    },
  },
  'handwritten-inclusiveJoinUpstream.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      // 详细审核 can still reach the join (through the XOR): the token from 快速审核 waits; 归档
      // cannot reach it: once 详细审核 arrives the join fires although 归档 is still open.
      const a = await engine.start({ definitionId, userId: '1' });
      expect(await names(engine, a.instanceId)).toEqual(['归档', '快速审核', '详细审核']);
      await completeByName(engine, a.instanceId, '快速审核');
      expect(await names(engine, a.instanceId)).toEqual(['归档', '详细审核']);
      expect(await tokens(store, a.instanceId)).toEqual(['join:0', 'review:1', 'side:1']);
      await completeByName(engine, a.instanceId, '详细审核', { keep: true });
      expect(await names(engine, a.instanceId)).toEqual(['归档', '汇聚后']);
      expect(await tokens(store, a.instanceId)).toEqual(['after:1', 'side:1']);
      await completeByName(engine, a.instanceId, '汇聚后');
      expect((await completeByName(engine, a.instanceId, '归档')).ended).toBe(true);
      // The token that could reach the join ends elsewhere instead: the join is looked at again and fires.
      const b = await engine.start({ definitionId, userId: '1' });
      await completeByName(engine, b.instanceId, '快速审核');
      await completeByName(engine, b.instanceId, '详细审核', { keep: false });
      expect(await names(engine, b.instanceId)).toEqual(['归档', '汇聚后']);
      expect(await tokens(store, b.instanceId)).toEqual(['after:1', 'side:1']);
      // Completing 归档 first: nothing upstream of the join ends the wait while 详细审核 is open.
      const c = await engine.start({ definitionId, userId: '1' });
      await completeByName(engine, c.instanceId, '归档');
      await completeByName(engine, c.instanceId, '快速审核');
      expect(await names(engine, c.instanceId)).toEqual(['详细审核']);
      await completeByName(engine, c.instanceId, '详细审核', { keep: true });
      expect(await names(engine, c.instanceId)).toEqual(['汇聚后']);
    },
  },
};
