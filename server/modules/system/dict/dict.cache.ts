/**
 * The dictionary cache (reference §2 `GET /system/dict/data/type/{dictType}`, Redis
 * `sys_dict:<type>` in RuoYi): the enabled entries of a type by dictSort, kept per type and
 * dropped by the services after every committed change of that type (common/read-cache.ts).
 */
import type { Db } from '../../../db/client';
import { ReadCache } from '../../common/read-cache';
import { PreSerialized } from '../../../core/pre-serialized';
import { enabledDictData, type DictDataRow } from './dict-data.repo';

/** Per type: the frozen entries with their JSON text (the lookup's answer, serialised once). */
export const dictCache = new ReadCache<PreSerialized<DictDataRow[]>>(['sys_dict_data']);

/** The enabled entries of `dictType` with their JSON text, from the cache. */
export const dictAnswer = (db: Db, dictType: string): PreSerialized<DictDataRow[]> =>
  dictCache.get(db, dictType, () => new PreSerialized(Object.freeze(enabledDictData(db, dictType).map((row) => Object.freeze(row))) as DictDataRow[]));

/** The enabled entries of `dictType` ([] when none; frozen), from the cache. */
export const dictEntries = (db: Db, dictType: string): DictDataRow[] => dictAnswer(db, dictType).value;

/** Drops the cached entries of the listed types. */
export function dropDicts(db: Db, ...types: string[]): void {
  for (const t of new Set(types)) dictCache.drop(db, t);
}

/** Drops every cached type (refreshCache). */
export const dropAllDicts = (db: Db): void => dictCache.drop(db);
