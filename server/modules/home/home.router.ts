/**
 * Home page figures (foundation issue "A home page"): the counts of users, roles and depts in the
 * caller's data scope (home.service). Any signed-in user may read them.
 */
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { homeStats } from './home.service';

export const homeRouter = router({
  stats: authedProcedure.query(({ ctx }) => homeStats(ctx.deps, ctx.login)),
});
