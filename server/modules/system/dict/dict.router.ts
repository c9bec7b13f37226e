/**
 * Dictionary procedures `system.dict.type.*` and `system.dict.data.*` (reference §2 Dictionaries;
 * platform spec §7). Permissions `system:dict:list|query|add|edit|remove|export`;
 * `data.byType` needs only a session (every screen renders dictionaries), as in RuoYi.
 * Writes are logged as 字典类型 / 字典数据.
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

const typeLog = (businessType: number) => ({ log: { title: '字典类型', businessType } });
const dataLog = (businessType: number) => ({ log: { title: '字典数据', businessType } });

const dictTypeRouter = router({
  /** Paged `{rows, total}`; filters dictName, dictType (LIKE), status, creation days. */
  list: permProcedure('system:dict:list').input(dictTypeListInput).query(({ ctx, input }) => dictTypeList(ctx.deps, input)),
  /** Every type (the type select of the data screen); RuoYi leaves it open, we ask system:dict:list. */
  optionselect: permProcedure('system:dict:list').query(({ ctx }) => dictTypeOptions(ctx.deps)),
  /** `{dictId}` → type or null. */
  get: permProcedure('system:dict:query').input(dictIdInput).query(({ ctx, input }) => dictTypeGet(ctx.deps, input.dictId)),
  /** Add form → `{dictId}`. Errors: 新增字典'x'失败，字典类型已存在. */
  add: permProcedure('system:dict:add').meta(typeLog(1)).input(dictTypeAddInput)
    .mutation(({ ctx, input }) => ({ dictId: dictTypeAdd(ctx.deps, ctx.login, input) })),
  /** Edit form; a new dictType renames the data's type. Errors: 修改字典'x'失败，字典类型已存在. */
  update: permProcedure('system:dict:edit').meta(typeLog(2)).input(dictTypeUpdateInput)
    .mutation(({ ctx, input }) => { dictTypeUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}`. Errors: `<dictName>已分配,不能删除`. */
  remove: permProcedure('system:dict:remove').meta(typeLog(3)).input(idsInput)
    .mutation(({ ctx, input }) => { dictTypeRemove(ctx.deps, input.ids); }),
  /** Drops the dictionary cache. */
  refreshCache: permProcedure('system:dict:remove').meta(typeLog(9))
    .mutation(({ ctx }) => { dictRefreshCache(ctx.deps); }),
  /** Filters → xlsx FileReply. */
  export: permProcedure('system:dict:export').meta(typeLog(5)).input(dictTypeExportInput)
    .mutation(({ ctx, input }) => dictTypeExport(ctx.deps, input)),
});

const dictDataRouter = router({
  /** Paged `{rows, total}`; filters dictType, dictLabel (LIKE), status. */
  list: permProcedure('system:dict:list').input(dictDataListInput).query(({ ctx, input }) => dictDataList(ctx.deps, input)),
  /** `{dictType}` → enabled entries by dictSort, from the cache. */
  byType: authedProcedure.input(dictTypeNameInput).query(({ ctx, input }) => dictDataByType(ctx.deps, input.dictType)),
  /** `{dictCode}` → entry or null. */
  get: permProcedure('system:dict:query').input(dictCodeInput).query(({ ctx, input }) => dictDataGet(ctx.deps, input.dictCode)),
  /** Add form → `{dictCode}`. Errors: 数据标签不能为空 / 数据键值不能为空 / 数据顺序不能为空. */
  add: permProcedure('system:dict:add').meta(dataLog(1)).input(dictDataAddInput)
    .mutation(({ ctx, input }) => ({ dictCode: dictDataAdd(ctx.deps, ctx.login, input) })),
  /** Edit form. */
  update: permProcedure('system:dict:edit').meta(dataLog(2)).input(dictDataUpdateInput)
    .mutation(({ ctx, input }) => { dictDataUpdate(ctx.deps, ctx.login, input); }),
  /** `{ids}` (dictCodes). */
  remove: permProcedure('system:dict:remove').meta(dataLog(3)).input(idsInput)
    .mutation(({ ctx, input }) => { dictDataRemove(ctx.deps, input.ids); }),
  /** Filters → xlsx FileReply. */
  export: permProcedure('system:dict:export').meta(dataLog(5)).input(dictDataExportInput)
    .mutation(({ ctx, input }) => dictDataExport(ctx.deps, input)),
});

export const dictRouter = router({ type: dictTypeRouter, data: dictDataRouter });
