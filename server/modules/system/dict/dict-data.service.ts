/**
 * Dictionary data services (reference §2 Dictionaries; RuoYi SysDictDataController /
 * SysDictDataServiceImpl): list, the cached entries of a type, add / edit / delete (each drops
 * the cache of the types it touched, after the commit), export. On the async store (issue 43): each
 * write is one `store.transaction`.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import type { FileReply } from '../../../core/files';
import { exportSheet, NORMAL_DISABLE, YES_NO } from '../../common/export-file';
import { dictAnswer, dropDicts } from './dict.cache';
import type { PreSerialized } from '../../../core/pre-serialized';
import {
  deleteDictData, findDictData, findDictDataMany, insertDictData, listDictData, updateDictData,
  type DictDataFilter, type DictDataRow, type DictDataValues,
} from './dict-data.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

export interface DictDataForm {
  dictType: string;
  dictLabel: string;
  dictValue: string;
  dictSort: number;
  cssClass?: string;
  listClass: string;
  isDefault: 'Y' | 'N';
  status: '0' | '1';
  remark?: string;
}

/** `GET /system/dict/data/list` → `{rows, total}`. */
export const dictDataList = (deps: Deps, f: DictDataFilter) => listDictData(deps.store, f);

/** `GET /system/dict/data/type/{dictType}` → enabled entries by dictSort ([] when none), cached per type. */
export const dictDataByType = (deps: Pick<AppDeps, 'store'>, dictType: string): Promise<PreSerialized<DictDataRow[]>> => dictAnswer(deps.store, dictType);

/** `GET /system/dict/data/{dictCode}` → the entry or null. */
export const dictDataGet = async (deps: Deps, dictCode: number) => (await findDictData(deps.store, dictCode)) ?? null;

const values = (f: DictDataForm): DictDataValues => ({
  dictType: f.dictType, dictLabel: f.dictLabel, dictValue: f.dictValue, dictSort: f.dictSort, cssClass: f.cssClass ?? '',
  listClass: f.listClass, isDefault: f.isDefault, status: f.status, remark: f.remark ?? null,
});

/** `POST /system/dict/data` → new dictCode; drops the type's cache. */
export async function dictDataAdd(deps: Deps, login: LoginUser, f: DictDataForm): Promise<number> {
  const when = nowText(deps.clock);
  const id = await deps.store.transaction(() => insertDictData(deps.store, values(f), login.userName, when));
  dropDicts(deps.store, f.dictType);
  return id;
}

/** `POST /system/dict/data/update`; drops the caches of the old and new type. Errors: 操作失败 (no such entry). */
export async function dictDataUpdate(
  deps: Deps, login: LoginUser,
  f: Omit<DictDataForm, 'listClass' | 'isDefault' | 'status'> & { dictCode: number; listClass?: string; isDefault?: 'Y' | 'N'; status?: '0' | '1' },
): Promise<void> {
  const when = nowText(deps.clock);
  const old = await deps.store.transaction(async () => {
    const row = await findDictData(deps.store, f.dictCode);
    if (!row) throw new AppError('notFound', '操作失败');
    await updateDictData(deps.store, f.dictCode, {
      dictType: f.dictType, dictLabel: f.dictLabel, dictValue: f.dictValue, dictSort: f.dictSort, cssClass: f.cssClass,
      listClass: f.listClass, isDefault: f.isDefault, status: f.status, remark: f.remark,
    }, login.userName, when);
    return row;
  });
  dropDicts(deps.store, old.dictType, f.dictType);
}

/** `POST /system/dict/data/delete/{dictCodes}`; drops the caches of their types. Errors: 操作失败 (none exists). */
export async function dictDataRemove(deps: Deps, dictCodes: number[]): Promise<void> {
  const types = await deps.store.transaction(async () => {
    const rows = await findDictDataMany(deps.store, dictCodes);
    if (await deleteDictData(deps.store, dictCodes) === 0) throw new AppError('notFound', '操作失败');
    return rows.map((r) => r.dictType);
  });
  dropDicts(deps.store, ...types);
}

/** `POST /system/dict/data/export` → `data_{timestamp}.xlsx` (sheet 字典数据). */
export async function dictDataExport(deps: Deps, f: DictDataFilter): Promise<FileReply> {
  return exportSheet<DictDataRow>('字典数据', [
    { header: '字典编码', value: 'dictCode' },
    { header: '字典排序', value: 'dictSort' },
    { header: '字典标签', value: 'dictLabel' },
    { header: '字典键值', value: 'dictValue' },
    { header: '字典类型', value: 'dictType' },
    { header: '是否默认', value: 'isDefault', labels: YES_NO },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
  ], (await listDictData(deps.store, f)).rows, deps.clock.now());
}
