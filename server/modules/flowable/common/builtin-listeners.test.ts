import { describe, expect, it } from 'vitest';
import { BUILTIN_LISTENERS, LEGACY_LISTENER_ALIASES, workflowListenerRegistry } from './builtin-listeners';

describe('built-in workflow listeners', () => {
  it('are named in the product style, never as Java classes, and are registered by that name', () => {
    const registry = workflowListenerRegistry();
    for (const l of BUILTIN_LISTENERS) {
      expect(l.value).toMatch(/^caishui\.listener\.[A-Z]\w+$/);
      expect(registry[l.value]).toBe(l.handler);
    }
  });

  it('binds every old com.ruoyi.flowable.listener.* name to the handler of the name it stands for', () => {
    const registry = workflowListenerRegistry();
    const aliases = Object.keys(LEGACY_LISTENER_ALIASES);
    expect(aliases).toEqual(expect.arrayContaining([
      'com.ruoyi.flowable.listener.UserTaskListener',
      'com.ruoyi.flowable.listener.FlowExecutionListener',
      'com.ruoyi.flowable.listener.FlowEndListener',
    ]));
    for (const [alias, target] of Object.entries(LEGACY_LISTENER_ALIASES)) {
      expect(BUILTIN_LISTENERS.map((l) => l.value)).toContain(target);
      expect(registry[alias]).toBe(registry[target]);
    }
    expect(Object.keys(registry).sort()).toEqual([...BUILTIN_LISTENERS.map((l) => l.value), ...aliases].sort());
  });
});
