/**
 * `useDict('sys_normal_disable', 'sys_user_sex')` → `{ sys_normal_disable: DictOption[], … }`
 * (RuoYi's useDict; platform spec §4, §7 `GET /system/dict/data/type/{type}`, §8).
 *
 * - Each type is fetched once per session through `system.dict.data.byType` and cached per
 *   type; lists are `[]` until loaded (and stay `[]` after an empty reply, with a warning).
 * - `dropDictCache(type)`: call it after adding or updating data of `type` (spec §4); mounted
 *   hooks using that type reload it. `clearDictCache()` after the 刷新缓存 action.
 * - A failed fetch logs the error and leaves the list empty; the next mount retries.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { trpcClient } from '../lib/trpc';
import { createDictCache, type DictOption } from './dict-cache';

export type { DictOption } from './dict-cache';
export { selectDictLabel, selectDictLabels } from './dict-cache';

/** The app-wide cache over the tRPC procedure (its REST twin is /system/dict/data/type/{type}). */
export const dictCache = createDictCache((dictType) => trpcClient.system.dict.data.byType.query({ dictType }));

/** Drops the cached options of `type` (after an add or update of its data). */
export const dropDictCache = (type: string) => dictCache.drop(type);

/** Drops every cached type (after refreshCache). */
export const clearDictCache = () => dictCache.clear();

/** Options of each type by name; `[]` while loading. */
export function useDict<T extends string>(...types: T[]): Record<T, DictOption[]> {
  const version = useSyncExternalStore(dictCache.subscribe, dictCache.version);
  const key = types.join('\u0000');

  useEffect(() => {
    for (const type of types) {
      if (!dictCache.get(type)) dictCache.load(type).catch((e) => console.error(`字典 ${type} 加载失败`, e));
    }
    // `key` stands for `types`; `version` reloads a dropped type.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);

  return useMemo(() => {
    const out = {} as Record<T, DictOption[]>;
    for (const type of types) out[type] = dictCache.get(type) ?? EMPTY;
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);
}

const EMPTY: DictOption[] = [];
