/**
 * Conformance over EVERY file in tests/workflow/corpus (its SOURCES.md lists the sources and expected outcomes).
 * Each case either RUNS (deploy, start, act, assert active tasks / assignees / candidates after
 * each step and the end reached) or is REFUSED at deploy with a message naming the element id
 * and type. A corpus file without a case fails the suite.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../server/engine';
import type { Store } from '../../server/db/store/port';
import { handlers, type Recorder } from './corpus-handlers';
import { corpusDir, makeEngine, readCorpus, snapshot, names, completeByName } from './helpers';
import { inclusiveCases } from './corpus-inclusive';
import { scopeCases } from './corpus-scopes';
import { eventCases } from './corpus-events';
import { returnCases } from './corpus-returns';
import { parseCases } from './corpus-parse';
import { eventGatewayCases } from './corpus-event-gateway';
import { messageCases } from './corpus-messages';

type Case =
  | { refused: RegExp }
  | { run: (engine: Engine, definitionId: string, rec: Recorder, store: Store) => void | Promise<void> };

type RunCase = { run: (engine: Engine, definitionId: string, rec: Recorder) => void | Promise<void> };
const xorCase = (expectations: Array<[number, string | RegExp]>): RunCase => ({
  run: async (engine, definitionId) => {
    for (const [input, expected] of expectations) {
      if (expected instanceof RegExp) {
        await expect(engine.start({ definitionId, userId: '1', variables: { input } })).rejects.toThrow(expected);
        continue;
      }
      const s = await engine.start({ definitionId, userId: '1', variables: { input } });
      expect(await names(engine, s.instanceId)).toEqual([expected]);
      expect((await completeByName(engine, s.instanceId, expected)).ended).toBe(true);
    }
  },
});

const NO_FLOW = /No outgoing sequence flow of the exclusive gateway 'exclusiveGw' could be selected/;

const cases: Record<string, Case> = {
  ...inclusiveCases,
  ...scopeCases,
  ...eventCases,
  ...returnCases,
  ...parseCases,
  ...eventGatewayCases,
  ...messageCases,
  'flowable-ExclusiveGatewayTest.testDivergingExclusiveGateway.bpmn20.xml': {
    run: async (engine, definitionId) => {
      await xorCase([[1, 'Task 1'], [2, 'Task 2'], [3, 'Task 3']]).run(engine, definitionId, { events: [], counters: {} });
      await expect(engine.start({ definitionId, userId: '1', variables: { iinput: 1 } })).rejects.toThrow('Unknown property used in expression: ${input == 1}');
    },
  },
  'flowable-ExclusiveGatewayTest.testDefaultSequenceFlow.bpmn20.xml': xorCase([[1, 'Input is one'], [3, 'Input is three'], [5, 'Default input']]),
  'flowable-ExclusiveGatewayTest.testNoSequenceFlowSelected.bpmn20.xml': xorCase([[4, NO_FLOW], [1, 'Task 1'], [2, 'Task 2'], [3, 'Task 3']]),
  'flowable-ExclusiveGatewayTest.testMultipleValidConditions.bpmn20.xml': xorCase([[5, 'Task 2'], [1, 'Task 1'], [0, NO_FLOW]]),
  'flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml': {
    run: async (engine, definitionId) => {
      for (const first of ['Receive Payment', 'Ship Order']) {
        const { instanceId } = await engine.start({ definitionId, userId: '1' });
        expect(await names(engine, instanceId)).toEqual(['Receive Payment', 'Ship Order']);
        await completeByName(engine, instanceId, first);
        expect(await names(engine, instanceId)).toEqual([first === 'Ship Order' ? 'Receive Payment' : 'Ship Order']);
        await completeByName(engine, instanceId, (await names(engine, instanceId))[0]);
        expect(await names(engine, instanceId)).toEqual(['Archive Order']);
        expect((await completeByName(engine, instanceId, 'Archive Order')).ended).toBe(true);
      }
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksCompletionCondition.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await names(engine, instanceId)).toEqual(['My Task 0', 'My Task 1', 'My Task 2', 'My Task 3', 'My Task 4']);
      await completeByName(engine, instanceId, 'My Task 0');
      expect(await names(engine, instanceId)).toHaveLength(4);
      await completeByName(engine, instanceId, 'My Task 3');
      expect(await names(engine, instanceId)).toHaveLength(3);
      expect((await completeByName(engine, instanceId, 'My Task 1')).ended).toBe(true);
      expect(await names(engine, instanceId)).toEqual([]);
      expect((await engine.flowRecord(instanceId)).filter((r) => r.deleteReason === 'MI_END')).toHaveLength(2);
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksBasedOnCollection.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const assigneeList = ['kermit', 'gonzo', 'mispiggy', 'fozzie', 'bubba'];
      const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { assigneeList } });
      expect((await engine.instanceTasks(instanceId)).map((t) => t.assignee).sort()).toEqual([...assigneeList].sort());
      expect(await names(engine, instanceId)).toEqual(['My Task 0', 'My Task 1', 'My Task 2', 'My Task 3', 'My Task 4']);
      await completeByName(engine, instanceId, 'My Task 4');
      await completeByName(engine, instanceId, 'My Task 0');
      expect(await names(engine, instanceId)).toHaveLength(3);
      expect((await completeByName(engine, instanceId, 'My Task 2')).ended).toBe(true);
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksCustomExtensions.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { assigneeList: ['kermit', 'gonzo', 'fozzie'] } });
      expect(await snapshot(engine, instanceId)).toEqual(['My Task 0|kermit||', 'My Task 1|gonzo||', 'My Task 2|fozzie||']);
      await completeByName(engine, instanceId, 'My Task 0');
      await completeByName(engine, instanceId, 'My Task 1');
      expect(await names(engine, instanceId)).toEqual(['My Task 2']);
      expect((await completeByName(engine, instanceId, 'My Task 2')).ended).toBe(true);
    },
  },
  // Interrupting timer boundary event (stretch) is refused; the sequential MI itself is exercised in
  // the "sequential multi-instance" scenario below with the boundary event removed from the same XML.
  'flowable-MultiInstanceTest.sequentialUserTasks.bpmn20.xml': {
    // With its interrupting 2h timer boundary on the MI body: the sequence runs; the timer cancels the whole body.
    run: async (engine, definitionId) => {
      const a = await engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 3 } });
      for (let i = 0; i < 3; i++) {
        expect(await snapshot(engine, a.instanceId)).toEqual([`My Task|kermit_${i}||`]);
        expect((await completeByName(engine, a.instanceId, 'My Task')).ended).toBe(i === 2);
      }
      const b = await engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 3 } });
      await completeByName(engine, b.instanceId, 'My Task');
      expect((await engine.fireDueTimers({ now: Date.UTC(2026, 0, 5, 3, 0, 1), owner: 't' })).fired).toBe(1);
      expect((await engine.instanceTasks(b.instanceId)).map((t) => t.taskDefKey)).toEqual(['taskAfterTimer']);
    },
  },
  'flowable-MultiInstanceTest.testExecutionListener.bpmn20.xml': {
    run: async (engine, definitionId, rec) => {
      const countersignAssigneeList = ['zjl0', 'zjl1', 'zjl3'];
      const a = await engine.start({ definitionId, userId: '1', variables: { countersignAssigneeList, approveResult: 'notpass' } });
      expect(await snapshot(engine, a.instanceId)).toEqual(['AUDIT|zjl0||', 'AUDIT|zjl1||', 'AUDIT|zjl3||']);
      for (const t of await engine.instanceTasks(a.instanceId)) await engine.complete({ taskId: t.taskId, userId: t.assignee! });
      expect(await snapshot(engine, a.instanceId)).toEqual(['Im not pass|||']);
      expect(rec.counters).toMatchObject({ endInstance: 3, endBody: 1 });
      expect((await completeByName(engine, a.instanceId, 'Im not pass')).ended).toBe(true);
      const b = await engine.start({ definitionId, userId: '1', variables: { countersignAssigneeList, approveResult: 'pass' } });
      let last;
      for (const t of await engine.instanceTasks(b.instanceId)) last = await engine.complete({ taskId: t.taskId, userId: t.assignee!, localVariables: { csApproveResult: 'pass' } });
      expect(last!.ended).toBe(true);
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksExecutionAndTaskListeners.bpmn20.xml': {
    run: async (engine, definitionId, rec) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await snapshot(engine, instanceId)).toEqual(['My Task 0|kermit_0||', 'My Task 1|kermit_1||', 'My Task 2|kermit_2||']);
      for (const t of await engine.instanceTasks(instanceId)) await engine.complete({ taskId: t.taskId, userId: t.assignee! });
      expect(rec.counters).toMatchObject({ taskComplete: 3, startInstance: 3, startBody: 1 });
      expect(await names(engine, instanceId)).toEqual([]);
      expect((await engine.getInstance(instanceId)).state).toBe('running');
      expect(await engine.nodeData(instanceId)).toContainEqual({ key: 'waitState', completed: false });
      expect((await engine.trigger({ instanceId, activityId: 'waitState' })).ended).toBe(true);
    },
  },
  'flowable-TaskListenerTest.bpmn20.xml': {
    run: async (engine, definitionId, rec) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      const [t1] = await engine.instanceTasks(instanceId);
      expect(t1.name).toBe('Schedule meeting');
      expect((await engine.getTask(t1.taskId)).description).toBe('TaskCreateListener is listening!');
      expect(rec.events).toEqual(['create']);
      await engine.setAssignee({ taskId: t1.taskId, assignee: 'kermit' });
      expect((await engine.getTask(t1.taskId)).description).toBe('Assignee changed to kermit');
      await completeByName(engine, instanceId, 'Schedule meeting');
      expect(rec.events).toEqual(['create', 'assignment', 'complete', 'delete']);
      expect(await engine.variables({ instanceId })).toMatchObject({ greeting: 'Hello from The Process', shortName: 'Act', greeting2: 'Write meeting notes' });
      expect(await names(engine, instanceId)).toEqual(['Write meeting notes']);
      expect((await completeByName(engine, instanceId, 'Write meeting notes')).ended).toBe(true);
    },
  },
  'flowable-ExecutionListenersProcess.bpmn20.xml': {
    run: async (engine, definitionId, rec) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await engine.variables({ instanceId })).toMatchObject({ variableSetInExecutionListener: 'firstValue', eventReceived: 'start' });
      expect((await engine.instanceTasks(instanceId)).map((t) => t.taskDefKey)).toEqual(['firstTask']);
      await engine.complete({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: '1' });
      expect((await engine.variables({ instanceId })).variableSetInExecutionListener).toBe('secondValue');
      await engine.complete({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: '1' });
      expect(rec.events).toEqual(['myPojo.myMethod(end)']);
      expect((await engine.instanceTasks(instanceId)).map((t) => t.taskDefKey)).toEqual(['thirdTask']);
      expect((await engine.complete({ taskId: (await engine.instanceTasks(instanceId))[0].taskId, userId: '1' })).ended).toBe(true);
      expect(rec.events).toEqual(['myPojo.myMethod(end)', 'end:End Process Listener']);
    },
  },
  'flowable-TaskCandidateTest.testMixedCandidateUserAndGroup.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await snapshot(engine, instanceId)).toEqual(['Write financial report||kermit|sales']);
      expect((await engine.todoList({ userId: 'kermit' })).total).toBe(1);
      expect((await engine.todoList({ userId: 'fozzie', groupIds: ['sales'] })).total).toBe(1);
      expect((await engine.todoList({ userId: 'gonzo', groupIds: ['management'] })).total).toBe(0);
      const [t] = await engine.instanceTasks(instanceId);
      await expect(engine.claim({ taskId: t.taskId, userId: 'gonzo', groupIds: ['management'] })).rejects.toThrow('当前用户不是该任务的办理人');
      await engine.claim({ taskId: t.taskId, userId: 'fozzie', groupIds: ['sales'] });
      expect(await snapshot(engine, instanceId)).toEqual(['Write financial report|fozzie|kermit|sales']);
      expect((await engine.todoList({ userId: 'kermit' })).total).toBe(0);
      expect((await engine.complete({ taskId: t.taskId, userId: 'fozzie' })).ended).toBe(true);
    },
  },
  'flowable-VacationRequest.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const vars = { numberOfDays: 3, vacationMotivation: 'rest', startDate: '2026-02-01' };
      const a = await engine.start({ definitionId, userId: 'kermit', variables: vars });
      expect((await engine.variables({ instanceId: a.instanceId })).employeeName).toBe('kermit');
      expect(await snapshot(engine, a.instanceId)).toEqual(['Handle vacation request|||management']);
      expect((await engine.getTask((await engine.instanceTasks(a.instanceId))[0].taskId)).description).toContain('kermit would like to take 3 day(s)');
      await completeByName(engine, a.instanceId, 'Handle vacation request', { vacationApproved: 'false', managerMotivation: 'busy' }, 'boss');
      expect(await snapshot(engine, a.instanceId)).toEqual(['Adjust vacation request|kermit||']);
      await completeByName(engine, a.instanceId, 'Adjust vacation request', { resendRequest: 'true' });
      expect(await snapshot(engine, a.instanceId)).toEqual(['Handle vacation request|||management']);
      expect((await completeByName(engine, a.instanceId, 'Handle vacation request', { vacationApproved: true }, 'boss')).ended).toBe(true);
      expect((await engine.getInstance(a.instanceId)).endActivityId).toBe('theEnd1');
      const b = await engine.start({ definitionId, userId: 'kermit', variables: vars });
      await completeByName(engine, b.instanceId, 'Handle vacation request', { vacationApproved: 'false', managerMotivation: 'no' }, 'boss');
      expect((await completeByName(engine, b.instanceId, 'Adjust vacation request', { resendRequest: 'false' })).ended).toBe(true);
      expect((await engine.getInstance(b.instanceId)).endActivityId).toBe('theEnd2');
    },
  },
  'flowable-FinancialReportProcess.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await snapshot(engine, instanceId)).toEqual(['Write monthly financial report|||accountancy']);
      await completeByName(engine, instanceId, 'Write monthly financial report', undefined, 'fozzie');
      expect(await snapshot(engine, instanceId)).toEqual(['Verify monthly financial report|||management']);
      expect((await completeByName(engine, instanceId, 'Verify monthly financial report', undefined, 'kermit')).ended).toBe(true);
    },
  },
  'ruoyibudget-budgetProcess.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const groups = { deptLeaderGroup: '101', branchLeaderGroup: '102', hqLeaderGroup: '103' };
      const a = await engine.start({ definitionId, userId: '1', variables: groups });
      expect(await snapshot(engine, a.instanceId)).toEqual(['部门领导审批|||101']);
      await completeByName(engine, a.instanceId, '部门领导审批', { result: 'pass' }, '7');
      expect(await snapshot(engine, a.instanceId)).toEqual(['分公司领导审批|||102']);
      await completeByName(engine, a.instanceId, '分公司领导审批', { result: 'pass' }, '8');
      expect(await snapshot(engine, a.instanceId)).toEqual(['总公司领导审批|||103']);
      expect((await completeByName(engine, a.instanceId, '总公司领导审批', { result: 'pass' }, '9')).ended).toBe(true);
      expect((await engine.getInstance(a.instanceId)).endActivityId).toBe('endEventApproved');
      const b = await engine.start({ definitionId, userId: '1', variables: groups });
      await completeByName(engine, b.instanceId, '部门领导审批', { result: 'pass' }, '7');
      expect((await completeByName(engine, b.instanceId, '分公司领导审批', { result: 'reject' }, '8')).ended).toBe(true);
      expect((await engine.getInstance(b.instanceId)).endActivityId).toBe('endEventRejected');
      const c = await engine.start({ definitionId, userId: '1', variables: groups });
      await expect(completeByName(engine, c.instanceId, '部门领导审批', {}, '7')).rejects.toThrow('Unknown property used in expression: ${result == \'pass\'}');
      expect(await snapshot(engine, c.instanceId)).toEqual(['部门领导审批|||101']);
    },
  },
  'bpmnengine-succeeding-joins.bpmn': {
    // Flowable semantics (no dead-path elimination): the joins can never all fire, so the instance
    // stays visibly stuck — running, no task, tokens waiting at the joins — and nothing crashes.
    run: async (engine, definitionId) => {
      for (const [takeJoin1, takeJoin2] of [[true, false], [false, true], [true, true], [false, false]]) {
        const { instanceId, ended } = await engine.start({ definitionId, userId: '1', variables: { variables: { takeJoin1, takeJoin2 } } });
        expect(ended).toBe(false);
        expect((await engine.getInstance(instanceId)).state).toBe('running');
        expect(await names(engine, instanceId)).toEqual([]);
        expect((await engine.nodeData(instanceId)).some((n) => n.key.startsWith('join') && !n.completed)).toBe(true);
      }
    },
  },
  'tony2y-seed-flow_a9z4w99d.bpmn': {
    run: async (engine, definitionId) => {
      expect((await engine.getDefinition({ definitionId })).category).toBe('oa');
      const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { field101: 'x', day: 2 } });
      expect(await snapshot(engine, instanceId)).toEqual(['行政||1,2|']);
      const [t] = await engine.instanceTasks(instanceId);
      expect(await engine.nextFlowNode({ taskId: t.taskId })).toMatchObject({ type: 'candidateGroups', dataType: 'dynamic', vars: 'approval' });
      await engine.complete({ taskId: t.taskId, userId: '2', comment: '同意', variables: { approval: '1,2' } });
      expect(await snapshot(engine, instanceId)).toEqual(['老板|||1,2']);
      expect((await engine.todoList({ userId: '5', groupIds: ['2'] })).rows.map((r) => r.taskName)).toEqual(['老板']);
      expect((await completeByName(engine, instanceId, '老板', undefined, '5')).ended).toBe(true);
    },
  },
  'flowable-simpleMultiInstanceWithCollectionVariable.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { elements: ['a', 'b', 'c'] } });
      expect(await names(engine, instanceId)).toEqual(['Multi', 'Multi', 'Multi']);
      const ts = await engine.instanceTasks(instanceId);
      await engine.complete({ taskId: ts[0].taskId, userId: 'u' });
      await engine.complete({ taskId: ts[1].taskId, userId: 'u' });
      expect((await engine.complete({ taskId: ts[2].taskId, userId: 'u' })).ended).toBe(true);
      await expect(engine.start({ definitionId, userId: '1' })).rejects.toThrow(/Unknown property used in expression: \$\{elements\}/);
      expect((await engine.myProcessList({ userId: '1' })).total).toBe(1);
    },
  },
};

const files = fs.readdirSync(corpusDir).filter((f) => /\.(bpmn|xml)$/.test(f)).sort();

describe('bpmn corpus', () => {
  it('has a case for every corpus file', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files.filter((f) => !cases[f])).toEqual([]);
  });
  for (const file of files) {
    const c = cases[file];
    if (!c) continue;
    it(`${'refused' in c ? 'REFUSED' : 'RUNS'}: ${file}`, async () => {
      const rec: Recorder = { events: [], counters: {} };
      const { engine, store } = await makeEngine(handlers(rec));
      if ('refused' in c) {
        await expect(engine.deploy({ xml: readCorpus(file) })).rejects.toThrow(c.refused);
        expect((await engine.listDefinitions({})).total).toBe(0);
        return;
      }
      const d = await engine.deploy({ xml: readCorpus(file) });
      await c.run(engine, d.definitionId, rec, store);
    });
  }
});

describe('sequential multi-instance (corpus #9 without its boundary timer)', () => {
  const xml = readCorpus('flowable-MultiInstanceTest.sequentialUserTasks.bpmn20.xml')
    .replace(/<boundaryEvent[\s\S]*?<\/boundaryEvent>/, '')
    .replace(/<sequenceFlow id="flow3"[^>]*\/>/, '')
    .replace(/<userTask id="taskAfterTimer" \/>/, '');
  it('one task at a time, kermit_0..2, then the end; nrOfLoops=10 ends after 5', async () => {
    const { engine } = await makeEngine();
    const { definitionId } = await engine.deploy({ xml });
    const a = await engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 3 } });
    for (let i = 0; i < 3; i++) {
      expect(await snapshot(engine, a.instanceId)).toEqual([`My Task|kermit_${i}||`]);
      const r = await completeByName(engine, a.instanceId, 'My Task');
      expect(r.ended).toBe(i === 2);
    }
    const b = await engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 10 } });
    for (let i = 0; i < 5; i++) {
      const vars = await engine.variables({ taskId: (await engine.instanceTasks(b.instanceId))[0].taskId });
      expect(vars.nrOfLoops).toBe(10);
      expect((await completeByName(engine, b.instanceId, 'My Task')).ended).toBe(i === 4);
    }
  });
});
