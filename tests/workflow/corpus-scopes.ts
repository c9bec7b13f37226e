/**
 * Corpus cases for the scope files (tests/workflow/corpus/SOURCES.md, "Scopes"): embedded
 * sub-process, error boundary on a sub-process, terminate end event, call activity (main + child).
 * Merged into the table of corpus.test.ts; each asserts the tasks after every step and the end.
 */
import { expect } from 'vitest';
import type { Engine } from '../../server/engine';
import type { Store } from '../../server/db/store/port';
import { names, completeByName, readCorpus } from './helpers';

export type ScopeCase = { run: (engine: Engine, definitionId: string, rec: unknown, store: Store) => void | Promise<void> };

const hiTasks = async (store: Store, instanceId: string) => (await store.all<{ name: string; r: string | null }>(
  'SELECT name, delete_reason AS r FROM wf_hi_taskinst WHERE instance_id = ? ORDER BY create_time, id', [instanceId]))
  .map((t) => `${t.name}${t.r ? ' (cancelled)' : ''}`);

export const scopeCases: Record<string, ScopeCase> = {
  'handwritten-subProcessSimple.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect((await engine.instanceTasks(instanceId)).map((t) => `${t.name}|${t.assignee}`)).toEqual(['Task in subprocess|kermit']);
      expect((await completeByName(engine, instanceId, 'Task in subprocess')).ended).toBe(false);
      expect(await names(engine, instanceId)).toEqual(['Task after subprocess']);
      expect((await completeByName(engine, instanceId, 'Task after subprocess')).ended).toBe(true);
      const types = await store.all<{ t: string }>("SELECT activity_type AS t FROM wf_hi_actinst WHERE instance_id = ? AND activity_id = 'subProcess'", [instanceId]);
      expect(types).toEqual([{ t: 'subProcess' }]);
    },
  },
  'handwritten-boundaryErrorOnSubprocess.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await names(engine, instanceId)).toEqual(['Task in subprocess']);
      await completeByName(engine, instanceId, 'Task in subprocess');
      expect(await names(engine, instanceId)).toEqual(['Escalated Task']);
      expect((await completeByName(engine, instanceId, 'Escalated Task')).ended).toBe(true);
    },
  },
  'handwritten-terminateEndEvent.bpmn20.xml': {
    run: async (engine, definitionId, _rec, store) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect(await names(engine, instanceId)).toEqual(['Other branch', 'check before end']);
      expect((await completeByName(engine, instanceId, 'check before end', undefined, 'u')).ended).toBe(true);
      expect((await hiTasks(store, instanceId)).sort()).toEqual(['Other branch (cancelled)', 'check before end']);
      expect(await engine.getInstance(instanceId)).toMatchObject({ endActivityId: 'EndEvent_2' });
    },
  },
  'handwritten-callSimpleSubProcess-child.bpmn20.xml': {
    run: async (engine, definitionId) => {
      const { instanceId } = await engine.start({ definitionId, userId: '1' });
      expect((await completeByName(engine, instanceId, 'Task in subprocess')).ended).toBe(true);
    },
  },
  'handwritten-callSimpleSubProcess-main.bpmn20.xml': {
    run: async (engine, definitionId) => {
      await expect(engine.start({ definitionId, userId: '1' })).rejects.toThrow('流程定义不存在');
      await engine.deploy({ xml: readCorpus('handwritten-callSimpleSubProcess-child.bpmn20.xml') });
      const { instanceId } = await engine.start({ definitionId, userId: '1', variables: { superVariable: 'Hello from the super process.' } });
      expect(await names(engine, instanceId)).toEqual([]);
      const [child] = await engine.childInstances(instanceId);
      expect((await engine.variables({ instanceId: child.instanceId })).subVariable).toBe('Hello from the super process.');
      expect((await completeByName(engine, child.instanceId, 'Task in subprocess', { subResult: 42 })).ended).toBe(true);
      expect(await names(engine, instanceId)).toEqual(['Task after subprocess']);
      expect((await engine.variables({ instanceId })).superResult).toBe(42);
      expect((await completeByName(engine, instanceId, 'Task after subprocess')).ended).toBe(true);
    },
  },
};
