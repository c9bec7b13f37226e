/**
 * The application router: every procedure the client and the REST adapter call.
 */
import { router } from './init';
import { authRouter } from '../modules/auth/auth.router';
import { homeRouter } from '../modules/home/home.router';
import { userRouter } from '../modules/system/user/user.router';

export const appRouter = router({
  auth: authRouter,
  home: homeRouter,
  system: router({
    user: userRouter,
  }),
});

export type AppRouter = typeof appRouter;
