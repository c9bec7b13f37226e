/**
 * Online-user procedures `monitor.online.*` (reference §1, §2 Monitor). Permissions
 * `monitor:online:list|forceLogout`; force logout is logged as 在线用户 (business type 7 强退).
 */
import { onlineListInput, tokenIdInput } from '../../../../shared/schemas/monitor/online';
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { onlineForceLogout, onlineList } from './online.service';

export const onlineRouter = router({
  /** `{ipaddr?, userName?}` → `{rows, total}` of live sessions. */
  list: permProcedure('monitor:online:list').input(onlineListInput)
    .meta({ rest: { method: 'GET', path: '/monitor/online/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => onlineList(ctx.deps, input)),
  /** `{tokenId}`: ends the session; its token then answers 401. */
  forceLogout: permProcedure('monitor:online:forceLogout').meta({ log: { title: '在线用户', businessType: 7 } }).input(tokenIdInput)
    .meta({
      rest: {
        method: 'POST', path: '/monitor/online/delete/:tokenId', input: ['params'], envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/monitor/online/:tokenId' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await onlineForceLogout(ctx.deps, input.tokenId); }),
});
