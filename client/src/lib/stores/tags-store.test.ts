import { beforeEach, describe, expect, it } from 'vitest';
import { addView, delAllViews, delCachedView, delLeftViews, delOthersViews, delRightViews, delView, initAffixViews, resetTags, tagsStore } from './tags-store';

const view = (path: string, extra = {}) => ({ path, fullPath: path, title: path, ...extra });
const paths = () => tagsStore.get().visited.map((v) => v.path);

describe('tags store', () => {
  beforeEach(() => {
    resetTags();
    initAffixViews([view('/index')]);
    ['/a', '/b', '/c', '/d'].forEach((p) => addView(view(p, { noCache: p === '/d' })));
  });

  it('adds views once and caches all but noCache ones', () => {
    addView(view('/a', { fullPath: '/a?x=1' }));
    expect(paths()).toEqual(['/index', '/a', '/b', '/c', '/d']);
    expect(tagsStore.get().visited[1].fullPath).toBe('/a?x=1');
    expect(tagsStore.get().cached).toEqual(['/a', '/b', '/c']);
  });

  it('never closes affix views', () => {
    delView('/index');
    delAllViews();
    expect(paths()).toEqual(['/index']);
    expect(tagsStore.get().cached).toEqual([]);
  });

  it('closes others, left and right', () => {
    delLeftViews('/b');
    expect(paths()).toEqual(['/index', '/b', '/c', '/d']);
    delRightViews('/c');
    expect(paths()).toEqual(['/index', '/b', '/c']);
    delOthersViews('/c');
    expect(paths()).toEqual(['/index', '/c']);
    expect(tagsStore.get().cached).toEqual(['/c']);
  });

  it('drops only the cache on refresh', () => {
    delCachedView('/b');
    expect(paths()).toContain('/b');
    expect(tagsStore.get().cached).not.toContain('/b');
  });
});
