/**
 * Conformance over EVERY file in tests/workflow/corpus (its SOURCES.md lists the sources and expected outcomes).
 * Each case either RUNS (deploy, start, act, assert active tasks / assignees / candidates after
 * each step and the end reached) or is REFUSED at deploy with a message naming the element id
 * and type. A corpus file without a case fails the suite.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../server/engine';
import type { Db } from '../../server/db/client';
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
  | { run: (engine: Engine, definitionId: string, rec: Recorder, db: Db) => void | Promise<void> };

type RunCase = { run: (engine: Engine, definitionId: string, rec: Recorder) => void };
const xorCase = (expectations: Array<[number, string | RegExp]>): RunCase => ({
  run: (engine, definitionId) => {
    for (const [input, expected] of expectations) {
      if (expected instanceof RegExp) {
        expect(() => engine.start({ definitionId, userId: '1', variables: { input } })).toThrow(expected);
        continue;
      }
      const s = engine.start({ definitionId, userId: '1', variables: { input } });
      expect(names(engine, s.instanceId)).toEqual([expected]);
      expect(completeByName(engine, s.instanceId, expected).ended).toBe(true);
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
    run: (engine, definitionId) => {
      xorCase([[1, 'Task 1'], [2, 'Task 2'], [3, 'Task 3']]).run(engine, definitionId, { events: [], counters: {} });
      expect(() => engine.start({ definitionId, userId: '1', variables: { iinput: 1 } })).toThrow('Unknown property used in expression: ${input == 1}');
    },
  },
  'flowable-ExclusiveGatewayTest.testDefaultSequenceFlow.bpmn20.xml': xorCase([[1, 'Input is one'], [3, 'Input is three'], [5, 'Default input']]),
  'flowable-ExclusiveGatewayTest.testNoSequenceFlowSelected.bpmn20.xml': xorCase([[4, NO_FLOW], [1, 'Task 1'], [2, 'Task 2'], [3, 'Task 3']]),
  'flowable-ExclusiveGatewayTest.testMultipleValidConditions.bpmn20.xml': xorCase([[5, 'Task 2'], [1, 'Task 1'], [0, NO_FLOW]]),
  'flowable-ParallelGatewayTest.testForkJoin.bpmn20.xml': {
    run: (engine, definitionId) => {
      for (const first of ['Receive Payment', 'Ship Order']) {
        const { instanceId } = engine.start({ definitionId, userId: '1' });
        expect(names(engine, instanceId)).toEqual(['Receive Payment', 'Ship Order']);
        completeByName(engine, instanceId, first);
        expect(names(engine, instanceId)).toEqual([first === 'Ship Order' ? 'Receive Payment' : 'Ship Order']);
        completeByName(engine, instanceId, names(engine, instanceId)[0]);
        expect(names(engine, instanceId)).toEqual(['Archive Order']);
        expect(completeByName(engine, instanceId, 'Archive Order').ended).toBe(true);
      }
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksCompletionCondition.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      expect(names(engine, instanceId)).toEqual(['My Task 0', 'My Task 1', 'My Task 2', 'My Task 3', 'My Task 4']);
      completeByName(engine, instanceId, 'My Task 0');
      expect(names(engine, instanceId)).toHaveLength(4);
      completeByName(engine, instanceId, 'My Task 3');
      expect(names(engine, instanceId)).toHaveLength(3);
      expect(completeByName(engine, instanceId, 'My Task 1').ended).toBe(true);
      expect(names(engine, instanceId)).toEqual([]);
      expect(engine.flowRecord(instanceId).filter((r) => r.deleteReason === 'MI_END')).toHaveLength(2);
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksBasedOnCollection.bpmn20.xml': {
    run: (engine, definitionId) => {
      const assigneeList = ['kermit', 'gonzo', 'mispiggy', 'fozzie', 'bubba'];
      const { instanceId } = engine.start({ definitionId, userId: '1', variables: { assigneeList } });
      expect(engine.instanceTasks(instanceId).map((t) => t.assignee).sort()).toEqual([...assigneeList].sort());
      expect(names(engine, instanceId)).toEqual(['My Task 0', 'My Task 1', 'My Task 2', 'My Task 3', 'My Task 4']);
      completeByName(engine, instanceId, 'My Task 4');
      completeByName(engine, instanceId, 'My Task 0');
      expect(names(engine, instanceId)).toHaveLength(3);
      expect(completeByName(engine, instanceId, 'My Task 2').ended).toBe(true);
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksCustomExtensions.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId } = engine.start({ definitionId, userId: '1', variables: { assigneeList: ['kermit', 'gonzo', 'fozzie'] } });
      expect(snapshot(engine, instanceId)).toEqual(['My Task 0|kermit||', 'My Task 1|gonzo||', 'My Task 2|fozzie||']);
      completeByName(engine, instanceId, 'My Task 0');
      completeByName(engine, instanceId, 'My Task 1');
      expect(names(engine, instanceId)).toEqual(['My Task 2']);
      expect(completeByName(engine, instanceId, 'My Task 2').ended).toBe(true);
    },
  },
  // Interrupting timer boundary event (stretch) is refused; the sequential MI itself is exercised in
  // the "sequential multi-instance" scenario below with the boundary event removed from the same XML.
  'flowable-MultiInstanceTest.sequentialUserTasks.bpmn20.xml': {
    // With its interrupting 2h timer boundary on the MI body: the sequence runs; the timer cancels the whole body.
    run: (engine, definitionId) => {
      const a = engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 3 } });
      for (let i = 0; i < 3; i++) {
        expect(snapshot(engine, a.instanceId)).toEqual([`My Task|kermit_${i}||`]);
        expect(completeByName(engine, a.instanceId, 'My Task').ended).toBe(i === 2);
      }
      const b = engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 3 } });
      completeByName(engine, b.instanceId, 'My Task');
      expect(engine.fireDueTimers({ now: Date.UTC(2026, 0, 5, 3, 0, 1), owner: 't' }).fired).toBe(1);
      expect(engine.instanceTasks(b.instanceId).map((t) => t.taskDefKey)).toEqual(['taskAfterTimer']);
    },
  },
  'flowable-MultiInstanceTest.testExecutionListener.bpmn20.xml': {
    run: (engine, definitionId, rec) => {
      const countersignAssigneeList = ['zjl0', 'zjl1', 'zjl3'];
      const a = engine.start({ definitionId, userId: '1', variables: { countersignAssigneeList, approveResult: 'notpass' } });
      expect(snapshot(engine, a.instanceId)).toEqual(['AUDIT|zjl0||', 'AUDIT|zjl1||', 'AUDIT|zjl3||']);
      for (const t of engine.instanceTasks(a.instanceId)) engine.complete({ taskId: t.taskId, userId: t.assignee! });
      expect(snapshot(engine, a.instanceId)).toEqual(['Im not pass|||']);
      expect(rec.counters).toMatchObject({ endInstance: 3, endBody: 1 });
      expect(completeByName(engine, a.instanceId, 'Im not pass').ended).toBe(true);
      const b = engine.start({ definitionId, userId: '1', variables: { countersignAssigneeList, approveResult: 'pass' } });
      let last;
      for (const t of engine.instanceTasks(b.instanceId)) last = engine.complete({ taskId: t.taskId, userId: t.assignee!, localVariables: { csApproveResult: 'pass' } });
      expect(last!.ended).toBe(true);
    },
  },
  'flowable-MultiInstanceTest.testParallelUserTasksExecutionAndTaskListeners.bpmn20.xml': {
    run: (engine, definitionId, rec) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      expect(snapshot(engine, instanceId)).toEqual(['My Task 0|kermit_0||', 'My Task 1|kermit_1||', 'My Task 2|kermit_2||']);
      for (const t of engine.instanceTasks(instanceId)) engine.complete({ taskId: t.taskId, userId: t.assignee! });
      expect(rec.counters).toMatchObject({ taskComplete: 3, startInstance: 3, startBody: 1 });
      expect(names(engine, instanceId)).toEqual([]);
      expect(engine.getInstance(instanceId).state).toBe('running');
      expect(engine.nodeData(instanceId)).toContainEqual({ key: 'waitState', completed: false });
      expect(engine.trigger({ instanceId, activityId: 'waitState' }).ended).toBe(true);
    },
  },
  'flowable-TaskListenerTest.bpmn20.xml': {
    run: (engine, definitionId, rec) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      const [t1] = engine.instanceTasks(instanceId);
      expect(t1.name).toBe('Schedule meeting');
      expect(engine.getTask(t1.taskId).description).toBe('TaskCreateListener is listening!');
      expect(rec.events).toEqual(['create']);
      engine.setAssignee({ taskId: t1.taskId, assignee: 'kermit' });
      expect(engine.getTask(t1.taskId).description).toBe('Assignee changed to kermit');
      completeByName(engine, instanceId, 'Schedule meeting');
      expect(rec.events).toEqual(['create', 'assignment', 'complete', 'delete']);
      expect(engine.variables({ instanceId })).toMatchObject({ greeting: 'Hello from The Process', shortName: 'Act', greeting2: 'Write meeting notes' });
      expect(names(engine, instanceId)).toEqual(['Write meeting notes']);
      expect(completeByName(engine, instanceId, 'Write meeting notes').ended).toBe(true);
    },
  },
  'flowable-ExecutionListenersProcess.bpmn20.xml': {
    run: (engine, definitionId, rec) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      expect(engine.variables({ instanceId })).toMatchObject({ variableSetInExecutionListener: 'firstValue', eventReceived: 'start' });
      expect(engine.instanceTasks(instanceId).map((t) => t.taskDefKey)).toEqual(['firstTask']);
      engine.complete({ taskId: engine.instanceTasks(instanceId)[0].taskId, userId: '1' });
      expect(engine.variables({ instanceId }).variableSetInExecutionListener).toBe('secondValue');
      engine.complete({ taskId: engine.instanceTasks(instanceId)[0].taskId, userId: '1' });
      expect(rec.events).toEqual(['myPojo.myMethod(end)']);
      expect(engine.instanceTasks(instanceId).map((t) => t.taskDefKey)).toEqual(['thirdTask']);
      expect(engine.complete({ taskId: engine.instanceTasks(instanceId)[0].taskId, userId: '1' }).ended).toBe(true);
      expect(rec.events).toEqual(['myPojo.myMethod(end)', 'end:End Process Listener']);
    },
  },
  'flowable-TaskCandidateTest.testMixedCandidateUserAndGroup.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      expect(snapshot(engine, instanceId)).toEqual(['Write financial report||kermit|sales']);
      expect(engine.todoList({ userId: 'kermit' }).total).toBe(1);
      expect(engine.todoList({ userId: 'fozzie', groupIds: ['sales'] }).total).toBe(1);
      expect(engine.todoList({ userId: 'gonzo', groupIds: ['management'] }).total).toBe(0);
      const [t] = engine.instanceTasks(instanceId);
      expect(() => engine.claim({ taskId: t.taskId, userId: 'gonzo', groupIds: ['management'] })).toThrow('当前用户不是该任务的办理人');
      engine.claim({ taskId: t.taskId, userId: 'fozzie', groupIds: ['sales'] });
      expect(snapshot(engine, instanceId)).toEqual(['Write financial report|fozzie|kermit|sales']);
      expect(engine.todoList({ userId: 'kermit' }).total).toBe(0);
      expect(engine.complete({ taskId: t.taskId, userId: 'fozzie' }).ended).toBe(true);
    },
  },
  'flowable-VacationRequest.bpmn20.xml': {
    run: (engine, definitionId) => {
      const vars = { numberOfDays: 3, vacationMotivation: 'rest', startDate: '2026-02-01' };
      const a = engine.start({ definitionId, userId: 'kermit', variables: vars });
      expect(engine.variables({ instanceId: a.instanceId }).employeeName).toBe('kermit');
      expect(snapshot(engine, a.instanceId)).toEqual(['Handle vacation request|||management']);
      expect(engine.getTask(engine.instanceTasks(a.instanceId)[0].taskId).description).toContain('kermit would like to take 3 day(s)');
      completeByName(engine, a.instanceId, 'Handle vacation request', { vacationApproved: 'false', managerMotivation: 'busy' }, 'boss');
      expect(snapshot(engine, a.instanceId)).toEqual(['Adjust vacation request|kermit||']);
      completeByName(engine, a.instanceId, 'Adjust vacation request', { resendRequest: 'true' });
      expect(snapshot(engine, a.instanceId)).toEqual(['Handle vacation request|||management']);
      expect(completeByName(engine, a.instanceId, 'Handle vacation request', { vacationApproved: true }, 'boss').ended).toBe(true);
      expect(engine.getInstance(a.instanceId).endActivityId).toBe('theEnd1');
      const b = engine.start({ definitionId, userId: 'kermit', variables: vars });
      completeByName(engine, b.instanceId, 'Handle vacation request', { vacationApproved: 'false', managerMotivation: 'no' }, 'boss');
      expect(completeByName(engine, b.instanceId, 'Adjust vacation request', { resendRequest: 'false' }).ended).toBe(true);
      expect(engine.getInstance(b.instanceId).endActivityId).toBe('theEnd2');
    },
  },
  'flowable-FinancialReportProcess.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      expect(snapshot(engine, instanceId)).toEqual(['Write monthly financial report|||accountancy']);
      completeByName(engine, instanceId, 'Write monthly financial report', undefined, 'fozzie');
      expect(snapshot(engine, instanceId)).toEqual(['Verify monthly financial report|||management']);
      expect(completeByName(engine, instanceId, 'Verify monthly financial report', undefined, 'kermit').ended).toBe(true);
    },
  },
  'ruoyibudget-budgetProcess.bpmn20.xml': {
    run: (engine, definitionId) => {
      const groups = { deptLeaderGroup: '101', branchLeaderGroup: '102', hqLeaderGroup: '103' };
      const a = engine.start({ definitionId, userId: '1', variables: groups });
      expect(snapshot(engine, a.instanceId)).toEqual(['部门领导审批|||101']);
      completeByName(engine, a.instanceId, '部门领导审批', { result: 'pass' }, '7');
      expect(snapshot(engine, a.instanceId)).toEqual(['分公司领导审批|||102']);
      completeByName(engine, a.instanceId, '分公司领导审批', { result: 'pass' }, '8');
      expect(snapshot(engine, a.instanceId)).toEqual(['总公司领导审批|||103']);
      expect(completeByName(engine, a.instanceId, '总公司领导审批', { result: 'pass' }, '9').ended).toBe(true);
      expect(engine.getInstance(a.instanceId).endActivityId).toBe('endEventApproved');
      const b = engine.start({ definitionId, userId: '1', variables: groups });
      completeByName(engine, b.instanceId, '部门领导审批', { result: 'pass' }, '7');
      expect(completeByName(engine, b.instanceId, '分公司领导审批', { result: 'reject' }, '8').ended).toBe(true);
      expect(engine.getInstance(b.instanceId).endActivityId).toBe('endEventRejected');
      const c = engine.start({ definitionId, userId: '1', variables: groups });
      expect(() => completeByName(engine, c.instanceId, '部门领导审批', {}, '7')).toThrow('Unknown property used in expression: ${result == \'pass\'}');
      expect(snapshot(engine, c.instanceId)).toEqual(['部门领导审批|||101']);
    },
  },
  'bpmnengine-succeeding-joins.bpmn': {
    // Flowable semantics (no dead-path elimination): the joins can never all fire, so the instance
    // stays visibly stuck — running, no task, tokens waiting at the joins — and nothing crashes.
    run: (engine, definitionId) => {
      for (const [takeJoin1, takeJoin2] of [[true, false], [false, true], [true, true], [false, false]]) {
        const { instanceId, ended } = engine.start({ definitionId, userId: '1', variables: { variables: { takeJoin1, takeJoin2 } } });
        expect(ended).toBe(false);
        expect(engine.getInstance(instanceId).state).toBe('running');
        expect(names(engine, instanceId)).toEqual([]);
        expect(engine.nodeData(instanceId).some((n) => n.key.startsWith('join') && !n.completed)).toBe(true);
      }
    },
  },
  'tony2y-seed-flow_a9z4w99d.bpmn': {
    run: (engine, definitionId) => {
      expect(engine.getDefinition({ definitionId }).category).toBe('oa');
      const { instanceId } = engine.start({ definitionId, userId: '1', variables: { field101: 'x', day: 2 } });
      expect(snapshot(engine, instanceId)).toEqual(['行政||1,2|']);
      const [t] = engine.instanceTasks(instanceId);
      expect(engine.nextFlowNode({ taskId: t.taskId })).toMatchObject({ type: 'candidateGroups', dataType: 'dynamic', vars: 'approval' });
      engine.complete({ taskId: t.taskId, userId: '2', comment: '同意', variables: { approval: '1,2' } });
      expect(snapshot(engine, instanceId)).toEqual(['老板|||1,2']);
      expect(engine.todoList({ userId: '5', groupIds: ['2'] }).rows.map((r) => r.taskName)).toEqual(['老板']);
      expect(completeByName(engine, instanceId, '老板', undefined, '5').ended).toBe(true);
    },
  },
  'flowable-simpleMultiInstanceWithCollectionVariable.bpmn20.xml': {
    run: (engine, definitionId) => {
      const { instanceId } = engine.start({ definitionId, userId: '1', variables: { elements: ['a', 'b', 'c'] } });
      expect(names(engine, instanceId)).toEqual(['Multi', 'Multi', 'Multi']);
      const ts = engine.instanceTasks(instanceId);
      engine.complete({ taskId: ts[0].taskId, userId: 'u' });
      engine.complete({ taskId: ts[1].taskId, userId: 'u' });
      expect(engine.complete({ taskId: ts[2].taskId, userId: 'u' }).ended).toBe(true);
      expect(() => engine.start({ definitionId, userId: '1' })).toThrow(/Unknown property used in expression: \$\{elements\}/);
      expect(engine.myProcessList({ userId: '1' }).total).toBe(1);
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
      const { engine, db } = makeEngine(handlers(rec));
      if ('refused' in c) {
        await expect(engine.deploy({ xml: readCorpus(file) })).rejects.toThrow(c.refused);
        expect(engine.listDefinitions({}).total).toBe(0);
        return;
      }
      const d = await engine.deploy({ xml: readCorpus(file) });
      await c.run(engine, d.definitionId, rec, db);
    });
  }
});

describe('sequential multi-instance (corpus #9 without its boundary timer)', () => {
  const xml = readCorpus('flowable-MultiInstanceTest.sequentialUserTasks.bpmn20.xml')
    .replace(/<boundaryEvent[\s\S]*?<\/boundaryEvent>/, '')
    .replace(/<sequenceFlow id="flow3"[^>]*\/>/, '')
    .replace(/<userTask id="taskAfterTimer" \/>/, '');
  it('one task at a time, kermit_0..2, then the end; nrOfLoops=10 ends after 5', async () => {
    const { engine } = makeEngine();
    const { definitionId } = await engine.deploy({ xml });
    const a = engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 3 } });
    for (let i = 0; i < 3; i++) {
      expect(snapshot(engine, a.instanceId)).toEqual([`My Task|kermit_${i}||`]);
      const r = completeByName(engine, a.instanceId, 'My Task');
      expect(r.ended).toBe(i === 2);
    }
    const b = engine.start({ definitionId, userId: '1', variables: { nrOfLoops: 10 } });
    for (let i = 0; i < 5; i++) {
      const vars = engine.variables({ taskId: engine.instanceTasks(b.instanceId)[0].taskId });
      expect(vars.nrOfLoops).toBe(10);
      expect(completeByName(engine, b.instanceId, 'My Task').ended).toBe(i === 4);
    }
  });
});
