/**
 * The config cache (reference §2 Config: RuoYi keeps values in Redis as `sys_config:<key>`):
 * key → value (undefined for a missing key), dropped by the config services after each committed
 * change and by refreshCache; see common/read-cache.ts for the safety net against other writers.
 * Shared by the async reader (config.repo.ts `configValue`, keyed by the store) and the synchronous
 * one (config-sync.repo.ts `getConfigValue`, keyed by the store over `deps.db`, sqliteStoreOf): on
 * SQLite both are the same store, so a value loaded by one is a hit for the other and one drop
 * clears both (issue 43).
 */
import { ReadCache } from '../../common/read-cache';

export const configCache = new ReadCache<string | undefined>(['sys_config']);
