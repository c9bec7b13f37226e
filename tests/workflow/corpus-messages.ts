/**
 * Corpus cases of issue 39 items 4–6 (tests/workflow/corpus/SOURCES.md, "Message starts, repeated
 * message waits, task names with expressions"): a process with only message start events started
 * by key (the first start event is the initial one, Flowable's StartEventParseHandler); one instance
 * waiting twice for one message (delivered one wait at a time, oldest subscription first, or the
 * named execution / activity); a task name whose expression cannot be evaluated (kept as written,
 * Flowable's UserTaskActivityBehavior). Merged into the table of corpus.test.ts.
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import { names } from './helpers';

export type MessageCase = { run: (engine: Engine, definitionId: string) => void };

/** Activity ids of the instance's waiting message subscriptions, oldest first. */
const waits = (engine: Engine, instanceId: string) => engine.eventWaits({ instanceId }).subscriptions.map((s) => s.activityId);

export const messageCases: Record<string, MessageCase> = {
  'handwritten-multipleMessageStartEvents.bpmn20.xml': {
    run: (engine, definitionId) => {
      // Each message starts the process at its own start event.
      const a = engine.correlateMessage({ messageName: 'newInvoiceMessage', userId: '1' });
      expect(a.started).toBe(true);
      expect(names(engine, a.instanceId)).toEqual(['Task after message start']);
      const b = engine.correlateMessage({ messageName: 'newInvoiceMessage2', userId: '1' });
      expect(names(engine, b.instanceId)).toEqual(['Task after message start 2']);
      // Started by key (or definition id), the first message start event is the default (Flowable).
      const byKey = engine.start({ key: 'testProcess', userId: '1', businessKey: 'BK-1' });
      expect(engine.getInstance(byKey.instanceId)).toMatchObject({ businessKey: 'BK-1', definitionId, startUserId: '1' });
      expect(names(engine, byKey.instanceId)).toEqual(['Task after message start']);
      expect(engine.variables({ instanceId: byKey.instanceId })).toMatchObject({ INITIATOR: '1' });
      const byId = engine.start({ definitionId, userId: '2' });
      expect(names(engine, byId.instanceId)).toEqual(['Task after message start']);
      expect(engine.nodeData(byId.instanceId).map((n) => n.key)).toContain('messageStart');
      // The start form's next-node probe walks from the same start event.
      expect(engine.nextFlowNodeByStart({ definitionId }).nodes).toEqual([{ id: 'taskAfterMessageStart', name: 'Task after message start' }]);
    },
  },
  'handwritten-concurrentIntermediateMessageEvent.bpmn20.xml': {
    run: (engine, definitionId) => {
      // One instance waits twice for newInvoiceMessage: each delivery takes the oldest wait.
      const { instanceId } = engine.start({ definitionId, userId: '1' });
      expect(waits(engine, instanceId)).toEqual(['messageCatch1', 'messageCatch2']);
      expect(engine.messageTarget({ messageName: 'newInvoiceMessage', instanceId })).toEqual({ kind: 'instance', instanceId });
      expect(engine.correlateMessage({ messageName: 'newInvoiceMessage', instanceId })).toEqual({ instanceId, started: false });
      expect(waits(engine, instanceId)).toEqual(['messageCatch2']);
      expect(names(engine, instanceId)).toEqual([]);
      // Named by business key (or not at all): the only instance that waits.
      expect(engine.correlateMessage({ messageName: 'newInvoiceMessage' }).instanceId).toBe(instanceId);
      expect(waits(engine, instanceId)).toEqual([]);
      expect(names(engine, instanceId)).toEqual(['Task after messages']);
      // The caller names the wait: by activity, then by execution.
      const other = engine.start({ definitionId, userId: '1', businessKey: 'INV-2' });
      engine.correlateMessage({ messageName: 'newInvoiceMessage', businessKey: 'INV-2', activityId: 'messageCatch2' });
      expect(waits(engine, other.instanceId)).toEqual(['messageCatch1']);
      const third = engine.start({ definitionId, userId: '1' });
      // Two instances wait: without an instance it is ambiguous; a wait that is not there is named.
      expect(() => engine.correlateMessage({ messageName: 'newInvoiceMessage' })).toThrow('消息 newInvoiceMessage 匹配到多个等待中的流程，请指定流程实例或业务键');
      expect(() => engine.correlateMessage({ messageName: 'newInvoiceMessage', instanceId: other.instanceId, activityId: 'messageCatch2' }))
        .toThrow('没有等待消息 newInvoiceMessage 的流程');
      const exec2 = engine.eventWaits({ instanceId: third.instanceId }).subscriptions.find((s) => s.activityId === 'messageCatch2')!.executionId!;
      engine.correlateMessage({ messageName: 'newInvoiceMessage', executionId: exec2 });
      expect(waits(engine, third.instanceId)).toEqual(['messageCatch1']);
      expect(waits(engine, other.instanceId)).toEqual(['messageCatch1']);
    },
  },
  'flowable-UserTaskTest.testTaskNameWithExpression.bpmn20.xml': {
    run: (engine, definitionId) => {
      // Unknown variable: the name stays as written and the start succeeds (Flowable logs a warning).
      const a = engine.start({ definitionId, userId: '1' });
      expect(names(engine, a.instanceId)).toEqual(['${testVar}']);
      expect(engine.flowRecord(a.instanceId).find((r) => r.taskDefKey === 'theTask')?.taskName).toBe('${testVar}');
      const b = engine.start({ definitionId, userId: '1', variables: { testVar: '审核发票' } });
      expect(names(engine, b.instanceId)).toEqual(['审核发票']);
    },
  },
};
