/**
 * The dictionary cache (reference §2 `GET /system/dict/data/type/{dictType}`, Redis
 * `sys_dict:<type>` in RuoYi): the enabled entries of a type by dictSort, kept per type and
 * dropped by the services after every committed change of that type (common/read-cache.ts).
 *
 * On the async store (issue 43): entries load through the store (`getAsync`); the cache is kept
 * per store, whose table versions its change stamp compares (server/db/table-versions.ts: SQLite's
 * TEMP triggers and data_version, PostgreSQL's own writes and notifications). A hit calls no
 * database and awaits nothing.
 */
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { ReadCache, type CacheStore } from '../../common/read-cache';
import { PreSerialized } from '../../../core/pre-serialized';
import { enabledDictData, type DictDataRow } from './dict-data.repo';

/** What the dictionary readers take: a store (its `db` for the query, itself for the cache). */
type DictStore = Pick<Store<Db>, 'db'> & CacheStore;

/** Per type: the frozen entries with their JSON text (the lookup's answer, serialised once). */
export const dictCache = new ReadCache<PreSerialized<DictDataRow[]>>(['sys_dict_data']);

/** The enabled entries of `dictType` with their JSON text, from the cache. */
export const dictAnswer = (store: DictStore, dictType: string): Promise<PreSerialized<DictDataRow[]>> =>
  dictCache.getAsync(store, dictType, async () =>
    new PreSerialized(Object.freeze((await enabledDictData(store, dictType)).map((row) => Object.freeze(row))) as DictDataRow[]));

/** The enabled entries of `dictType` ([] when none; frozen), from the cache. */
export const dictEntries = async (store: DictStore, dictType: string): Promise<DictDataRow[]> => (await dictAnswer(store, dictType)).value;

/** Drops the cached entries of the listed types of `store`'s cache. */
export function dropDicts(store: CacheStore, ...types: string[]): void {
  for (const t of new Set(types)) dictCache.drop(store, t);
}

/** Drops every cached type of `store`'s cache (refreshCache). */
export const dropAllDicts = (store: CacheStore): void => dictCache.drop(store);
