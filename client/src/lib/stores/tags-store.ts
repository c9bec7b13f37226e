/**
 * Tag bar state (platform spec §2 "Tag bar"): visited views and the keys of cached views.
 * Affix (pinned) views are never closed. Keys are route paths without the query.
 */
import { createStore, useStore } from '../store';

export interface TagView {
  path: string;
  /** Path plus query, what a click on the tab navigates to. */
  fullPath: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagsState {
  visited: TagView[];
  /** Paths whose view is kept mounted while hidden. */
  cached: string[];
}

export const tagsStore = createStore<TagsState>({ visited: [], cached: [] });

/** Reads the tag bar state in a component. */
export const useTags = () => useStore(tagsStore);

function withCache(visited: TagView[], cached: string[]): TagsState {
  const keep = new Set(visited.filter((v) => !v.noCache).map((v) => v.path));
  return { visited, cached: cached.filter((k) => keep.has(k)) };
}

/** Adds (or updates) a visited view and caches it unless noCache. */
export function addView(view: TagView) {
  tagsStore.set((s) => {
    const i = s.visited.findIndex((v) => v.path === view.path);
    const visited =
      i >= 0 ? s.visited.map((v, j) => (j === i ? { ...v, fullPath: view.fullPath, title: view.title || v.title } : v)) : [...s.visited, view];
    const cached = !view.noCache && !s.cached.includes(view.path) ? [...s.cached, view.path] : s.cached;
    return { visited, cached };
  });
}

/** Adds pinned views first (home). */
export function initAffixViews(views: TagView[]) {
  tagsStore.set((s) => {
    const missing = views.filter((a) => !s.visited.some((v) => v.path === a.path));
    return { visited: [...missing.map((v) => ({ ...v, affix: true })), ...s.visited] };
  });
}

/** Drops the cached state of a view (refresh). */
export function delCachedView(path: string) {
  tagsStore.set((s) => ({ cached: s.cached.filter((k) => k !== path) }));
}

/** Closes one view (pinned views stay). */
export function delView(path: string) {
  tagsStore.set((s) => withCache(s.visited.filter((v) => v.path !== path || v.affix), s.cached));
}

/** Closes every view but `path` and the pinned ones. */
export function delOthersViews(path: string) {
  tagsStore.set((s) => withCache(s.visited.filter((v) => v.affix || v.path === path), s.cached));
}

/** Closes the views left of `path` (pinned views stay). */
export function delLeftViews(path: string) {
  tagsStore.set((s) => {
    const i = s.visited.findIndex((v) => v.path === path);
    return withCache(s.visited.filter((v, j) => v.affix || j >= i), s.cached);
  });
}

/** Closes the views right of `path` (pinned views stay). */
export function delRightViews(path: string) {
  tagsStore.set((s) => {
    const i = s.visited.findIndex((v) => v.path === path);
    return withCache(s.visited.filter((v, j) => v.affix || j <= i), s.cached);
  });
}

/** Closes all views but the pinned ones. */
export function delAllViews() {
  tagsStore.set((s) => withCache(s.visited.filter((v) => v.affix), s.cached));
}

/** Clears everything (logout). */
export function resetTags() {
  tagsStore.set({ visited: [], cached: [] });
}
