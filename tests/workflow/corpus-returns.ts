/**
 * Corpus cases for issue 39 items 1 and 2 (tests/workflow/corpus/SOURCES.md, "Returns across
 * forks, terminate in a fork"): 退回 / 驳回 from a running parallel branch to the node before the
 * fork clears the arrivals of the joins in between (parallel, inclusive, with a countersign in a
 * branch), so the resubmission skips nothing and repeats nothing; a terminate end reached in a
 * fork ends every token of its scope, tasks created before it in the same command included, and
 * no task is created after it. Merged into the table of corpus.test.ts.
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import type { Store } from '../../server/db/store/port';
import { names, completeByName } from './helpers';

export type ReturnCase = { run: (engine: Engine, definitionId: string, rec: unknown, store: Store) => void | Promise<void> };

/** The instance's tokens as `activity:isActive`, sorted. */
const tokens = async (store: Store, instanceId: string) => (await store.all<{ a: string; x: number }>(
  'SELECT activity_id AS a, is_active AS x FROM wf_execution WHERE instance_id = ?', [instanceId])).map((r) => `${r.a}:${r.x}`).sort();

/** The historic tasks of the instance as `name` or `name (cancelled)`, in creation order. */
const hiTasks = async (store: Store, instanceId: string) => (await store.all<{ name: string; r: string | null }>(
  'SELECT name, delete_reason AS r FROM wf_hi_taskinst WHERE instance_id = ? ORDER BY create_time, id', [instanceId]))
  .map((t) => `${t.name}${t.r ? ' (cancelled)' : ''}`);

/** How many times the task `name` was completed (not cancelled) in the instance. */
const ran = async (store: Store, instanceId: string, name: string) => (await hiTasks(store, instanceId)).filter((t) => t === name).length;

const taskNamed = async (engine: Engine, instanceId: string, name: string) => (await engine.instanceTasks(instanceId)).find((t) => t.name === name)!;

/** Diagram nodes still marked running (`completed: false`). */
const running = async (engine: Engine, instanceId: string) => (await engine.nodeData(instanceId)).filter((n) => !n.completed).map((n) => n.key).sort();

export const returnCases: Record<string, ReturnCase> = {
  'handwritten-returnBeforeParallelFork.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      for (const move of ['return', 'reject'] as const) {
        const { instanceId } = await engine.start({ definitionId, userId: 'u1' });
        await completeByName(engine, instanceId, '提交申请');
        expect(await names(engine, instanceId)).toEqual(['会计审核', '税务审核']);
        await completeByName(engine, instanceId, '税务审核');
        expect(await tokens(store, instanceId)).toEqual(['acc:1', 'join:0']);
        const acc = await taskNamed(engine, instanceId, '会计审核');
        if (move === 'return') await engine.returnTo({ taskId: acc.taskId, userId: 'acc', targetKey: 'submit', comment: '补材料' });
        else await engine.reject({ taskId: acc.taskId, userId: 'acc', comment: '补材料' });
        // The arrival of 税务审核 at the join is cleared with the branch that is cancelled.
        expect(await tokens(store, instanceId)).toEqual(['submit:1']);
        expect(await running(engine, instanceId)).toEqual(['submit']);
        await completeByName(engine, instanceId, '提交申请');
        expect(await names(engine, instanceId)).toEqual(['会计审核', '税务审核']);
        await completeByName(engine, instanceId, '税务审核');
        expect(await names(engine, instanceId)).toEqual(['会计审核']);
        await completeByName(engine, instanceId, '会计审核');
        expect(await names(engine, instanceId)).toEqual(['复核']);
        expect((await completeByName(engine, instanceId, '复核')).ended).toBe(true);
        expect(await hiTasks(store, instanceId)).toEqual(['提交申请', '税务审核', '会计审核 (cancelled)', '提交申请', '税务审核', '会计审核', '复核']);
        expect((await engine.flowRecord(instanceId)).find((r) => r.deleteReason)?.comment).toMatchObject({ type: move === 'return' ? '2' : '3', comment: '补材料' });
      }
    },
  },
  'handwritten-returnBeforeInclusiveFork.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      const variables = { needSign: true, needAudit: true, signers: ['s1', 's2'] };
      // 1. One vote and 税务审核 done; 会计审核 returns: the countersign and the inner join start afresh.
      const a = (await engine.start({ definitionId, userId: 'u1', variables })).instanceId;
      await completeByName(engine, a, '提交申请');
      expect(await names(engine, a)).toEqual(['会计审核', '税务会签', '税务会签', '税务审核']);
      await completeByName(engine, a, '税务会签', undefined, 's1');
      await completeByName(engine, a, '税务审核');
      await engine.returnTo({ taskId: (await taskNamed(engine, a, '会计审核')).taskId, userId: 'acc', targetKey: 'submit' });
      expect(await tokens(store, a)).toEqual(['submit:1']);
      await completeByName(engine, a, '提交申请');
      expect(await names(engine, a)).toEqual(['会计审核', '税务会签', '税务会签', '税务审核']);
      await completeByName(engine, a, '税务审核');
      expect((await tokens(store, a)).filter((t) => t.startsWith('pjoin'))).toEqual(['pjoin:0']);
      await completeByName(engine, a, '会计审核');
      expect((await tokens(store, a)).filter((t) => t.endsWith(':0'))).toEqual(['ijoin:0']);
      await completeByName(engine, a, '税务会签', undefined, 's1');
      expect(await names(engine, a)).toEqual(['税务会签']);
      await completeByName(engine, a, '税务会签', undefined, 's2');
      expect(await names(engine, a)).toEqual(['复核']);
      expect((await completeByName(engine, a, '复核')).ended).toBe(true);
      expect(await ran(store, a, '税务会签')).toBe(3);
      // 2. The countersign waits at the inclusive join, 税务审核 at the parallel one; both arrivals go.
      const b = (await engine.start({ definitionId, userId: 'u1', variables })).instanceId;
      await completeByName(engine, b, '提交申请');
      await completeByName(engine, b, '税务会签', undefined, 's1');
      await completeByName(engine, b, '税务会签', undefined, 's2');
      await completeByName(engine, b, '税务审核');
      expect(await tokens(store, b)).toEqual(['acc:1', 'ijoin:0', 'pjoin:0']);
      await engine.returnTo({ taskId: (await taskNamed(engine, b, '会计审核')).taskId, userId: 'acc', targetKey: 'submit' });
      expect(await tokens(store, b)).toEqual(['submit:1']);
      await completeByName(engine, b, '提交申请', { needSign: false });
      expect(await names(engine, b)).toEqual(['会计审核', '税务审核']);
      await completeByName(engine, b, '税务审核');
      expect(await names(engine, b)).toEqual(['会计审核']);
      await completeByName(engine, b, '会计审核');
      expect(await names(engine, b)).toEqual(['复核']);
      expect((await completeByName(engine, b, '复核')).ended).toBe(true);
      expect(await ran(store, b, '复核')).toBe(1);
    },
  },
  'flowable-TerminateEndEventTest.testTerminateParallelGateway.bpmn': {
    // Flowable's testTerminateParallelGateway: the terminate end is reached first; no task is ever created.
    run: async (engine, definitionId, _rec, store) => {
      const { instanceId, ended } = await engine.start({ definitionId, userId: 'u1' });
      expect(ended).toBe(true);
      expect(await engine.getInstance(instanceId)).toMatchObject({ state: 'completed', endActivityId: 'terminateEndEvent' });
      expect(await names(engine, instanceId)).toEqual([]);
      expect(await hiTasks(store, instanceId)).toEqual([]);
      expect((await engine.todoList({ userId: 'admin' })).total + (await engine.todoList({ userId: 'u1' })).total).toBe(0);
      expect(await tokens(store, instanceId)).toEqual([]);
      expect(await running(engine, instanceId)).toEqual([]);
      expect(await engine.nodeData(instanceId)).toContainEqual({ key: 'terminateEndEvent', completed: true });
    },
  },
  'handwritten-terminateForkInSubProcess.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      const { instanceId } = await engine.start({ definitionId, userId: 'u1' });
      await completeByName(engine, instanceId, '提交申请');
      // 内部任务一 was created before the terminate (cancelled), 内部任务二 after it (never created).
      expect(await names(engine, instanceId)).toEqual(['后续任务']);
      expect(await hiTasks(store, instanceId)).toEqual(['提交申请', '内部任务一 (cancelled)', '后续任务']);
      expect(await tokens(store, instanceId)).toEqual(['next:1']);
      expect((await engine.todoList({ userId: 'inner' })).total).toBe(0);
      expect(await running(engine, instanceId)).toEqual(['next']);
      expect(await engine.nodeData(instanceId)).toEqual(expect.arrayContaining([{ key: 'sub', completed: true }, { key: 'terminate', completed: true }]));
      expect((await engine.nodeData(instanceId)).map((n) => n.key)).not.toContain('after');
      expect((await completeByName(engine, instanceId, '后续任务')).ended).toBe(true);
    },
  },
};
