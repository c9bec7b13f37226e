/**
 * What 缓存监控 (issue 41 §5; RuoYi CacheController over Redis) knows of one in-memory cache of
 * this process: the caches themselves stay where they are (session-cache.ts, read-cache.ts,
 * CaptchaStore, the engine's definition cache) and each offers this view of itself, listed by
 * server/modules/monitor/cache/cache-sources.ts.
 *
 * Memory is an estimate, not a measurement (V8 gives no per-object sizes): for each entry the
 * UTF-8 bytes of its key and of the JSON text of its value, plus ENTRY_OVERHEAD_BYTES for the Map
 * entry and object headers. It is the right order of magnitude, not the exact heap share.
 */

/** Bytes counted per entry besides its key and value text (a Map slot and an object header, roughly). */
export const ENTRY_OVERHEAD_BYTES = 64;

/** Hits and misses of a cache since the process started (a miss loaded the value afresh). */
export interface CacheStats {
  hits: number;
  misses: number;
}

/** One cache as the monitor sees it. Keys are the cache's own keys, without the RuoYi-style name prefix. */
export interface MonitoredCache {
  /** RuoYi-style name ending in `:` (`sys_dict:`); the full key of an entry is name + key. */
  name: string;
  /** What it holds, in Chinese (RuoYi's remark: 用户信息, 配置信息, 数据字典, 验证码 …). */
  remark: string;
  /** What clearing it does, in Chinese (the screen's confirm text). */
  clearNote: string;
  /** The keys held now, sorted (a promise for a cache held in the database). */
  keys(): string[] | Promise<string[]>;
  /** The value of `key` as the monitor may show it (no secrets), or undefined when not held. */
  value(key: string): unknown;
  /** Estimated bytes held (see ENTRY_OVERHEAD_BYTES). */
  bytes(): number | Promise<number>;
  stats(): CacheStats;
  /** Drops `key`, or every entry when `key` is omitted. */
  clear(key?: string): void | Promise<void>;
  /**
   * True for a cache held in the database, shared by every process (the captcha answers, issue
   * 44): a clear runs once, in the request that asks for it, and is not replayed by the other
   * processes (cache-sync), which would drop entries made after it.
   */
  shared?: boolean;
}

/** UTF-8 bytes of `key` and of the JSON text of `value` plus ENTRY_OVERHEAD_BYTES (undefined values count as 0 bytes). */
export function estimateEntryBytes(key: string, value: unknown): number {
  let text: string | undefined;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    text = undefined;
  }
  return ENTRY_OVERHEAD_BYTES + Buffer.byteLength(key) + (text ? Buffer.byteLength(text) : 0);
}

/** The sum of estimateEntryBytes over `entries`. */
export function estimateBytes(entries: Iterable<[string, unknown]>): number {
  let n = 0;
  for (const [k, v] of entries) n += estimateEntryBytes(k, v);
  return n;
}

/** A hit/miss counter a cache bumps on each lookup. */
export class HitCounter implements CacheStats {
  hits = 0;
  misses = 0;

  /** Counts one lookup: a hit when `hit`, else a miss. */
  note(hit: boolean): void {
    if (hit) this.hits++;
    else this.misses++;
  }

  /** The counts now, as a plain object. */
  snapshot(): CacheStats {
    return { hits: this.hits, misses: this.misses };
  }
}
