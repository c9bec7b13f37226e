/**
 * The application router: every procedure the client and the REST adapter call. Each domain
 * file contributes its routers by key (modules/<domain>/*.router.ts).
 */
import { router } from './init';
import { authRouter } from '../modules/auth/auth.router';
import { homeRouter } from '../modules/home/home.router';
import { peopleRouters } from '../modules/system/people.router';
import { settingsRouters } from '../modules/system/settings.router';
import { monitorRouters } from '../modules/monitor/monitor.router';
import { jobRouters } from '../modules/monitor/jobs.router';
import { commonRouters } from '../modules/common/common.router';
import { flowableRouter, flowableSystemRouters } from '../modules/flowable/flowable.router';
import { toolRouters } from '../modules/tool/tool.router';
import { generatedRouters } from '../modules/generated';

export const appRouter = router({
  auth: authRouter,
  home: homeRouter,
  system: router({ ...peopleRouters, ...settingsRouters, ...flowableSystemRouters }),
  monitor: router({ ...monitorRouters, ...jobRouters }),
  common: router({ ...commonRouters }),
  flowable: flowableRouter,
  tool: router({ ...toolRouters }),
  ...generatedRouters,
});

export type AppRouter = typeof appRouter;
