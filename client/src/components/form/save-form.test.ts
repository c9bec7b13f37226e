import { beforeEach, describe, expect, it, vi } from 'vitest';

const toasts: string[] = [];
vi.mock('../../lib/modal/toaster', () => ({ msgSuccess: (text: string) => toasts.push(text) }));

const { saveForm } = await import('./save-form');

/** A mutator that records its calls and succeeds (or not) at once. */
function mutator<V>(succeed = true) {
  const calls: V[] = [];
  return { calls, mutate(v: V, o: { onSuccess: () => void }) { calls.push(v); if (succeed) o.onSuccess(); } };
}

describe('saveForm (spec §8 success messages)', () => {
  beforeEach(() => { toasts.length = 0; });

  it('adds when isAdd: 新增成功, then onSaved', () => {
    const add = mutator<{ name: string }>();
    const update = mutator<{ name: string; id: number }>();
    const saved = vi.fn();
    saveForm(true, add, update, { name: 'a' }, { name: 'a', id: 1 }, saved);
    expect(add.calls).toEqual([{ name: 'a' }]);
    expect(update.calls).toEqual([]);
    expect(toasts).toEqual(['新增成功']);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('updates otherwise: 修改成功, then onSaved', () => {
    const add = mutator<{ name: string }>();
    const update = mutator<{ name: string; id: number }>();
    const saved = vi.fn();
    saveForm(false, add, update, { name: 'b' }, { name: 'b', id: 2 }, saved);
    expect(update.calls).toEqual([{ name: 'b', id: 2 }]);
    expect(add.calls).toEqual([]);
    expect(toasts).toEqual(['修改成功']);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('a refused save shows nothing and keeps the dialog (onSaved not called)', () => {
    const saved = vi.fn();
    saveForm(true, mutator<object>(false), mutator<object>(), {}, {}, saved);
    expect(toasts).toEqual([]);
    expect(saved).not.toHaveBeenCalled();
  });
});
