/** Reply shapes of the notice procedures as the screens see them (issue 41 §5). */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../lib/trpc';

type Out = inferRouterOutputs<AppRouter>;

/** One row of 通知公告's list (RuoYi SysNotice). */
export type NoticeListRow = Out['system']['notice']['list']['rows'][number];
