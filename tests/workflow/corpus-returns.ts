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
import type { Db } from '../../server/db/client';
import { names, completeByName } from './helpers';

export type ReturnCase = { run: (engine: Engine, definitionId: string, rec: unknown, db: Db) => void | Promise<void> };

/** The instance's tokens as `activity:isActive`, sorted. */
const tokens = (db: Db, instanceId: string) => (db.$client.prepare('SELECT activity_id AS a, is_active AS x FROM wf_execution WHERE instance_id = ?')
  .all(instanceId) as Array<{ a: string; x: number }>).map((r) => `${r.a}:${r.x}`).sort();

/** The historic tasks of the instance as `name` or `name (cancelled)`, in creation order. */
const hiTasks = (db: Db, instanceId: string) => (db.$client.prepare(
  'SELECT name, delete_reason AS r FROM wf_hi_taskinst WHERE instance_id = ? ORDER BY create_time, id').all(instanceId) as Array<{ name: string; r: string | null }>)
  .map((t) => `${t.name}${t.r ? ' (cancelled)' : ''}`);

/** How many times the task `name` was completed (not cancelled) in the instance. */
const ran = (db: Db, instanceId: string, name: string) => hiTasks(db, instanceId).filter((t) => t === name).length;

const taskNamed = (engine: Engine, instanceId: string, name: string) => engine.instanceTasks(instanceId).find((t) => t.name === name)!;

/** Diagram nodes still marked running (`completed: false`). */
const running = (engine: Engine, instanceId: string) => engine.nodeData(instanceId).filter((n) => !n.completed).map((n) => n.key).sort();

export const returnCases: Record<string, ReturnCase> = {
  'handwritten-returnBeforeParallelFork.bpmn20.xml': {
    run: (engine, definitionId, _rec, db) => {
      for (const move of ['return', 'reject'] as const) {
        const { instanceId } = engine.start({ definitionId, userId: 'u1' });
        completeByName(engine, instanceId, '提交申请');
        expect(names(engine, instanceId)).toEqual(['会计审核', '税务审核']);
        completeByName(engine, instanceId, '税务审核');
        expect(tokens(db, instanceId)).toEqual(['acc:1', 'join:0']);
        const acc = taskNamed(engine, instanceId, '会计审核');
        if (move === 'return') engine.returnTo({ taskId: acc.taskId, userId: 'acc', targetKey: 'submit', comment: '补材料' });
        else engine.reject({ taskId: acc.taskId, userId: 'acc', comment: '补材料' });
        // The arrival of 税务审核 at the join is cleared with the branch that is cancelled.
        expect(tokens(db, instanceId)).toEqual(['submit:1']);
        expect(running(engine, instanceId)).toEqual(['submit']);
        completeByName(engine, instanceId, '提交申请');
        expect(names(engine, instanceId)).toEqual(['会计审核', '税务审核']);
        completeByName(engine, instanceId, '税务审核');
        expect(names(engine, instanceId)).toEqual(['会计审核']);
        completeByName(engine, instanceId, '会计审核');
        expect(names(engine, instanceId)).toEqual(['复核']);
        expect(completeByName(engine, instanceId, '复核').ended).toBe(true);
        expect(hiTasks(db, instanceId)).toEqual(['提交申请', '税务审核', '会计审核 (cancelled)', '提交申请', '税务审核', '会计审核', '复核']);
        expect(engine.flowRecord(instanceId).find((r) => r.deleteReason)?.comment).toMatchObject({ type: move === 'return' ? '2' : '3', comment: '补材料' });
      }
    },
  },
  'handwritten-returnBeforeInclusiveFork.bpmn20.xml': {
    run: (engine, definitionId, _rec, db) => {
      const variables = { needSign: true, needAudit: true, signers: ['s1', 's2'] };
      // 1. One vote and 税务审核 done; 会计审核 returns: the countersign and the inner join start afresh.
      const a = engine.start({ definitionId, userId: 'u1', variables }).instanceId;
      completeByName(engine, a, '提交申请');
      expect(names(engine, a)).toEqual(['会计审核', '税务会签', '税务会签', '税务审核']);
      completeByName(engine, a, '税务会签', undefined, 's1');
      completeByName(engine, a, '税务审核');
      engine.returnTo({ taskId: taskNamed(engine, a, '会计审核').taskId, userId: 'acc', targetKey: 'submit' });
      expect(tokens(db, a)).toEqual(['submit:1']);
      completeByName(engine, a, '提交申请');
      expect(names(engine, a)).toEqual(['会计审核', '税务会签', '税务会签', '税务审核']);
      completeByName(engine, a, '税务审核');
      expect(tokens(db, a).filter((t) => t.startsWith('pjoin'))).toEqual(['pjoin:0']);
      completeByName(engine, a, '会计审核');
      expect(tokens(db, a).filter((t) => t.endsWith(':0'))).toEqual(['ijoin:0']);
      completeByName(engine, a, '税务会签', undefined, 's1');
      expect(names(engine, a)).toEqual(['税务会签']);
      completeByName(engine, a, '税务会签', undefined, 's2');
      expect(names(engine, a)).toEqual(['复核']);
      expect(completeByName(engine, a, '复核').ended).toBe(true);
      expect(ran(db, a, '税务会签')).toBe(3);
      // 2. The countersign waits at the inclusive join, 税务审核 at the parallel one; both arrivals go.
      const b = engine.start({ definitionId, userId: 'u1', variables }).instanceId;
      completeByName(engine, b, '提交申请');
      completeByName(engine, b, '税务会签', undefined, 's1');
      completeByName(engine, b, '税务会签', undefined, 's2');
      completeByName(engine, b, '税务审核');
      expect(tokens(db, b)).toEqual(['acc:1', 'ijoin:0', 'pjoin:0']);
      engine.returnTo({ taskId: taskNamed(engine, b, '会计审核').taskId, userId: 'acc', targetKey: 'submit' });
      expect(tokens(db, b)).toEqual(['submit:1']);
      completeByName(engine, b, '提交申请', { needSign: false });
      expect(names(engine, b)).toEqual(['会计审核', '税务审核']);
      completeByName(engine, b, '税务审核');
      expect(names(engine, b)).toEqual(['会计审核']);
      completeByName(engine, b, '会计审核');
      expect(names(engine, b)).toEqual(['复核']);
      expect(completeByName(engine, b, '复核').ended).toBe(true);
      expect(ran(db, b, '复核')).toBe(1);
    },
  },
  'flowable-TerminateEndEventTest.testTerminateParallelGateway.bpmn': {
    // Flowable's testTerminateParallelGateway: the terminate end is reached first; no task is ever created.
    run: (engine, definitionId, _rec, db) => {
      const { instanceId, ended } = engine.start({ definitionId, userId: 'u1' });
      expect(ended).toBe(true);
      expect(engine.getInstance(instanceId)).toMatchObject({ state: 'completed', endActivityId: 'terminateEndEvent' });
      expect(names(engine, instanceId)).toEqual([]);
      expect(hiTasks(db, instanceId)).toEqual([]);
      expect(engine.todoList({ userId: 'admin' }).total + engine.todoList({ userId: 'u1' }).total).toBe(0);
      expect(tokens(db, instanceId)).toEqual([]);
      expect(running(engine, instanceId)).toEqual([]);
      expect(engine.nodeData(instanceId)).toContainEqual({ key: 'terminateEndEvent', completed: true });
    },
  },
  'handwritten-terminateForkInSubProcess.bpmn20.xml': {
    run: (engine, definitionId, _rec, db) => {
      const { instanceId } = engine.start({ definitionId, userId: 'u1' });
      completeByName(engine, instanceId, '提交申请');
      // 内部任务一 was created before the terminate (cancelled), 内部任务二 after it (never created).
      expect(names(engine, instanceId)).toEqual(['后续任务']);
      expect(hiTasks(db, instanceId)).toEqual(['提交申请', '内部任务一 (cancelled)', '后续任务']);
      expect(tokens(db, instanceId)).toEqual(['next:1']);
      expect(engine.todoList({ userId: 'inner' }).total).toBe(0);
      expect(running(engine, instanceId)).toEqual(['next']);
      expect(engine.nodeData(instanceId)).toEqual(expect.arrayContaining([{ key: 'sub', completed: true }, { key: 'terminate', completed: true }]));
      expect(engine.nodeData(instanceId).map((n) => n.key)).not.toContain('after');
      expect(completeByName(engine, instanceId, '后续任务').ended).toBe(true);
    },
  },
};
