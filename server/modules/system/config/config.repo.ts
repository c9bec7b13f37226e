/**
 * Config entries (`sys_config`, reference §2 "Config"): paged list, one entry, the value of a
 * key, the unique key lookup, insert, update and delete.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one); writes run inside the caller's
 * `store.transaction`. The synchronous reader of a value for code that cannot await (the engine's
 * budgets) is ./config-sync.repo.ts `getConfigValue`.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { sysConfig } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync, withinDays } from '../../common/query.repo';
import { configCache } from './config.cache';
import type { CacheStore } from '../../common/read-cache';

type ConfigStore = Pick<Store<Db>, 'db'>;

export type ConfigRow = typeof sysConfig.$inferSelect;

export interface ConfigFilter extends Partial<PageInput> {
  configName?: string;
  configKey?: string;
  configType?: string;
}

export const configColumns = {
  configId: sysConfig.configId, configName: sysConfig.configName, configKey: sysConfig.configKey,
  configValue: sysConfig.configValue, configType: sysConfig.configType, createTime: sysConfig.createTime,
};

/** The stored value of `configKey`, or undefined when there is no such entry (uncached). */
export async function findConfigValue({ db }: ConfigStore, configKey: string): Promise<string | undefined> {
  return firstRow(await db.select({ v: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, configKey)).limit(1))?.v;
}

/**
 * The value of `configKey` through the config cache (RuoYi `sys_config:<key>`), or undefined when
 * there is no such entry: a hit calls no database and awaits nothing (ReadCache.getAsync). Changes
 * through the config services, refreshCache, and writes that bypass them are all seen at once
 * (config.cache.ts). The synchronous twin: ./config-sync.repo.ts `getConfigValue`.
 */
export function configValue(store: ConfigStore & CacheStore, configKey: string): Promise<string | undefined> {
  return configCache.getAsync(store, configKey, () => findConfigValue(store, configKey));
}

/** Entries by name (LIKE), key (LIKE), type and creation days, ordered by configId. */
export async function listConfigs({ db }: ConfigStore, f: ConfigFilter): Promise<Page<ConfigRow>> {
  const where = and(contains(sysConfig.configName, f.configName, db), contains(sysConfig.configKey, f.configKey, db),
    f.configType ? eq(sysConfig.configType, f.configType) : undefined, ...withinDays(sysConfig.createTime, f));
  const order = orderOf(configColumns, f, [asc(sysConfig.configId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysConfig).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysConfig).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** One entry by id, or undefined. */
export async function findConfigById({ db }: ConfigStore, configId: number): Promise<ConfigRow | undefined> {
  return firstRow(await db.select().from(sysConfig).where(eq(sysConfig.configId, configId)).limit(1));
}

/** Another entry with this key (RuoYi checkConfigKeyUnique). */
export async function configKeyTaken({ db }: ConfigStore, configKey: string, exceptId?: number): Promise<boolean> {
  return firstRow(await db.select({ id: sysConfig.configId }).from(sysConfig)
    .where(and(eq(sysConfig.configKey, configKey), exceptId === undefined ? undefined : ne(sysConfig.configId, exceptId))).limit(1)) !== undefined;
}

export type ConfigValues = Pick<ConfigRow, 'configName' | 'configKey' | 'configValue' | 'configType' | 'remark'>;

/** Inserts an entry with its creator and time; returns the new id. */
export async function insertConfig({ db }: ConfigStore, v: ConfigValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysConfig).values({ ...v, createBy: by, createTime: when }).returning({ id: sysConfig.configId });
  return row.id;
}

/** Updates the given fields (undefined ones stay) and the updater; returns the changed row count. */
export async function updateConfig({ db }: ConfigStore, configId: number, v: Partial<ConfigValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(sysConfig).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysConfig.configId, configId)));
}

/** The entries among `configIds`. */
export async function findConfigsByIds({ db }: ConfigStore, configIds: number[]): Promise<ConfigRow[]> {
  return db.select().from(sysConfig).where(inArray(sysConfig.configId, configIds));
}

/** Deletes the entries; returns the deleted row count. */
export async function deleteConfigs({ db }: ConfigStore, configIds: number[]): Promise<number> {
  return changesOf(await db.delete(sysConfig).where(inArray(sysConfig.configId, configIds)));
}
