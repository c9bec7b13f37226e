/**
 * Config entries (`sys_config`, reference §2 "Config"): paged list, one entry, the value of a
 * key, the unique key lookup, insert, update and delete.
 */
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysConfig } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { preparedFor } from '../../../core/prepared';
import { contains, orderOf, pageOf, withinDays, type DbTx } from '../../common/query.repo';
import { configCache } from './config.cache';

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
export function selectConfigValue(db: DbTx, configKey: string): string | undefined {
  // Prepared once per handle (core/prepared.ts): the engine's budgets read it in every command's
  // transaction, where the config cache is bypassed (issue 39 "npm run bench stays within 5 %").
  const q = preparedFor(db, 'config.value', () => db.select({ v: sysConfig.configValue }).from(sysConfig)
    .where(eq(sysConfig.configKey, sql.placeholder('configKey'))).prepare());
  return q.get({ configKey })?.v;
}

/**
 * The value of `configKey` through the config cache (RuoYi `sys_config:<key>`), or undefined when
 * there is no such entry. Changes through the config services, refreshCache, and writes that
 * bypass them are all seen at once (config.cache.ts).
 */
export function getConfigValue(db: Db, configKey: string): string | undefined {
  return configCache.get(db, configKey, () => selectConfigValue(db, configKey));
}

/** Entries by name (LIKE), key (LIKE), type and creation days, ordered by configId. */
export function listConfigs(db: DbTx, f: ConfigFilter): Page<ConfigRow> {
  const where = and(contains(sysConfig.configName, f.configName), contains(sysConfig.configKey, f.configKey),
    f.configType ? eq(sysConfig.configType, f.configType) : undefined, ...withinDays(sysConfig.createTime, f));
  const order = orderOf(configColumns, f, [asc(sysConfig.configId)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(sysConfig).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(sysConfig).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

export const findConfigById = (db: DbTx, configId: number) => db.select().from(sysConfig).where(eq(sysConfig.configId, configId)).get();

/** Another entry with this key (RuoYi checkConfigKeyUnique). */
export function configKeyTaken(db: DbTx, configKey: string, exceptId?: number): boolean {
  return db.select({ id: sysConfig.configId }).from(sysConfig)
    .where(and(eq(sysConfig.configKey, configKey), exceptId === undefined ? undefined : ne(sysConfig.configId, exceptId))).get() !== undefined;
}

export type ConfigValues = Pick<ConfigRow, 'configName' | 'configKey' | 'configValue' | 'configType' | 'remark'>;

export function insertConfig(db: DbTx, v: ConfigValues, by: string, when: string): number {
  return db.insert(sysConfig).values({ ...v, createBy: by, createTime: when }).returning({ id: sysConfig.configId }).get().id;
}

export function updateConfig(db: DbTx, configId: number, v: Partial<ConfigValues>, by: string, when: string): number {
  return db.update(sysConfig).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysConfig.configId, configId)).run().changes;
}

export const findConfigsByIds = (db: DbTx, configIds: number[]) => db.select().from(sysConfig).where(inArray(sysConfig.configId, configIds)).all();

export const deleteConfigs = (db: DbTx, configIds: number[]) => db.delete(sysConfig).where(inArray(sysConfig.configId, configIds)).run().changes;
