/**
 * Dictionary type rows (`sys_dict_type`, reference §2 Dictionaries): paged list, all types, one
 * type, the unique dictType lookup, insert, update (renaming its data's dictType) and delete.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { sysDictData, sysDictType } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync, withinDays } from '../../common/query.repo';

type DictStore = Pick<Store<Db>, 'db'>;

export type DictTypeRow = typeof sysDictType.$inferSelect;

export interface DictTypeFilter extends Partial<PageInput> {
  dictName?: string;
  dictType?: string;
  status?: string;
}

export const dictTypeColumns = {
  dictId: sysDictType.dictId, dictName: sysDictType.dictName, dictType: sysDictType.dictType,
  status: sysDictType.status, createTime: sysDictType.createTime,
};

/** Types by name (LIKE), type (LIKE), status and creation days, ordered by dictId. */
export async function listDictTypes({ db }: DictStore, f: DictTypeFilter): Promise<Page<DictTypeRow>> {
  const where = and(contains(sysDictType.dictName, f.dictName, db), contains(sysDictType.dictType, f.dictType, db),
    f.status ? eq(sysDictType.status, f.status) : undefined, ...withinDays(sysDictType.createTime, f));
  const order = orderOf(dictTypeColumns, f, [asc(sysDictType.dictId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysDictType).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysDictType).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

export async function allDictTypes({ db }: DictStore): Promise<DictTypeRow[]> {
  return db.select().from(sysDictType).orderBy(asc(sysDictType.dictId));
}

export async function findDictTypeById({ db }: DictStore, dictId: number): Promise<DictTypeRow | undefined> {
  return firstRow(await db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId)).limit(1));
}

/** Another type with this dictType (RuoYi checkDictTypeUnique). */
export async function dictTypeTaken({ db }: DictStore, dictType: string, exceptId?: number): Promise<boolean> {
  return firstRow(await db.select({ id: sysDictType.dictId }).from(sysDictType)
    .where(and(eq(sysDictType.dictType, dictType), exceptId === undefined ? undefined : ne(sysDictType.dictId, exceptId))).limit(1)) !== undefined;
}

export type DictTypeValues = Pick<DictTypeRow, 'dictName' | 'dictType' | 'status' | 'remark'>;

export async function insertDictType({ db }: DictStore, v: DictTypeValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysDictType).values({ ...v, createBy: by, createTime: when }).returning({ id: sysDictType.dictId });
  return row.id;
}

/** Updates the type and moves its data rows from `oldType` to the new dictType. */
export async function updateDictType({ db }: DictStore, dictId: number, oldType: string, v: Partial<DictTypeValues> & { dictType: string }, by: string, when: string): Promise<void> {
  if (oldType !== v.dictType) await db.update(sysDictData).set({ dictType: v.dictType }).where(eq(sysDictData.dictType, oldType));
  await db.update(sysDictType).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysDictType.dictId, dictId));
}

export async function countDictData({ db }: DictStore, dictType: string): Promise<number> {
  return firstRow(await db.select({ n: count() }).from(sysDictData).where(eq(sysDictData.dictType, dictType)))?.n ?? 0;
}

export async function deleteDictTypes({ db }: DictStore, dictIds: number[]): Promise<number> {
  return changesOf(await db.delete(sysDictType).where(inArray(sysDictType.dictId, dictIds)));
}
