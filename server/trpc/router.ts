/**
 * The application router: every procedure the client and the REST adapter call. Each domain's
 * manifest (server/modules/<domain>/index.ts, listed in order by server/modules/index.ts)
 * contributes its routers by top-level key; `routersOf` merges them with their exact types, so
 * `AppRouter` names every procedure (the client's tRPC calls are typed by it).
 */
import { router } from './init';
import { domains } from '../modules';
import { routersOf } from '../modules/manifest';

export const appRouter = router(routersOf(domains));

export type AppRouter = typeof appRouter;
