/**
 * The config cache (reference §2 Config: RuoYi keeps values in Redis as `sys_config:<key>`):
 * key → value (undefined for a missing key), dropped by the config services after each committed
 * change and by refreshCache; see common/read-cache.ts for the safety net against other writers.
 */
import { ReadCache } from '../../common/read-cache';

export const configCache = new ReadCache<string | undefined>(['sys_config']);
