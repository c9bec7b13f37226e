/**
 * Config procedures `system.config.*` (reference §2 Config; platform spec §7 Configuration).
 * Permissions `system:config:list|query|add|edit|remove|export`; `configKey` needs a session and,
 * per key, what config.service.ts `configValueOf` says (the user screen reads
 * `sys.user.initPassword` with its own permissions). Writes are logged as 参数管理.
 */
import { idsInput } from '../../../../shared/schemas/system/dept';
import {
  configAddInput, configExportInput, configIdInput, configKeyInput, configListInput, configUpdateInput,
} from '../../../../shared/schemas/system/config';
import { router } from '../../../trpc/init';
import { authedProcedure, permProcedure } from '../../../trpc/procedures';
import {
  configAdd, configExport, configGet, configList, configRefreshCache, configRemove, configUpdate, configValueOf,
} from './config.service';
import { withIdList } from '../../../core/rest-meta';

const log = (businessType: number) => ({ log: { title: '参数管理', businessType } });

export const configRouter = router({
  /** Paged `{rows, total}`; filters configName, configKey (LIKE), configType, creation days. */
  list: permProcedure('system:config:list').input(configListInput)
    .meta({ rest: { method: 'GET', path: '/system/config/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => configList(ctx.deps, input)),
  /** `{configId}` → entry or null. */
  get: permProcedure('system:config:query').input(configIdInput)
    .meta({ rest: { method: 'GET', path: '/system/config/:configId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => configGet(ctx.deps, input.configId)),
  /** `{configKey}` → the value as a string (REST envelope `msg`). Errors: 403 for a key the user may not read. */
  configKey: authedProcedure.input(configKeyInput)
    .meta({ rest: { method: 'GET', path: '/system/config/configKey/:configKey', input: ['params'], envelope: 'msg' } })
    .query(({ ctx, input }) => configValueOf(ctx.deps, ctx.login, input.configKey)),
  /** Add form → `{configId}`. Errors: 新增参数'x'失败，参数键名已存在. */
  add: permProcedure('system:config:add').meta(log(1)).input(configAddInput)
    .meta({ rest: { method: 'POST', path: '/system/config', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ configId: await configAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. Errors: 修改参数'x'失败，参数键名已存在. */
  update: permProcedure('system:config:edit').meta(log(2)).input(configUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/config/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/config' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await configUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}`. Errors: 内置参数【key】不能删除. */
  remove: permProcedure('system:config:remove').meta(log(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/config/delete/:ids', input: ['params'], mapInput: withIdList('ids'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/config/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await configRemove(ctx.deps, input.ids); }),
  /** Drops the config cache. */
  refreshCache: permProcedure('system:config:remove').meta(log(9))
    .meta({
      rest: {
        method: 'POST', path: '/system/config/refreshCache', envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/config/refreshCache' }],
      },
    })
    .mutation(({ ctx }) => { configRefreshCache(ctx.deps); }),
  /** Filters → xlsx FileReply. */
  export: permProcedure('system:config:export').meta(log(5)).input(configExportInput)
    .meta({ rest: { method: 'POST', path: '/system/config/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => configExport(ctx.deps, input)),
});
