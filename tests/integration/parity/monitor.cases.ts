/**
 * Parity cases of the login-log, operation-log, online-user, 服务监控 and 缓存监控 rows (the REST metas of `monitor.*` procedures).
 * Writes repeat alike (clean twice, unlock twice, missing ids, an unknown session); exports are
 * compared by their bad-input error (the runner reads JSON only; files are checked in logs.test.ts).
 */
import { settle, table, type ParityCase } from '../../helpers/parity';

const outcome = (e: Record<string, any>) => (e.code === 200 ? e.data ?? null : { error: e.msg });
const run = (p: Promise<unknown>) => settle(p).then((v) => v ?? null);

export const monitorCases: Record<string, ParityCase> = {
  'GET /monitor/logininfor/list': { url: '/monitor/logininfor/list?status=0&pageSize=2', trpc: (c) => c.monitor.logininfor.list({ status: '0', pageSize: 2 }), pick: table },
  'POST /monitor/logininfor/delete/:ids': { url: '/monitor/logininfor/delete/99999', trpc: (c) => run(c.monitor.logininfor.remove({ ids: [99999] })), pick: outcome },
  'POST /monitor/logininfor/clean': { url: '/monitor/logininfor/clean', trpc: (c) => run(c.monitor.logininfor.clean()), pick: outcome },
  'GET /monitor/logininfor/unlock/:userName': { url: '/monitor/logininfor/unlock/ry', trpc: (c) => run(c.monitor.logininfor.unlock({ userName: 'ry' })), pick: outcome },
  'POST /monitor/logininfor/export': { url: '/monitor/logininfor/export', body: { status: '5' }, trpc: (c) => run(c.monitor.logininfor.export({ status: '5' as '0' })), pick: outcome },

  'GET /monitor/operlog/list': { url: '/monitor/operlog/list?businessType=1&pageSize=3', trpc: (c) => c.monitor.operlog.list({ businessType: 1, pageSize: 3 }), pick: table },
  'POST /monitor/operlog/delete/:ids': { url: '/monitor/operlog/delete/99999', trpc: (c) => run(c.monitor.operlog.remove({ ids: [99999] })), pick: outcome },
  'POST /monitor/operlog/clean': {
    url: '/monitor/operlog/clean', trpc: (c) => run(c.monitor.operlog.clean()), pick: outcome,
  },
  'POST /monitor/operlog/export': { url: '/monitor/operlog/export', body: { businessType: 'x' }, trpc: (c) => run(c.monitor.operlog.export({ businessType: 'x' })), pick: outcome },

  'GET /monitor/online/list': { url: '/monitor/online/list?userName=admin', trpc: (c) => c.monitor.online.list({ userName: 'admin' }), pick: table },
  'POST /monitor/online/delete/:tokenId': { url: '/monitor/online/delete/no-such-session', trpc: (c) => run(c.monitor.online.forceLogout({ tokenId: 'no-such-session' })), pick: outcome },

  // 服务监控 / 缓存监控 (issue 41 §5): figures that move call to call are volatile; names, remarks, shapes and errors compare.
  'GET /monitor/server': {
    url: '/monitor/server', trpc: (c) => c.monitor.server.info(), pick: (e) => e.data,
    volatile: ['cpu', 'mem', 'startTime', 'runTime', 'total', 'free', 'used', 'usage', 'rss', 'size', 'sizeText', 'walSize', 'walSizeText', 'pageCount', 'freePages'],
  },
  'GET /monitor/cache': {
    url: '/monitor/cache', trpc: (c) => c.monitor.cache.overview(), pick: (e) => e.data,
    volatile: ['info', 'dbSize', 'value', 'keyCount', 'bytes', 'hits', 'misses', 'hitRatio'],
  },
  'GET /monitor/cache/getNames': {
    url: '/monitor/cache/getNames', trpc: (c) => c.monitor.cache.names(), pick: (e) => e.data, volatile: ['keyCount', 'bytes', 'hits', 'misses', 'hitRatio'],
  },
  'GET /monitor/cache/getKeys/:cacheName': { url: '/monitor/cache/getKeys/sys_config:', trpc: (c) => c.monitor.cache.keys({ cacheName: 'sys_config:' }), pick: (e) => e.data },
  'GET /monitor/cache/getValue/:cacheName/:cacheKey': {
    url: '/monitor/cache/getValue/sys_dict:/sys_dict:no_such_type', trpc: (c) => c.monitor.cache.value({ cacheName: 'sys_dict:', cacheKey: 'sys_dict:no_such_type' }), pick: (e) => e.data,
  },
  'DELETE /monitor/cache/clearCacheName/:cacheName': { url: '/monitor/cache/clearCacheName/nope:', trpc: (c) => run(c.monitor.cache.clearName({ cacheName: 'nope:' })), pick: outcome },
  'DELETE /monitor/cache/clearCacheKey/:cacheKey': { url: '/monitor/cache/clearCacheKey/sys_dict:no_such_type', trpc: (c) => run(c.monitor.cache.clearKey({ cacheKey: 'sys_dict:no_such_type' })), pick: outcome },
  'DELETE /monitor/cache/clearCacheAll': { url: '/monitor/cache/clearCacheAll', trpc: (c) => run(c.monitor.cache.clearAll()), pick: outcome },
};
