/**
 * The synchronous config reader (issue 43), a twin of ./config.repo.ts `configValue`, kept for the
 * one reader that cannot await yet: the workflow engine's budgets
 * (server/modules/flowable/common/budgets.ts `positiveConfig`, `engineLimits`, and
 * simulate-budget.ts through them), read by the engine synchronously inside its commands (the
 * `limits.*` functions server/app.ts passes to createEngine). The upload quota reads the async
 * `configValue` since issue 44.
 * Same query and the same config cache (config.cache.ts, keyed by the store: the one over `db`,
 * sqliteStoreOf) as the async reader; delete this file when the engine's budgets move.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysConfig } from '../../../db/schema';
import { preparedFor } from '../../../core/prepared';
import type { DbTx } from '../../common/query.repo';
import { configCache } from './config.cache';
import { sqliteStoreOf } from '../../../db/store/sqlite';

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
  return configCache.get(sqliteStoreOf(db), configKey, () => selectConfigValue(db, configKey));
}
