/**
 * Corpus cases for issue 39's parsing items (tests/workflow/corpus/SOURCES.md, "Parsing: references,
 * ids, data objects, errors"): prefixed references (3), duplicate signal names (7), two message
 * boundaries with one message on an activity (5, deploy part), elements without ids (9), data
 * objects (10) and Chinese parse errors naming the element and line (11). Merged into the table
 * of corpus.test.ts.
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import type { Store } from '../../server/db/store/port';
import { names, completeByName, snapshot } from './helpers';

type ParseCase = { refused: RegExp } | { run: (engine: Engine, definitionId: string, rec: unknown, store: Store) => void | Promise<void> };

export const parseCases: Record<string, ParseCase> = {
  'handwritten-prefixedRefs.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      // tns:newInvoice resolves to <message id="newInvoice" name="newInvoiceMessage">: its name is awaited.
      expect((await engine.eventWaits({ instanceId })).subscriptions.map((s) => s.eventName)).toEqual(['newInvoiceMessage']);
      await engine.correlateMessage({ messageName: 'newInvoiceMessage', instanceId });
      expect(await names(engine, instanceId)).toEqual(['Review invoice']);
      // tns:alertSignal → the signal named "alert"; then tns:failure → errorCode E_FAIL is caught by the boundary.
      expect((await engine.eventWaits({ instanceId })).subscriptions.map((s) => s.eventName)).toEqual(['alert']);
      expect((await engine.broadcastSignal({ signalName: 'alert', instanceId })).triggered).toBe(1);
      expect(await names(engine, instanceId)).toEqual(['Handle failure']);
      expect((await engine.getGraph(definitionId)).nodes.subFail.event).toMatchObject({ kind: 'error', errorRef: 'failure', errorCode: 'E_FAIL' });
      expect((await completeByName(engine, instanceId, 'Handle failure')).ended).toBe(true);
    },
  },
  'handwritten-duplicateSignalNames.bpmn20.xml': {
    refused: /部署失败: 信号名称重复 "alert": alertSignal 与 alertSignal2/,
  },
  'handwritten-boundarySameMessage.bpmn20.xml': {
    refused: /部署失败: 不支持的流程元素 messageBoundary_2 \(bpmn:BoundaryEvent\): .*task.*messageName_1/,
  },
  'handwritten-eventSubProcessWithoutId.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const graph = await engine.getGraph(definitionId);
      const esp = graph.order.find((id) => graph.nodes[id].type === 'subProcess')!;
      expect(esp).toBe('subProcess_6');
      expect(graph.nodes[esp].subProcess?.children).toEqual(['cancelStart', 'handleCancel', 'cancelEnd', 'subProcess_6_endEvent_6']);
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await names(engine, instanceId)).toEqual(['Task']);
      await engine.correlateMessage({ messageName: 'cancelRequest', instanceId });
      expect(await names(engine, instanceId)).toEqual(['Handle cancel']);
      expect(await engine.nodeData(instanceId)).toContainEqual({ key: 'subProcess_6', completed: false });
      expect((await completeByName(engine, instanceId, 'Handle cancel')).ended).toBe(true);
    },
  },
  'handwritten-dataObjects.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { IntegerTest: 7 } });
      const vars = await engine.variables({ instanceId });
      expect(vars).toMatchObject({
        StringTest: 'Testing1', BooleanTest: true, DoubleTest: 123.45, LongTest: 789000000000, NoValue: null,
        DateTest: new Date(2026, 0, 15, 10, 30, 0).toISOString(),
        // A start variable of the same name overrides the data object (Flowable sets data objects first).
        IntegerTest: 7,
      });
      expect(vars).not.toHaveProperty('SubTest');
      await completeByName(engine, instanceId, 'Task');
      // The sub-process's data object is a local variable of its scope execution (the task's assignee reads it).
      expect(await snapshot(engine, instanceId)).toEqual(['Sub task|Testing2||']);
      const subVar = () => store.all<{ s: string; value: string }>("SELECT scope_id AS s, value FROM wf_variable WHERE instance_id = ? AND name = 'SubTest'", [instanceId]);
      expect(await subVar()).toEqual([{ s: expect.stringMatching(/.+/), value: '"Testing2"' }]);
      expect(await engine.variables({ instanceId })).not.toHaveProperty('SubTest');
      await completeByName(engine, instanceId, 'Sub task');
      expect(await subVar()).toEqual([]);
      expect(await names(engine, instanceId)).toEqual(['Last task']);
      expect(await engine.variables({ instanceId })).not.toHaveProperty('SubTest');
      const b = await engine.start({ definitionId, userId: '1' });
      expect((await engine.variables({ instanceId: b.instanceId })).IntegerTest).toBe(456);
    },
  },
  'handwritten-unquotedAttribute.bpmn20.xml': {
    refused: /^BPMN XML 解析失败: 第 11 行第 5 列，元素 <userTask id="approve">: 属性值缺少引号/,
  },
};
