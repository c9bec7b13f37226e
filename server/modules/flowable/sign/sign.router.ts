/**
 * 加签 / 减签 procedures (issue 16): `flowable.task.addSign/removeSign/signers`, merged into the
 * task procedures by ../flowable.router.ts. addSign and removeSign are for the task's holder
 * (sign.service.ts); signers answers readers of the task's instance (participants and holders of
 * `flowable:instance:monitor`, 403 otherwise).
 */
import * as s from '../../../../shared/schemas/flowable';
import * as sg from '../../../../shared/schemas/flowable/sign';
import { authedProcedure } from '../../../trpc/procedures';
import { logged } from '../common/router-meta';
import * as sign from './sign.service';

export const signTaskProcedures = {
  /** 加签 on a running countersign by the task's holder (comment 9; issue 16). */
  addSign: logged('任务加签', 2).input(sg.addSignInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/addSign', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await sign.taskAddSign(ctx.deps, ctx.login, input); }),
  /** 减签 of a signer who has not acted (comment 10). */
  removeSign: logged('任务减签', 2).input(sg.removeSignInput)
    .meta({ rest: { method: 'POST', path: '/flowable/task/removeSign', input: ['query', 'body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => { await sign.taskRemoveSign(ctx.deps, ctx.login, input); }),
  /** The countersign of a task (readers of its instance): `{multiInstance, sequential, signers}`. */
  signers: authedProcedure.input(s.taskIdInput)
    .meta({ rest: { method: 'GET', path: '/flowable/task/signers', input: ['query'], envelope: 'data' } })
    .query(({ ctx, input }) => sign.taskSigners(ctx.deps, ctx.login, input.taskId)),
};
