/**
 * 缓存监控 shapes (issue 41 §5; RuoYi CacheController): inputs of the cache rows and what they answer.
 */
import { z } from 'zod';
import { controlCharsMessage, isOneLine } from '../text';

const cacheNameField = z.string().trim().min(1, '缓存名称不能为空').max(100, '缓存名称过长').refine(isOneLine, controlCharsMessage('缓存名称'));
const cacheKeyField = z.string().trim().min(1, '缓存键名不能为空').max(300, '缓存键名过长').refine(isOneLine, controlCharsMessage('缓存键名'));

/** `getKeys/{cacheName}`, `clearCacheName/{cacheName}`. */
export const cacheNameInput = z.object({ cacheName: cacheNameField });
/** `clearCacheKey/{cacheKey}` (the full key, name included). */
export const cacheKeyInput = z.object({ cacheKey: cacheKeyField });
/** `getValue/{cacheName}/{cacheKey}`. */
export const cacheValueInput = z.object({ cacheName: cacheNameField, cacheKey: cacheKeyField });

/** One cache with its figures (ours). */
export interface CacheRow {
  /** RuoYi-style name ending in `:`. */
  cacheName: string;
  remark: string;
  keyCount: number;
  /** Estimated bytes (keys and JSON values in UTF-8, plus 64 bytes per entry). */
  bytes: number;
  hits: number;
  misses: number;
  /** Percentage, two decimals. */
  hitRatio: number;
  /** What clearing it does (confirm text). */
  clearNote: string;
}

/** `GET /monitor/cache` data. */
export interface CacheOverview {
  /** RuoYi's Redis INFO keys mapped to this process, plus ours; all values are strings as INFO gives them. */
  info: Record<string, string>;
  /** Keys in all caches. */
  dbSize: number;
  /** Hits per cache, as RuoYi's pie data (value is a string, as RuoYi's). */
  commandStats: { name: string; value: string }[];
  caches: CacheRow[];
}

/** `GET /monitor/cache/getNames` rows: RuoYi's SysCache plus CacheRow. */
export interface CacheNameRow extends CacheRow {
  cacheKey: string;
  cacheValue: string;
}

/** `GET /monitor/cache/getValue/...` data (RuoYi SysCache). */
export interface CacheValue {
  cacheName: string;
  cacheKey: string;
  /** JSON text of the value as it may be shown; null when the key is not held. */
  cacheValue: string | null;
  remark: string;
}
