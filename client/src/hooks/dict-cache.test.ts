import { describe, expect, it, vi } from 'vitest';
import { createDictCache, dictValues, selectDictLabel, selectDictLabels, toDictOptions, type DictEntryLike } from './dict-cache';

const entries: DictEntryLike[] = [
  { dictLabel: '正常', dictValue: '0', listClass: 'primary', cssClass: '' },
  { dictLabel: '停用', dictValue: '1', listClass: 'danger', cssClass: 'bold' },
];

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('toDictOptions', () => {
  it('maps RuoYi names', () => {
    expect(toDictOptions(entries)[1]).toMatchObject({ label: '停用', value: '1', elTagType: 'danger', elTagClass: 'bold' });
    expect(toDictOptions([{ dictLabel: 'a', dictValue: 'b', listClass: null }])[0]).toMatchObject({ elTagType: '', elTagClass: '' });
  });
});

describe('createDictCache', () => {
  it('fetches a type once and serves it from the cache', async () => {
    const fetcher = vi.fn(async () => entries);
    const cache = createDictCache(fetcher);
    const [a, b] = await Promise.all([cache.load('sys_normal_disable'), cache.load('sys_normal_disable')]);
    expect(a).toBe(b);
    await cache.load('sys_normal_disable');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.get('sys_normal_disable')).toHaveLength(2);
  });

  it('drops a type so the next load fetches again, and notifies', async () => {
    const fetcher = vi.fn(async () => entries);
    const cache = createDictCache(fetcher);
    const listener = vi.fn();
    cache.subscribe(listener);
    await cache.load('t');
    const v = cache.version();
    cache.drop('t');
    expect(cache.get('t')).toBeUndefined();
    expect(cache.version()).toBeGreaterThan(v);
    await cache.load('t');
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenCalled();
  });

  it('does not store a reply that was in flight when the type was dropped', async () => {
    const first = deferred<DictEntryLike[]>();
    const fetcher = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce([entries[0]]);
    const cache = createDictCache(fetcher);
    const stale = cache.load('t');
    cache.drop('t');
    const fresh = await cache.load('t');
    first.resolve(entries);
    await stale;
    expect(fresh).toHaveLength(1);
    expect(cache.get('t')).toHaveLength(1);
  });

  it('warns on an empty reply and caches []', async () => {
    const warn = vi.fn();
    const cache = createDictCache(async () => null, warn);
    expect(await cache.load('none')).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('none'));
    expect(cache.get('none')).toEqual([]);
  });

  it('caches nothing when the fetch fails', async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(entries);
    const cache = createDictCache(fetcher);
    await expect(cache.load('t')).rejects.toThrow('x');
    expect(cache.get('t')).toBeUndefined();
    expect(await cache.load('t')).toHaveLength(2);
  });

  it('clears every type', async () => {
    const cache = createDictCache(async () => entries);
    await cache.load('a');
    await cache.load('b');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });
});

describe('labels', () => {
  const options = toDictOptions(entries);
  it('selects labels, falling back to the value', () => {
    expect(selectDictLabel(options, 1)).toBe('停用');
    expect(selectDictLabel(options, '9')).toBe('9');
    expect(selectDictLabel(options, null)).toBe('');
    expect(selectDictLabels(options, '0,1')).toBe('正常,停用');
    expect(selectDictLabels(options, ['1'])).toBe('停用');
  });
  it('splits tag values', () => {
    expect(dictValues('0, 1')).toEqual(['0', '1']);
    expect(dictValues(0)).toEqual(['0']);
    expect(dictValues(['a', 'b'])).toEqual(['a', 'b']);
    expect(dictValues('')).toEqual([]);
  });
});
