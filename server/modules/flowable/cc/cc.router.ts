/**
 * 抄送 procedures (issue 16): `flowable.task.copy` (merged into the task procedures by
 * ../flowable.router.ts) by the task's holder, recipients enabled users; and 抄送我的
 * `flowable.cc.*`: a session, the caller's own copies only (cc.service.ts).
 */
import * as ccs from '../../../../shared/schemas/flowable/cc';
import { router } from '../../../trpc/init';
import { authedProcedure } from '../../../trpc/procedures';
import { logged } from '../common/router-meta';
import * as cc from './cc.service';

/** `flowable.task.copy`. */
export const ccTaskProcedures = {
  /** 抄送 by the task's holder (comment 8) → `{count}` (issue 16). */
  copy: logged('任务抄送', 2).input(ccs.copyInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/copy', input: ['query', 'body'], envelope: 'data' } })
    .mutation(({ ctx, input }) => cc.taskCopy(ctx.deps, ctx.login, input)),
};

/** 抄送我的 (issue 16): the caller's own copies only. */
export const ccRouter = router({
  list: authedProcedure.input(ccs.ccListInput)
    .meta({ rest: { method: 'GET', path: '/flowable/cc/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => cc.ccList(ctx.deps, ctx.login, input)),
  /** Marks the caller's copies of an instance read → `{count}`. */
  read: authedProcedure.input(ccs.ccReadInput)
    .meta({
      rest: {
        method: 'PUT', path: '/flowable/cc/read/:procInsId', input: ['params'], envelope: 'data',
        aliases: [{ method: 'POST', path: '/flowable/cc/read/:procInsId' }],
      },
    })
    .mutation(({ ctx, input }) => cc.ccRead(ctx.deps, ctx.login, input.procInsId)),
  unread: authedProcedure
    .meta({ rest: { method: 'GET', path: '/flowable/cc/unread', envelope: 'data' } })
    .query(({ ctx }) => cc.ccUnread(ctx.deps, ctx.login)),
});
