/**
 * User procedures (platform spec §7 Users). More arrive with the administration issue.
 */
import { userListInput } from '../../../../shared/schemas/system/user';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { userList } from './user.service';

export const userRouter = router({
  /** Paged `{rows, total}` of users (no passwords), data-scoped. */
  list: permProcedure('system:user:list').input(userListInput).query(({ ctx, input }) => userList(ctx.deps, ctx.login, input)),
});
