/**
 * Dictionary type rows (`sys_dict_type`, reference §2 Dictionaries): paged list, all types, one
 * type, the unique dictType lookup, insert, update (renaming its data's dictType) and delete.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { sysDictData, sysDictType } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOf, withinDays, type DbTx } from '../../common/query.repo';

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
export function listDictTypes(db: DbTx, f: DictTypeFilter): Page<DictTypeRow> {
  const where = and(contains(sysDictType.dictName, f.dictName), contains(sysDictType.dictType, f.dictType),
    f.status ? eq(sysDictType.status, f.status) : undefined, ...withinDays(sysDictType.createTime, f));
  const order = orderOf(dictTypeColumns, f, [asc(sysDictType.dictId)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(sysDictType).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(sysDictType).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

export const allDictTypes = (db: DbTx) => db.select().from(sysDictType).orderBy(asc(sysDictType.dictId)).all();

export const findDictTypeById = (db: DbTx, dictId: number) => db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId)).get();

/** Another type with this dictType (RuoYi checkDictTypeUnique). */
export function dictTypeTaken(db: DbTx, dictType: string, exceptId?: number): boolean {
  return db.select({ id: sysDictType.dictId }).from(sysDictType)
    .where(and(eq(sysDictType.dictType, dictType), exceptId === undefined ? undefined : ne(sysDictType.dictId, exceptId))).get() !== undefined;
}

export type DictTypeValues = Pick<DictTypeRow, 'dictName' | 'dictType' | 'status' | 'remark'>;

export function insertDictType(db: DbTx, v: DictTypeValues, by: string, when: string): number {
  return db.insert(sysDictType).values({ ...v, createBy: by, createTime: when }).returning({ id: sysDictType.dictId }).get().id;
}

/** Updates the type and moves its data rows from `oldType` to the new dictType. */
export function updateDictType(db: DbTx, dictId: number, oldType: string, v: Partial<DictTypeValues> & { dictType: string }, by: string, when: string): void {
  if (oldType !== v.dictType) db.update(sysDictData).set({ dictType: v.dictType }).where(eq(sysDictData.dictType, oldType)).run();
  db.update(sysDictType).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysDictType.dictId, dictId)).run();
}

export const countDictData = (db: DbTx, dictType: string) =>
  db.select({ n: count() }).from(sysDictData).where(eq(sysDictData.dictType, dictType)).get()!.n;

export const deleteDictTypes = (db: DbTx, dictIds: number[]) => db.delete(sysDictType).where(inArray(sysDictType.dictId, dictIds)).run().changes;
