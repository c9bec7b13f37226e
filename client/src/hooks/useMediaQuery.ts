/**
 * `useMediaQuery(query)`: true while the CSS media query (e.g. `(max-width: 639px)`) matches the
 * viewport; follows window resizes and rotations. False where `matchMedia` is missing (tests
 * without a DOM, server rendering).
 */
import { useSyncExternalStore } from 'react';

/** See the file comment. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches,
    () => false,
  );
}
