/**
 * Monitor routers: login log, operation log, online users (api-contract "System, monitor, common").
 */
import { logininforRouter } from './logininfor/logininfor.router';
import { operlogRouter } from './operlog/operlog.router';
import { onlineRouter } from './online/online.router';

export const monitorRouters = {
  logininfor: logininforRouter,
  operlog: operlogRouter,
  online: onlineRouter,
};
