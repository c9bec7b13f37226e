/**
 * Home page figures (foundation issue "A home page"): the counts of users, roles and depts in the
 * caller's data scope (home.service), and the newest open notices (issue 41 §5: notices are for
 * all staff). Any signed-in user may read them.
 */
import { noticeIdInput } from '../../../shared/schemas/system/notice';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { homeNotice, homeNotices } from '../system/notice/notice.service';
import { homeStats } from './home.service';

export const homeRouter = router({
  stats: authedProcedure.query(({ ctx }) => homeStats(ctx.deps, ctx.login)),
  /** The 5 newest notices with status 0 正常, newest first: `{noticeId, noticeTitle, noticeType, createBy, createTime}[]`. */
  notices: authedProcedure.query(({ ctx }) => homeNotices(ctx.deps)),
  /** `{noticeId}` → that notice with its (sanitised) content when its status is 0 正常, else null. */
  notice: authedProcedure.input(noticeIdInput).query(({ ctx, input }) => homeNotice(ctx.deps, input.noticeId)),
});
