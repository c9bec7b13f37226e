/**
 * Monitor routers: login log, operation log, online users, 缓存监控 and 服务监控 (issue 41 §5) (api-contract "System, monitor, common").
 */
import { logininforRouter } from './logininfor/logininfor.router';
import { operlogRouter } from './operlog/operlog.router';
import { onlineRouter } from './online/online.router';
import { cacheRouter } from './cache/cache.router';
import { serverRouter } from './server/server.router';

export const monitorRouters = {
  logininfor: logininforRouter,
  operlog: operlogRouter,
  online: onlineRouter,
  cache: cacheRouter,
  server: serverRouter,
};
