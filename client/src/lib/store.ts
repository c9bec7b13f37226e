/**
 * A minimal external store for React (useSyncExternalStore), used by the app stores instead of
 * a state library.
 */
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  /** Current snapshot (replace it, never mutate it). */
  get(): T;
  /** Replaces the state with `next` or with `fn(prev)`, merging a partial object. */
  set(next: Partial<T> | ((prev: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a store holding `initial`. */
export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      const patch = typeof next === 'function' ? next(state) : next;
      state = { ...state, ...patch };
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads `select(state)` from a store and re-renders when it changes. */
export function useStore<T extends object, S = T>(store: Store<T>, select?: (s: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => (select ? select(store.get()) : (store.get() as unknown as S)),
  );
}
