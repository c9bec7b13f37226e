/**
 * Dictionary data rows (`sys_dict_data`, reference §2 Dictionaries): paged list, the enabled
 * entries of a type by dictSort, one entry, insert, update and delete.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { sysDictData } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOf, type DbTx } from '../../common/query.repo';

export type DictDataRow = typeof sysDictData.$inferSelect;

export interface DictDataFilter extends Partial<PageInput> {
  dictType?: string;
  dictLabel?: string;
  status?: string;
}

export const dictDataColumns = {
  dictCode: sysDictData.dictCode, dictSort: sysDictData.dictSort, dictLabel: sysDictData.dictLabel,
  dictValue: sysDictData.dictValue, dictType: sysDictData.dictType, status: sysDictData.status, createTime: sysDictData.createTime,
};

/** Entries by type (equal), label (LIKE) and status, ordered by dictSort. */
export function listDictData(db: DbTx, f: DictDataFilter): Page<DictDataRow> {
  const where = and(f.dictType ? eq(sysDictData.dictType, f.dictType) : undefined, contains(sysDictData.dictLabel, f.dictLabel),
    f.status ? eq(sysDictData.status, f.status) : undefined);
  const order = orderOf(dictDataColumns, f, [asc(sysDictData.dictSort), asc(sysDictData.dictCode)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(sysDictData).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(sysDictData).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

/** Enabled entries of `dictType` by dictSort (RuoYi selectDictDataByType). */
export function enabledDictData(db: DbTx, dictType: string): DictDataRow[] {
  return db.select().from(sysDictData).where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode)).all();
}

export const findDictData = (db: DbTx, dictCode: number) => db.select().from(sysDictData).where(eq(sysDictData.dictCode, dictCode)).get();

export const findDictDataMany = (db: DbTx, dictCodes: number[]) => db.select().from(sysDictData).where(inArray(sysDictData.dictCode, dictCodes)).all();

export type DictDataValues = Pick<DictDataRow, 'dictType' | 'dictLabel' | 'dictValue' | 'dictSort' | 'cssClass' | 'listClass' | 'isDefault' | 'status' | 'remark'>;

export function insertDictData(db: DbTx, v: DictDataValues, by: string, when: string): number {
  return db.insert(sysDictData).values({ ...v, createBy: by, createTime: when }).returning({ id: sysDictData.dictCode }).get().id;
}

export function updateDictData(db: DbTx, dictCode: number, v: Partial<DictDataValues>, by: string, when: string): number {
  return db.update(sysDictData).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysDictData.dictCode, dictCode)).run().changes;
}

export const deleteDictData = (db: DbTx, dictCodes: number[]) => db.delete(sysDictData).where(inArray(sysDictData.dictCode, dictCodes)).run().changes;
