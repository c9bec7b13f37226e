/**
 * 缓存监控 procedures `monitor.cache.*` (issue 41 §5; RuoYi CacheController): all under
 * `monitor:cache:list` as upstream; clears are logged as 缓存监控 (business type 9 清空). Every REST
 * row answers envelope `data`, as upstream's AjaxResult.success(data).
 */
import { cacheKeyInput, cacheNameInput, cacheValueInput } from '../../../../shared/schemas/monitor/cache';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { cacheKeys, cacheNames, cacheOverview, cacheValue, clearCacheAll, clearCacheKey, clearCacheName } from './cache.service';

const perm = () => permProcedure('monitor:cache:list');
const log = { log: { title: '缓存监控', businessType: 9 } };

export const cacheRouter = router({
  /** → `{info, dbSize, commandStats, caches}`. */
  overview: perm()
    .meta({ rest: { method: 'GET', path: '/monitor/cache', envelope: 'data' } })
    .query(({ ctx }) => cacheOverview(ctx.deps)),
  /** → every cache with its figures. */
  names: perm()
    .meta({ rest: { method: 'GET', path: '/monitor/cache/getNames', envelope: 'data' } })
    .query(({ ctx }) => cacheNames(ctx.deps)),
  /** `{cacheName}` → full keys, sorted. */
  keys: perm().input(cacheNameInput)
    .meta({ rest: { method: 'GET', path: '/monitor/cache/getKeys/:cacheName', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => cacheKeys(ctx.deps, input.cacheName)),
  /** `{cacheName, cacheKey}` → `{cacheName, cacheKey, cacheValue, remark}`. */
  value: perm().input(cacheValueInput)
    .meta({ rest: { method: 'GET', path: '/monitor/cache/getValue/:cacheName/:cacheKey', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => cacheValue(ctx.deps, input.cacheName, input.cacheKey)),
  /** `{cacheName}`: clears that cache in every process. */
  clearName: perm().meta(log).input(cacheNameInput)
    .meta({ rest: { method: 'DELETE', path: '/monitor/cache/clearCacheName/:cacheName', input: ['params'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await clearCacheName(ctx.deps, input.cacheName); }),
  /** `{cacheKey}` (full key): drops that key in every process. */
  clearKey: perm().meta(log).input(cacheKeyInput)
    .meta({ rest: { method: 'DELETE', path: '/monitor/cache/clearCacheKey/:cacheKey', input: ['params'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await clearCacheKey(ctx.deps, input.cacheKey); }),
  /** Clears every cache in every process. */
  clearAll: perm().meta(log)
    .meta({ rest: { method: 'DELETE', path: '/monitor/cache/clearCacheAll', envelope: 'data' } })
    .mutation(async ({ ctx }) => { await clearCacheAll(ctx.deps); }),
});
