/**
 * Dictionary procedures `system.dict.type.*` and `system.dict.data.*` (reference §2 Dictionaries;
 * platform spec §7). Permissions `system:dict:list|query|add|edit|remove|export`;
 * `data.byType` needs only a session (every screen renders dictionaries), as in RuoYi.
 * Writes are logged as 字典类型 / 字典数据. The services are on the async store (issue 43): the
 * resolvers await them; `data.byType` answers a cache hit without a database call.
 */
import { idsInput } from '../../../../shared/schemas/system/dept';
import {
  dictCodeInput, dictDataAddInput, dictDataExportInput, dictDataListInput, dictDataUpdateInput, dictIdInput,
  dictTypeAddInput, dictTypeExportInput, dictTypeListInput, dictTypeNameInput, dictTypeUpdateInput,
} from '../../../../shared/schemas/system/dict';
import { router } from '../../../trpc/init';
import { authedProcedure, permProcedure } from '../../../trpc/procedures';
import {
  dictRefreshCache, dictTypeAdd, dictTypeExport, dictTypeGet, dictTypeList, dictTypeOptions, dictTypeRemove, dictTypeUpdate,
} from './dict-type.service';
import {
  dictDataAdd, dictDataByType, dictDataExport, dictDataGet, dictDataList, dictDataRemove, dictDataUpdate,
} from './dict-data.service';
import { withIdList } from '../../../core/rest-meta';

const typeLog = (businessType: number) => ({ log: { title: '字典类型', businessType } });
const dataLog = (businessType: number) => ({ log: { title: '字典数据', businessType } });

const dictTypeRouter = router({
  /** Paged `{rows, total}`; filters dictName, dictType (LIKE), status, creation days. */
  list: permProcedure('system:dict:list').input(dictTypeListInput)
    .meta({ rest: { method: 'GET', path: '/system/dict/type/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => dictTypeList(ctx.deps, input)),
  /** Every type (the type select of the data screen); RuoYi leaves it open, we ask system:dict:list. */
  optionselect: permProcedure('system:dict:list')
    .meta({ rest: { method: 'GET', path: '/system/dict/type/optionselect', envelope: 'data' } })
    .query(({ ctx }) => dictTypeOptions(ctx.deps)),
  /** `{dictId}` → type or null. */
  get: permProcedure('system:dict:query').input(dictIdInput)
    .meta({ rest: { method: 'GET', path: '/system/dict/type/:dictId', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => dictTypeGet(ctx.deps, input.dictId)),
  /** Add form → `{dictId}`. Errors: 新增字典'x'失败，字典类型已存在. */
  add: permProcedure('system:dict:add').meta(typeLog(1)).input(dictTypeAddInput)
    .meta({ rest: { method: 'POST', path: '/system/dict/type', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ dictId: await dictTypeAdd(ctx.deps, ctx.login, input) })),
  /** Edit form; a new dictType renames the data's type. Errors: 修改字典'x'失败，字典类型已存在. */
  update: permProcedure('system:dict:edit').meta(typeLog(2)).input(dictTypeUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/dict/type/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/dict/type' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await dictTypeUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}`. Errors: `<dictName>已分配,不能删除`. */
  remove: permProcedure('system:dict:remove').meta(typeLog(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/dict/type/delete/:ids', input: ['params'], mapInput: withIdList('ids'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/dict/type/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await dictTypeRemove(ctx.deps, input.ids); }),
  /** Drops the dictionary cache. */
  refreshCache: permProcedure('system:dict:remove').meta(typeLog(9))
    .meta({
      rest: {
        method: 'POST', path: '/system/dict/type/refreshCache', envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/dict/type/refreshCache' }],
      },
    })
    .mutation(({ ctx }) => { dictRefreshCache(ctx.deps); }),
  /** Filters → xlsx FileReply. */
  export: permProcedure('system:dict:export').meta(typeLog(5)).input(dictTypeExportInput)
    .meta({ rest: { method: 'POST', path: '/system/dict/type/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => dictTypeExport(ctx.deps, input)),
});

const dictDataRouter = router({
  /** Paged `{rows, total}`; filters dictType, dictLabel (LIKE), status. */
  list: permProcedure('system:dict:list').input(dictDataListInput)
    .meta({ rest: { method: 'GET', path: '/system/dict/data/list', input: ['query'], envelope: 'table' } })
    .query(({ ctx, input }) => dictDataList(ctx.deps, input)),
  /** `{dictType}` → enabled entries by dictSort, from the cache. */
  byType: authedProcedure.input(dictTypeNameInput)
    .meta({ rest: { method: 'GET', path: '/system/dict/data/type/:dictType', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => dictDataByType(ctx.deps, input.dictType)),
  /** `{dictCode}` → entry or null. */
  get: permProcedure('system:dict:query').input(dictCodeInput)
    .meta({ rest: { method: 'GET', path: '/system/dict/data/:dictCode', input: ['params'], envelope: 'data' } })
    .query(({ ctx, input }) => dictDataGet(ctx.deps, input.dictCode)),
  /** Add form → `{dictCode}`. Errors: 数据标签不能为空 / 数据键值不能为空 / 数据顺序不能为空. */
  add: permProcedure('system:dict:add').meta(dataLog(1)).input(dictDataAddInput)
    .meta({ rest: { method: 'POST', path: '/system/dict/data', input: ['body'], envelope: 'data' } })
    .mutation(async ({ ctx, input }) => ({ dictCode: await dictDataAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. */
  update: permProcedure('system:dict:edit').meta(dataLog(2)).input(dictDataUpdateInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/dict/data/update', input: ['body'], envelope: 'data',
        aliases: [{ method: 'PUT', path: '/system/dict/data' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await dictDataUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}` (dictCodes). */
  remove: permProcedure('system:dict:remove').meta(dataLog(3)).input(idsInput)
    .meta({
      rest: {
        method: 'POST', path: '/system/dict/data/delete/:ids', input: ['params'], mapInput: withIdList('ids'), envelope: 'data',
        aliases: [{ method: 'DELETE', path: '/system/dict/data/:ids' }],
      },
    })
    .mutation(async ({ ctx, input }) => { await dictDataRemove(ctx.deps, input.ids); }),
  /** Filters → xlsx FileReply. */
  export: permProcedure('system:dict:export').meta(dataLog(5)).input(dictDataExportInput)
    .meta({ rest: { method: 'POST', path: '/system/dict/data/export', input: ['query', 'body'], envelope: 'file' } })
    .mutation(({ ctx, input }) => dictDataExport(ctx.deps, input)),
});

export const dictRouter = router({ type: dictTypeRouter, data: dictDataRouter });
