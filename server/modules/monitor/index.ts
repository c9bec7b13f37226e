/**
 * The monitor domain's manifest (modules/manifest.ts): `monitor.*`, the login and operation logs,
 * online users, 缓存监控 and 服务监控 (monitor.router.ts), scheduled jobs and their log (jobs.router.ts).
 */
import { router } from '../../trpc/init';
import { defineDomain } from '../manifest';
import { jobRouters } from './jobs.router';
import { monitorRouters } from './monitor.router';

export const monitorDomain = defineDomain({ name: 'monitor', routers: { monitor: router({ ...monitorRouters, ...jobRouters }) } });
