/**
 * 缓存监控 (issue 41 §5; RuoYi CacheController, perm `monitor:cache:list`) over this process's
 * in-memory caches (./cache-sources.ts) instead of Redis. Shapes as RuoYi's client reads them:
 * - overview: `{info, dbSize, commandStats}`: `info` keeps the Redis keys RuoYi's screen shows,
 *   filled with what is true here (OVERVIEW_INFO below), plus ours; `dbSize` = keys in all caches;
 *   `commandStats` = `[{name, value}]` with each cache's hits (RuoYi: calls per Redis command);
 *   `caches` (ours) = one row per cache with key count, memory estimate and hit ratio.
 * - names: `[{cacheName, cacheKey: '', cacheValue: '', remark}]` (+ ours: keyCount, bytes, hits,
 *   misses, hitRatio, clearNote); keys of a name: full keys (`sys_dict:sys_user_sex`), sorted;
 *   value: `{cacheName, cacheKey, cacheValue, remark: ''}` with cacheValue the JSON text of the
 *   value as it may be shown (null when not held).
 * - clears: dropped in memory here at once and in other processes within a second (./cache-sync.ts).
 * Errors: an unknown cache name or a key of no known cache → 500 缓存名称不存在 / 缓存键名不属于任何缓存.
 * On the async store (issue 43): every procedure awaits the clear log's sync (and a session
 * value its row) through `deps.store`.
 */
import os from 'node:os';
import v8 from 'node:v8';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../core/errors';
import type { MonitoredCache } from '../../../core/cache-registry';
import { cacheSources } from './cache-sources';
import { publishClear, syncCacheClears } from './cache-sync';
import type { CacheNameRow, CacheOverview, CacheRow, CacheValue } from '../../../../shared/schemas/monitor/cache';

type Deps = Pick<AppDeps, 'db' | 'store' | 'clock' | 'captcha' | 'engine' | 'env'>;

/** `bytes` as RuoYi's `used_memory_human` writes it (B, K, M, G with two decimals). */
export function humanBytes(bytes: number): string {
  const units = ['B', 'K', 'M', 'G'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return i === 0 ? `${v}B` : `${v.toFixed(2)}${units[i]}`;
}

/** hits / (hits + misses) as a percentage with two decimals; 0 before any lookup. */
const ratio = (hits: number, misses: number) => (hits + misses === 0 ? 0 : Math.round((hits / (hits + misses)) * 10000) / 100);

async function row(c: MonitoredCache): Promise<CacheRow> {
  const { hits, misses } = c.stats();
  return { cacheName: c.name, remark: c.remark, keyCount: (await c.keys()).length, bytes: await c.bytes(), hits, misses, hitRatio: ratio(hits, misses), clearNote: c.clearNote };
}

/** Clears the caches held in the database (`shared`) among `caches` once, here (cache-sync does not replay them). */
async function clearShared(caches: MonitoredCache[], key: string | null): Promise<void> {
  for (const c of caches) if (c.shared) await c.clear(key ?? undefined);
}

async function sources(deps: Deps): Promise<MonitoredCache[]> {
  await syncCacheClears(deps);
  return cacheSources(deps);
}

async function byName(deps: Deps, name: string): Promise<MonitoredCache> {
  const found = (await sources(deps)).find((c) => c.name === name);
  if (!found) throw new AppError('notFound', `缓存名称不存在：${name}`);
  return found;
}

/** `GET /monitor/cache` → `{info, dbSize, commandStats, caches}` (see the file comment). */
export async function cacheOverview(deps: Deps): Promise<CacheOverview> {
  const caches = await Promise.all((await sources(deps)).map(row));
  const dbSize = caches.reduce((n, c) => n + c.keyCount, 0);
  const bytes = caches.reduce((n, c) => n + c.bytes, 0);
  const hits = caches.reduce((n, c) => n + c.hits, 0);
  const misses = caches.reduce((n, c) => n + c.misses, 0);
  const uptime = Math.floor(process.uptime());
  const info: Record<string, string> = {
    // RuoYi's keys (its screen's labels in brackets) → what is true in this process.
    redis_version: process.versions.node, // [Redis版本] the Node.js version serving the caches
    redis_mode: 'standalone', // [运行模式] one process's memory (单机)
    tcp_port: String(deps.env.PORT), // [端口] the HTTP port
    connected_clients: String(caches.find((c) => c.cacheName === 'login_tokens:')?.keyCount ?? 0), // [客户端数] sessions cached here
    uptime_in_days: String(Math.floor(uptime / 86400)), // [运行时间(天)]
    used_memory_human: humanBytes(bytes), // [使用内存] the caches' estimate
    used_cpu_user_children: (process.cpuUsage().user / 1e6).toFixed(2), // [使用CPU] user CPU seconds of the process
    maxmemory_human: humanBytes(v8.getHeapStatistics().heap_size_limit), // [内存配置] the V8 heap limit
    aof_enabled: 'no', // [AOF是否开启] caches are not persisted
    rdb_last_bgsave_status: 'n/a', // [RDB是否成功] no snapshots of caches
    instantaneous_input_kbps: 'n/a', // [网络入口] not measured
    instantaneous_output_kbps: 'n/a', // [网络出口] not measured
    // Ours.
    node_version: process.version,
    v8_version: process.versions.v8,
    platform: `${os.type()} ${os.arch()}`,
    pid: String(process.pid),
    uptime_in_seconds: String(uptime),
    cache_count: String(caches.length),
    used_memory: String(bytes),
    keyspace_hits: String(hits),
    keyspace_misses: String(misses),
    hit_ratio: String(ratio(hits, misses)),
  };
  const commandStats = caches.map((c) => ({ name: c.cacheName, value: String(c.hits) }));
  return { info, dbSize, commandStats, caches };
}

/** `GET /monitor/cache/getNames` → every cache, RuoYi's SysCache fields plus ours. */
export async function cacheNames(deps: Deps): Promise<CacheNameRow[]> {
  return Promise.all((await sources(deps)).map(async (c) => ({ ...await row(c), cacheKey: '', cacheValue: '' })));
}

/** `GET /monitor/cache/getKeys/{cacheName}` → the full keys (name + key), sorted. */
export async function cacheKeys(deps: Deps, cacheName: string): Promise<string[]> {
  const c = await byName(deps, cacheName);
  return (await c.keys()).map((k) => c.name + k);
}

/** `GET /monitor/cache/getValue/{cacheName}/{cacheKey}` → `{cacheName, cacheKey, cacheValue, remark}`; cacheValue null when not held. */
export async function cacheValue(deps: Deps, cacheName: string, cacheKey: string): Promise<CacheValue> {
  const c = await byName(deps, cacheName);
  const key = cacheKey.startsWith(c.name) ? cacheKey.slice(c.name.length) : cacheKey;
  const value: unknown = await c.value(key);
  return { cacheName: c.name, cacheKey: c.name + key, cacheValue: value === undefined ? null : JSON.stringify(value), remark: '' };
}

/** `DELETE /monitor/cache/clearCacheName/{cacheName}`: clears that cache here and in the other processes. */
export async function clearCacheName(deps: Deps, cacheName: string): Promise<void> {
  const c = await byName(deps, cacheName);
  await clearShared([c], null);
  await publishClear(deps, c.name, null);
}

/** `DELETE /monitor/cache/clearCacheKey/{cacheKey}` (a full key, `sys_dict:sys_user_sex`): drops that one key everywhere. */
export async function clearCacheKey(deps: Deps, cacheKey: string): Promise<void> {
  const c = (await sources(deps)).find((s) => cacheKey.startsWith(s.name) && cacheKey.length > s.name.length);
  if (!c) throw new AppError('notFound', `缓存键名不属于任何缓存：${cacheKey}`);
  await clearShared([c], cacheKey.slice(c.name.length));
  await publishClear(deps, c.name, cacheKey.slice(c.name.length));
}

/** `DELETE /monitor/cache/clearCacheAll`: clears every cache here and in the other processes. */
export async function clearCacheAll(deps: Deps): Promise<void> {
  await clearShared(await sources(deps), null);
  await publishClear(deps, null, null);
}
