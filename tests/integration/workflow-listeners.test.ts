/**
 * The seeded listener library names only handlers this product registers (issue 11 §7), and
 * models imported from RuoYi-flowable that name `com.ruoyi.flowable.listener.*` still deploy and
 * run: those names are aliases of the registered handlers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app';
import { sysListener } from '../../server/db/schema';
import { createEngine, type ListenerHandler } from '../../server/engine';
import { workflowHandlers } from '../../server/modules/flowable/common/handlers';
import { LEGACY_LISTENER_ALIASES } from '../../server/modules/flowable/common/builtin-listeners';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.app.close(); });

/** A start → task → end model whose listeners use the given class names. */
function model(key: string, names: { exec: string; task: string; taskComplete: string; end: string }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <process id="${key}" name="监听" isExecutable="true">
    <extensionElements>
      <flowable:executionListener event="start" class="${names.exec}"/>
      <flowable:executionListener event="end" class="${names.end}"/>
    </extensionElements>
    <startEvent id="s"/>
    <sequenceFlow id="f1" sourceRef="s" targetRef="t1"/>
    <userTask id="t1" name="审批" flowable:assignee="1">
      <extensionElements>
        <flowable:taskListener event="create" class="${names.task}"><flowable:field name="level" stringValue="1"/></flowable:taskListener>
        <flowable:taskListener event="complete" class="${names.taskComplete}"/>
        <flowable:executionListener event="start" class="${names.exec}"/>
      </extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="t1" targetRef="e"/>
    <endEvent id="e"/>
  </process>
</definitions>`;
}

const LEGACY = {
  exec: 'com.ruoyi.flowable.listener.FlowExecutionListener',
  task: 'com.ruoyi.flowable.listener.UserTaskListener',
  taskComplete: 'com.ruoyi.flowable.listener.FlowTaskListener',
  end: 'com.ruoyi.flowable.listener.FlowEndListener',
};

describe('workflow listeners', () => {
  it('every seeded library row names a registered handler, none a Java class', async () => {
    const rows = await t.app.deps.store.db.select().from(sysListener);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(r.valueType).toBe('classListener');
      expect(Object.prototype.hasOwnProperty.call(workflowHandlers.listeners, r.value)).toBe(true);
      expect(r.value).toMatch(/^caishui\.listener\./);
    }
  });

  it('a model using the seeded names deploys and runs to its end', async () => {
    const rows = await t.app.deps.store.db.select().from(sysListener);
    const byType = (type: string) => rows.find((r) => r.type === type)!.value;
    const engine = t.app.deps.engine;
    const names = { exec: byType('2'), task: byType('1'), taskComplete: byType('1'), end: rows.find((r) => r.eventType === 'end')!.value };
    const { definitionId } = await engine.deploy({ xml: model('seeded_names', names), name: '新名', category: 'oa' });
    const started = await engine.start({ definitionId, userId: '1' });
    expect(started.tasks).toHaveLength(1);
    expect((await engine.complete({ taskId: started.tasks[0].taskId, userId: '1' })).ended).toBe(true);
  });

  it('a RuoYi model naming com.ruoyi.flowable.listener.* still deploys and runs, calling the registered handlers', async () => {
    const deployed = await t.app.deps.engine.deploy({ xml: model('legacy_names', LEGACY), name: '旧名', category: 'oa' });
    const started = await t.app.deps.engine.start({ definitionId: deployed.definitionId, userId: '1' });
    expect((await t.app.deps.engine.complete({ taskId: started.tasks[0].taskId, userId: '1' })).ended).toBe(true);
    expect((await t.app.deps.engine.getInstance(started.instanceId)).endTime).not.toBeNull();

    // The same registry, each handler wrapped to record which name the engine called it by.
    const calls: string[] = [];
    const listeners: Record<string, ListenerHandler> = {};
    for (const [name, h] of Object.entries(workflowHandlers.listeners!)) {
      listeners[name] = (ctx) => { calls.push(`${name}:${ctx.eventName}`); h(ctx); };
    }
    const engine = createEngine({ store: t.app.deps.store, clock: t.clock, handlers: { listeners } });
    const d2 = await engine.deploy({ xml: model('legacy_traced', LEGACY), name: '旧名2', category: 'oa' });
    const s2 = await engine.start({ definitionId: d2.definitionId, userId: '1' });
    await engine.complete({ taskId: s2.tasks[0].taskId, userId: '1' });
    expect(calls).toEqual(expect.arrayContaining([
      `${LEGACY.exec}:start`, `${LEGACY.task}:create`, `${LEGACY.taskComplete}:complete`, `${LEGACY.end}:end`,
    ]));
    for (const name of Object.keys(LEGACY_LISTENER_ALIASES)) expect(workflowHandlers.listeners![name]).toBeTypeOf('function');
  });

  it('task.setAssignee in a create listener assigns the task and fires the assignment listeners', async () => {
    // Guards the engine's listener → task-ops wiring (passed in, not imported back, since §6).
    const calls: string[] = [];
    const engine = createEngine({ store: t.app.deps.store, clock: t.clock, handlers: { listeners: {
      setter: (ctx) => ctx.task!.setAssignee('2'),
      trace: (ctx) => { calls.push(`${ctx.eventName}:${ctx.task?.assignee ?? '-'}`); },
    } } });
    const xml = model('set_assignee', { exec: 'trace', task: 'setter', taskComplete: 'trace', end: 'trace' })
      .replace('<flowable:executionListener event="start" class="trace"/>\n      </extensionElements>\n    </userTask>',
        '<flowable:taskListener event="assignment" class="trace"/>\n      </extensionElements>\n    </userTask>')
      .replace('flowable:assignee="1"', '');
    expect(xml).toContain('event="assignment"');
    const { definitionId } = await engine.deploy({ xml, name: '指派', category: 'oa' });
    const started = await engine.start({ definitionId, userId: '1' });
    expect(started.tasks[0].assignee).toBe('2');
    expect(calls).toContain('assignment:2');
  });

  it('an unregistered class still fails the deploy', async () => {
    await expect(t.app.deps.engine.deploy({ xml: model('unknown_names', { ...LEGACY, task: 'com.ruoyi.flowable.listener.Nope' }), name: 'x', category: 'oa' }))
      .rejects.toThrow('监听器未注册: com.ruoyi.flowable.listener.Nope');
  });
});
