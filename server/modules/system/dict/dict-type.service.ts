/**
 * Dictionary type services (reference §2 Dictionaries; RuoYi SysDictTypeController /
 * SysDictTypeServiceImpl): list, options, add / edit (unique dictType; a rename moves the data),
 * delete (refused while the type has data), cache refresh, export. On the async store (issue 43):
 * each write is one `store.transaction`, its cache drops after the commit.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import { onUniqueViolation } from '../../../core/unique-violation';
import type { FileReply } from '../../../core/files';
import { exportSheet, NORMAL_DISABLE } from '../../common/export-file';
import { dropAllDicts, dropDicts } from './dict.cache';
import {
  allDictTypes, countDictData, deleteDictTypes, dictTypeTaken, findDictTypeById, insertDictType, listDictTypes, updateDictType,
  type DictTypeFilter, type DictTypeRow,
} from './dict-type.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

export interface DictTypeForm {
  dictName: string;
  dictType: string;
  status: '0' | '1';
  remark?: string;
}

/** `GET /system/dict/type/list` → `{rows, total}`. */
export const dictTypeList = (deps: Deps, f: DictTypeFilter) => listDictTypes(deps.store, f);

/** `GET /system/dict/type/optionselect` → every type. */
export const dictTypeOptions = (deps: Deps) => allDictTypes(deps.store);

/** `GET /system/dict/type/{dictId}` → the type or null. */
export const dictTypeGet = async (deps: Deps, dictId: number) => (await findDictTypeById(deps.store, dictId)) ?? null;

const values = (f: DictTypeForm) => ({ dictName: f.dictName, dictType: f.dictType, status: f.status, remark: f.remark ?? null });

/** `POST /system/dict/type` → new dictId. Errors (500): 新增字典'x'失败，字典类型已存在. */
export async function dictTypeAdd(deps: Deps, login: LoginUser, f: DictTypeForm): Promise<number> {
  const when = nowText(deps.clock);
  const message = `新增字典'${f.dictName}'失败，字典类型已存在`;
  const id = await onUniqueViolation(() => deps.store.transaction(async () => {
    if (await dictTypeTaken(deps.store, f.dictType)) throw new AppError('conflict', message);
    return insertDictType(deps.store, values(f), login.userName, when);
  }), { sys_dict_type_type_uq: message });
  dropDicts(deps.store, f.dictType);
  return id;
}

/**
 * `POST /system/dict/type/update`: a new dictType renames the type of its data rows; the caches
 * of the old and new type are dropped. Errors (500): 修改字典'x'失败，字典类型已存在; 操作失败.
 */
export async function dictTypeUpdate(deps: Deps, login: LoginUser, f: Omit<DictTypeForm, 'status'> & { dictId: number; status?: '0' | '1' }): Promise<void> {
  const when = nowText(deps.clock);
  const message = `修改字典'${f.dictName}'失败，字典类型已存在`;
  const old = await onUniqueViolation(() => deps.store.transaction(async () => {
    const row = await findDictTypeById(deps.store, f.dictId);
    if (!row) throw new AppError('notFound', '操作失败');
    if (await dictTypeTaken(deps.store, f.dictType, f.dictId)) throw new AppError('conflict', message);
    await updateDictType(deps.store, f.dictId, row.dictType, { dictName: f.dictName, dictType: f.dictType, status: f.status, remark: f.remark }, login.userName, when);
    return row;
  }), { sys_dict_type_type_uq: message });
  dropDicts(deps.store, old.dictType, f.dictType);
}

/**
 * `POST /system/dict/type/delete/{dictIds}`: all or nothing. Errors (500): `<dictName>已分配,不能删除`
 * while the type has data (RuoYi `%1$s已分配,不能删除`); 操作失败 when none exists.
 */
export async function dictTypeRemove(deps: Deps, dictIds: number[]): Promise<void> {
  const types = await deps.store.transaction(async () => {
    const rows: DictTypeRow[] = [];
    for (const id of dictIds) {
      const r = await findDictTypeById(deps.store, id);
      if (r) rows.push(r);
    }
    for (const r of rows) if (await countDictData(deps.store, r.dictType) > 0) throw new AppError('refused', `${r.dictName}已分配,不能删除`);
    if (await deleteDictTypes(deps.store, dictIds) === 0) throw new AppError('notFound', '操作失败');
    return rows.map((r) => r.dictType);
  });
  dropDicts(deps.store, ...types);
}

/** `POST /system/dict/type/refreshCache`: drops every cached type (reloaded on next read). */
export function dictRefreshCache(deps: Pick<AppDeps, 'store'>): void {
  dropAllDicts(deps.store);
}

/** `POST /system/dict/type/export` → `data_{timestamp}.xlsx` (sheet 字典类型). */
export async function dictTypeExport(deps: Deps, f: DictTypeFilter): Promise<FileReply> {
  return exportSheet<DictTypeRow>('字典类型', [
    { header: '字典主键', value: 'dictId' },
    { header: '字典名称', value: 'dictName' },
    { header: '字典类型', value: 'dictType' },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
  ], (await listDictTypes(deps.store, f)).rows, deps.clock.now());
}
