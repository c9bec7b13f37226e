/**
 * Home page figures (foundation issue "A home page"): counts of users, roles and depts that exist
 * (not deleted). Any signed-in user may read them.
 */
import { count, eq } from 'drizzle-orm';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { sysDept, sysRole, sysUser } from '../../db/schema';

export const homeRouter = router({
  stats: authedProcedure.query(({ ctx }) => {
    const db = ctx.deps.db;
    return {
      userCount: db.select({ n: count() }).from(sysUser).where(eq(sysUser.delFlag, '0')).get()!.n,
      roleCount: db.select({ n: count() }).from(sysRole).where(eq(sysRole.delFlag, '0')).get()!.n,
      deptCount: db.select({ n: count() }).from(sysDept).where(eq(sysDept.delFlag, '0')).get()!.n,
    };
  }),
});
