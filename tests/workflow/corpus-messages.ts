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

export type MessageCase = { run: (engine: Engine, definitionId: string) => void | Promise<void> };

/** Activity ids of the instance's waiting message subscriptions, oldest first. */
const waits = async (engine: Engine, instanceId: string) => (await engine.eventWaits({ instanceId })).subscriptions.map((s) => s.activityId);

export const messageCases: Record<string, MessageCase> = {
  'handwritten-multipleMessageStartEvents.bpmn20.xml': {
    run: async (engine, definitionId) => {
      // Each message starts the process at its own start event.
      const a = await engine.correlateMessage({ messageName: 'newInvoiceMessage', userId: '1' });
      expect(a.started).toBe(true);
      expect(await names(engine, a.instanceId)).toEqual(['Task after message start']);
      const b = await engine.correlateMessage({ messageName: 'newInvoiceMessage2', userId: '1' });
      expect(await names(engine, b.instanceId)).toEqual(['Task after message start 2']);
      // Started by key (or definition id), the first message start event is the default (Flowable).
      const byKey = await engine.start({ key: 'testProcess', userId: '1', businessKey: 'BK-1' });
      expect(await engine.getInstance(byKey.instanceId)).toMatchObject({ businessKey: 'BK-1', definitionId, startUserId: '1' });
      expect(await names(engine, byKey.instanceId)).toEqual(['Task after message start']);
      expect(await engine.variables({ instanceId: byKey.instanceId })).toMatchObject({ INITIATOR: '1' });
      const byId = await engine.start({ definitionId, userId: '2' });
      expect(await names(engine, byId.instanceId)).toEqual(['Task after message start']);
      expect((await engine.nodeData(byId.instanceId)).map((n) => n.key)).toContain('messageStart');
      // The start form's next-node probe walks from the same start event.
      expect((await engine.nextFlowNodeByStart({ definitionId })).nodes).toEqual([{ id: 'taskAfterMessageStart', name: 'Task after message start' }]);
    },
  },
  'handwritten-concurrentIntermediateMessageEvent.bpmn20.xml': {
    run: async (engine, definitionId) => {
      // One instance waits twice for newInvoiceMessage: each delivery takes the oldest wait.
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await waits(engine, instanceId)).toEqual(['messageCatch1', 'messageCatch2']);
      expect(await engine.messageTarget({ messageName: 'newInvoiceMessage', instanceId })).toEqual({ kind: 'instance', instanceId });
      expect(await engine.correlateMessage({ messageName: 'newInvoiceMessage', instanceId })).toEqual({ instanceId, started: false });
      expect(await waits(engine, instanceId)).toEqual(['messageCatch2']);
      expect(await names(engine, instanceId)).toEqual([]);
      // Named by business key (or not at all): the only instance that waits.
      expect((await engine.correlateMessage({ messageName: 'newInvoiceMessage' })).instanceId).toBe(instanceId);
      expect(await waits(engine, instanceId)).toEqual([]);
      expect(await names(engine, instanceId)).toEqual(['Task after messages']);
      // The caller names the wait: by activity, then by execution.
      const other = await engine.start({ definitionId, userId: '1', businessKey: 'INV-2' });
      await engine.correlateMessage({ messageName: 'newInvoiceMessage', businessKey: 'INV-2', activityId: 'messageCatch2' });
      expect(await waits(engine, other.instanceId)).toEqual(['messageCatch1']);
      const third = await engine.start({ definitionId, userId: '1' });
      // Two instances wait: without an instance it is ambiguous; a wait that is not there is named.
      await expect(engine.correlateMessage({ messageName: 'newInvoiceMessage' })).rejects.toThrow('消息 newInvoiceMessage 匹配到多个等待中的流程，请指定流程实例或业务键');
      await expect(engine.correlateMessage({ messageName: 'newInvoiceMessage', instanceId: other.instanceId, activityId: 'messageCatch2' })).rejects
        .toThrow('没有等待消息 newInvoiceMessage 的流程');
      const exec2 = (await engine.eventWaits({ instanceId: third.instanceId })).subscriptions.find((s) => s.activityId === 'messageCatch2')!.executionId!;
      await engine.correlateMessage({ messageName: 'newInvoiceMessage', executionId: exec2 });
      expect(await waits(engine, third.instanceId)).toEqual(['messageCatch1']);
      expect(await waits(engine, other.instanceId)).toEqual(['messageCatch1']);
    },
  },
  'flowable-UserTaskTest.testTaskNameWithExpression.bpmn20.xml': {
    run: async (engine, definitionId) => {
      // Unknown variable: the name stays as written and the start succeeds (Flowable logs a warning).
      const a = await engine.start({ definitionId, userId: '1' });
      expect(await names(engine, a.instanceId)).toEqual(['${testVar}']);
      expect((await engine.flowRecord(a.instanceId)).find((r) => r.taskDefKey === 'theTask')?.taskName).toBe('${testVar}');
      const b = await engine.start({ definitionId, userId: '1', variables: { testVar: '审核发票' } });
      expect(await names(engine, b.instanceId)).toEqual(['审核发票']);
    },
  },
};
