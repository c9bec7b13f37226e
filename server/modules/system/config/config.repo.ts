/**
 * Config entries (`sys_config`, reference §2 "Config").
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysConfig } from '../../../db/schema';

/** The value of `configKey`, or undefined when there is no such entry. */
export function getConfigValue(db: Db, configKey: string): string | undefined {
  return db.select({ v: sysConfig.configValue }).from(sysConfig).where(eq(sysConfig.configKey, configKey)).get()?.v;
}
