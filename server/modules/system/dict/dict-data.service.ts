/**
 * Dictionary data services (reference §2 Dictionaries; RuoYi SysDictDataController /
 * SysDictDataServiceImpl): list, the cached entries of a type, add / edit / delete (each drops
 * the cache of the types it touched), export.
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

type Deps = Pick<AppDeps, 'db' | 'clock'>;

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
export const dictDataList = (deps: Deps, f: DictDataFilter) => listDictData(deps.db, f);

/** `GET /system/dict/data/type/{dictType}` → enabled entries by dictSort ([] when none), cached per type. */
export const dictDataByType = (deps: Pick<AppDeps, 'db'>, dictType: string): PreSerialized<DictDataRow[]> => dictAnswer(deps.db, dictType);

/** `GET /system/dict/data/{dictCode}` → the entry or null. */
export const dictDataGet = (deps: Deps, dictCode: number) => findDictData(deps.db, dictCode) ?? null;

const values = (f: DictDataForm): DictDataValues => ({
  dictType: f.dictType, dictLabel: f.dictLabel, dictValue: f.dictValue, dictSort: f.dictSort, cssClass: f.cssClass ?? '',
  listClass: f.listClass, isDefault: f.isDefault, status: f.status, remark: f.remark ?? null,
});

/** `POST /system/dict/data` → new dictCode; drops the type's cache. */
export function dictDataAdd(deps: Deps, login: LoginUser, f: DictDataForm): number {
  const when = nowText(deps.clock);
  const id = deps.db.transaction((tx) => insertDictData(tx, values(f), login.userName, when));
  dropDicts(deps.db, f.dictType);
  return id;
}

/** `POST /system/dict/data/update`; drops the caches of the old and new type. Errors: 操作失败 (no such entry). */
export function dictDataUpdate(
  deps: Deps, login: LoginUser,
  f: Omit<DictDataForm, 'listClass' | 'isDefault' | 'status'> & { dictCode: number; listClass?: string; isDefault?: 'Y' | 'N'; status?: '0' | '1' },
): void {
  const when = nowText(deps.clock);
  const old = deps.db.transaction((tx) => {
    const row = findDictData(tx, f.dictCode);
    if (!row) throw new AppError('notFound', '操作失败');
    updateDictData(tx, f.dictCode, {
      dictType: f.dictType, dictLabel: f.dictLabel, dictValue: f.dictValue, dictSort: f.dictSort, cssClass: f.cssClass,
      listClass: f.listClass, isDefault: f.isDefault, status: f.status, remark: f.remark,
    }, login.userName, when);
    return row;
  });
  dropDicts(deps.db, old.dictType, f.dictType);
}

/** `POST /system/dict/data/delete/{dictCodes}`; drops the caches of their types. Errors: 操作失败 (none exists). */
export function dictDataRemove(deps: Deps, dictCodes: number[]): void {
  const types = deps.db.transaction((tx) => {
    const rows = findDictDataMany(tx, dictCodes);
    if (deleteDictData(tx, dictCodes) === 0) throw new AppError('notFound', '操作失败');
    return rows.map((r) => r.dictType);
  });
  dropDicts(deps.db, ...types);
}

/** `POST /system/dict/data/export` → `data_{timestamp}.xlsx` (sheet 字典数据). */
export function dictDataExport(deps: Deps, f: DictDataFilter): Promise<FileReply> {
  return exportSheet<DictDataRow>('字典数据', [
    { header: '字典编码', value: 'dictCode' },
    { header: '字典排序', value: 'dictSort' },
    { header: '字典标签', value: 'dictLabel' },
    { header: '字典键值', value: 'dictValue' },
    { header: '字典类型', value: 'dictType' },
    { header: '是否默认', value: 'isDefault', labels: YES_NO },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
  ], listDictData(deps.db, f).rows, deps.clock.now());
}
