/**
 * The flowable domain's manifest (modules/manifest.ts): the workflow procedures `flowable.*`
 * (flowable.router.ts merges the parts' routers; `system.deployment|expression|listener` are
 * handed to the system domain, which owns the `system` key), the handlers it registers with the
 * engine (common/handlers.ts: built-in listeners and services, the role lookup for 抄送 over the
 * app's store) and the listener library rows of a new database (流程监听,
 * common/builtin-listeners.ts).
 */
import { defineDomain } from '../manifest';
import { BUILTIN_LISTENERS } from './common/builtin-listeners';
import { appWorkflowHandlers } from './common/handlers';
import { flowableRouter } from './flowable.router';

export const flowableDomain = defineDomain({
  name: 'flowable',
  routers: { flowable: flowableRouter },
  engineHandlers: (store) => appWorkflowHandlers(store),
  listeners: BUILTIN_LISTENERS,
});
