/**
 * REST rows for login log, operation log, online users, 服务监控 and 缓存监控 (platform spec §7; issue 41 §5; api-contract "System,
 * monitor, common"; RuoYi's DELETE forms as aliases).
 */
import { idList, type RestRoute } from '../table';

const ids = (raw: Record<string, unknown>) => ({ ...raw, ids: idList(raw.ids) });

export const monitorRoutes: RestRoute[] = [
  { method: 'GET', path: '/monitor/logininfor/list', procedure: 'monitor.logininfor.list', input: ['query'], envelope: 'table' },
  { method: 'POST', path: '/monitor/logininfor/delete/:ids', procedure: 'monitor.logininfor.remove', input: ['params'], mapInput: ids, envelope: 'data', aliases: [{ method: 'DELETE', path: '/monitor/logininfor/:ids' }] },
  { method: 'POST', path: '/monitor/logininfor/clean', procedure: 'monitor.logininfor.clean', envelope: 'data', aliases: [{ method: 'DELETE', path: '/monitor/logininfor/clean' }] },
  { method: 'GET', path: '/monitor/logininfor/unlock/:userName', procedure: 'monitor.logininfor.unlock', input: ['params'], envelope: 'data', aliases: [{ method: 'POST', path: '/monitor/logininfor/unlock/:userName' }] },
  { method: 'POST', path: '/monitor/logininfor/export', procedure: 'monitor.logininfor.export', input: ['query', 'body'], envelope: 'file' },

  { method: 'GET', path: '/monitor/operlog/list', procedure: 'monitor.operlog.list', input: ['query'], envelope: 'table' },
  { method: 'POST', path: '/monitor/operlog/delete/:ids', procedure: 'monitor.operlog.remove', input: ['params'], mapInput: ids, envelope: 'data', aliases: [{ method: 'DELETE', path: '/monitor/operlog/:ids' }] },
  { method: 'POST', path: '/monitor/operlog/clean', procedure: 'monitor.operlog.clean', envelope: 'data', aliases: [{ method: 'DELETE', path: '/monitor/operlog/clean' }] },
  { method: 'POST', path: '/monitor/operlog/export', procedure: 'monitor.operlog.export', input: ['query', 'body'], envelope: 'file' },

  { method: 'GET', path: '/monitor/online/list', procedure: 'monitor.online.list', input: ['query'], envelope: 'table' },
  { method: 'POST', path: '/monitor/online/delete/:tokenId', procedure: 'monitor.online.forceLogout', input: ['params'], envelope: 'data', aliases: [{ method: 'DELETE', path: '/monitor/online/:tokenId' }] },

  // 服务监控 and 缓存监控 (issue 41 §5; RuoYi ServerController, CacheController: AjaxResult.success(data)).
  { method: 'GET', path: '/monitor/server', procedure: 'monitor.server.info', envelope: 'data' },
  { method: 'GET', path: '/monitor/cache', procedure: 'monitor.cache.overview', envelope: 'data' },
  { method: 'GET', path: '/monitor/cache/getNames', procedure: 'monitor.cache.names', envelope: 'data' },
  { method: 'GET', path: '/monitor/cache/getKeys/:cacheName', procedure: 'monitor.cache.keys', input: ['params'], envelope: 'data' },
  { method: 'GET', path: '/monitor/cache/getValue/:cacheName/:cacheKey', procedure: 'monitor.cache.value', input: ['params'], envelope: 'data' },
  { method: 'DELETE', path: '/monitor/cache/clearCacheName/:cacheName', procedure: 'monitor.cache.clearName', input: ['params'], envelope: 'data' },
  { method: 'DELETE', path: '/monitor/cache/clearCacheKey/:cacheKey', procedure: 'monitor.cache.clearKey', input: ['params'], envelope: 'data' },
  { method: 'DELETE', path: '/monitor/cache/clearCacheAll', procedure: 'monitor.cache.clearAll', envelope: 'data' },
];
