/**
 * Park rows (`sys_park`, issue 3 "Parks"): list, one park with its parent's name, insert, update.
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { sysPark } from '../../../db/schema';
import { contains, type DbTx } from '../../common/query.repo';

export type ParkRow = typeof sysPark.$inferSelect;

export interface ParkFilter {
  parkName?: string;
  status?: string;
}

/** Live parks matching the filter, ordered by parent id and order number. */
export function listParks(db: DbTx, f: ParkFilter): ParkRow[] {
  return db.select().from(sysPark)
    .where(and(eq(sysPark.delFlag, '0'), contains(sysPark.parkName, f.parkName), f.status ? eq(sysPark.status, f.status) : undefined))
    .orderBy(asc(sysPark.parentId), asc(sysPark.orderNum), asc(sysPark.parkId))
    .all();
}

/** One live park with `parentName`. */
export function findParkById(db: DbTx, parkId: number): (ParkRow & { parentName: string | null }) | undefined {
  return db.select({
    ...getTableColumns(sysPark),
    parentName: sql<string | null>`(SELECT p.park_name FROM sys_park p WHERE p.park_id = "sys_park"."parent_id")`,
  }).from(sysPark).where(and(eq(sysPark.parkId, parkId), eq(sysPark.delFlag, '0'))).get();
}

export type ParkValues = Pick<ParkRow, 'parentId' | 'ancestors' | 'parkName' | 'orderNum' | 'status' | 'remark'>;

export function insertPark(db: DbTx, v: ParkValues, by: string, when: string): number {
  return db.insert(sysPark).values({ ...v, createBy: by, createTime: when }).returning({ id: sysPark.parkId }).get().id;
}

export function updatePark(db: DbTx, parkId: number, v: Partial<ParkValues>, by: string, when: string): number {
  return db.update(sysPark).set({ ...v, updateBy: by, updateTime: when })
    .where(and(eq(sysPark.parkId, parkId), eq(sysPark.delFlag, '0'))).run().changes;
}
