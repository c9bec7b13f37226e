import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  debounce, DRAWING_ITEMS, DRAWING_ITEMS_VERSION_KEY, getDrawingList, getFormConf, getIdGlobal, getTreeNodeId, saveDrawingList, saveFormConf, saveIdGlobal,
  saveTreeNodeId, SAVE_DEBOUNCE_MS,
} from './storage';

function memoryStore() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, String(v)) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('storage', () => {
  it('resets the drawing list when the version is not 1.2', () => {
    const store = memoryStore();
    store.setItem(DRAWING_ITEMS, '[{"__config__":{"formId":1}}]');
    store.setItem(DRAWING_ITEMS_VERSION_KEY, '1.1');
    expect(getDrawingList(store)).toBeNull();
    expect(store.data.get(DRAWING_ITEMS_VERSION_KEY)).toBe('1.2');
    expect(store.data.get(DRAWING_ITEMS)).toBe('[]');
  });

  it('round-trips the drawing list, counters and form configuration', () => {
    const store = memoryStore();
    store.setItem(DRAWING_ITEMS_VERSION_KEY, '1.2');
    saveDrawingList([{ __config__: { formId: 101 }, __vModel__: 'field101' }], store);
    expect(getDrawingList(store)).toEqual([{ __config__: { formId: 101 }, __vModel__: 'field101' }]);
    expect(getIdGlobal(store)).toBe(100);
    expect(getTreeNodeId(store)).toBe(100);
    saveIdGlobal(105, store);
    saveTreeNodeId(120, store);
    expect(getIdGlobal(store)).toBe(105);
    expect(getTreeNodeId(store)).toBe(120);
    expect(getFormConf(store)).toBeNull();
    saveFormConf({ labelWidth: 80 }, store);
    expect(getFormConf(store)).toEqual({ labelWidth: 80 });
  });

  it('reads bad JSON as nothing and strips prototype keys', () => {
    const store = memoryStore();
    store.setItem(DRAWING_ITEMS_VERSION_KEY, '1.2');
    store.setItem(DRAWING_ITEMS, '{oops');
    expect(getDrawingList(store)).toBeNull();
    store.setItem('formConf', '{"__proto__":{"x":1},"gutter":3}');
    const conf = getFormConf(store)!;
    expect(conf).toEqual({ gutter: 3 });
    expect((conf as Record<string, unknown>).x).toBeUndefined();
  });

  it('uses localStorage by default', () => {
    const store = memoryStore();
    vi.stubGlobal('localStorage', store);
    saveIdGlobal(140);
    expect(store.data.get('idGlobal')).toBe('140');
    expect(getIdGlobal()).toBe(140);
  });

  it('debounces saves by 340 ms', () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const d = debounce((n: number) => calls.push(n));
    d.run(1);
    vi.advanceTimersByTime(200);
    d.run(2);
    vi.advanceTimersByTime(SAVE_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([2]);
    d.run(3);
    d.flush();
    expect(calls).toEqual([2, 3]);
    d.run(4);
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([2, 3]);
  });
});
