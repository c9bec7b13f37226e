/**
 * 服务监控 procedure `monitor.server.info` (issue 41 §5; RuoYi ServerController, perm `monitor:server:list`).
 * REST envelope `data`, as upstream's AjaxResult.success(data).
 */
import { router } from '../../../trpc/init';
import { permProcedure } from '../../../trpc/procedures';
import { serverInfo } from './server-info.service';

export const serverRouter = router({
  /** → `{cpu, mem, jvm, sys, sysFiles, db}` read afresh (the CPU sampled for 300 ms). */
  info: permProcedure('monitor:server:list')
    .meta({ rest: { method: 'GET', path: '/monitor/server', envelope: 'data' } })
    .query(({ ctx }) => serverInfo(ctx.deps)),
});
