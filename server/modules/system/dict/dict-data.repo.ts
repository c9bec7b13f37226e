/**
 * Dictionary data rows (`sys_dict_data`, reference §2 Dictionaries): paged list, the enabled
 * entries of a type by dictSort, one entry, insert, update and delete.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { sysDictData } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync } from '../../common/query.repo';

type DictStore = Pick<Store<Db>, 'db'>;

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
export async function listDictData({ db }: DictStore, f: DictDataFilter): Promise<Page<DictDataRow>> {
  const where = and(f.dictType ? eq(sysDictData.dictType, f.dictType) : undefined, contains(sysDictData.dictLabel, f.dictLabel, db),
    f.status ? eq(sysDictData.status, f.status) : undefined);
  const order = orderOf(dictDataColumns, f, [asc(sysDictData.dictSort), asc(sysDictData.dictCode)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysDictData).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysDictData).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** Enabled entries of `dictType` by dictSort (RuoYi selectDictDataByType). */
export async function enabledDictData({ db }: DictStore, dictType: string): Promise<DictDataRow[]> {
  return db.select().from(sysDictData).where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
}

export async function findDictData({ db }: DictStore, dictCode: number): Promise<DictDataRow | undefined> {
  return firstRow(await db.select().from(sysDictData).where(eq(sysDictData.dictCode, dictCode)).limit(1));
}

export async function findDictDataMany({ db }: DictStore, dictCodes: number[]): Promise<DictDataRow[]> {
  return db.select().from(sysDictData).where(inArray(sysDictData.dictCode, dictCodes));
}

export type DictDataValues = Pick<DictDataRow, 'dictType' | 'dictLabel' | 'dictValue' | 'dictSort' | 'cssClass' | 'listClass' | 'isDefault' | 'status' | 'remark'>;

export async function insertDictData({ db }: DictStore, v: DictDataValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysDictData).values({ ...v, createBy: by, createTime: when }).returning({ id: sysDictData.dictCode });
  return row.id;
}

export async function updateDictData({ db }: DictStore, dictCode: number, v: Partial<DictDataValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(sysDictData).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysDictData.dictCode, dictCode)));
}

export async function deleteDictData({ db }: DictStore, dictCodes: number[]): Promise<number> {
  return changesOf(await db.delete(sysDictData).where(inArray(sysDictData.dictCode, dictCodes)));
}
