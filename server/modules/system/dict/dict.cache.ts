/**
 * The dictionary cache (reference §2 `GET /system/dict/data/type/{dictType}`, Redis
 * `sys_dict:<type>` in RuoYi): the enabled entries of a type by dictSort, kept per type and
 * dropped by the services after every committed change of that type (common/read-cache.ts).
 */
import type { Db } from '../../../db/client';
import { ReadCache } from '../../common/read-cache';
import { enabledDictData, type DictDataRow } from './dict-data.repo';

export const dictCache = new ReadCache<DictDataRow[]>(['sys_dict_data']);

/** The enabled entries of `dictType` ([] when none), from the cache. */
export const dictEntries = (db: Db, dictType: string): DictDataRow[] => dictCache.get(db, dictType, () => enabledDictData(db, dictType));

/** Drops the cached entries of the listed types. */
export function dropDicts(db: Db, ...types: string[]): void {
  for (const t of new Set(types)) dictCache.drop(db, t);
}

/** Drops every cached type (refreshCache). */
export const dropAllDicts = (db: Db): void => dictCache.drop(db);
