/**
 * Park rows (`sys_park`, issue 3 "Parks"): list, one park with its parent's name, insert, update.
 *
 * The reads are on the async store port (issue 43): they take the store and await their Drizzle
 * queries (`store.db`), so the same code runs over SQLite and PostgreSQL. The writes (insertPark,
 * updatePark) stay synchronous for now: they run inside the synchronous `db.transaction` of the
 * park commands with the org-tree rules (../dept/tree.rules.ts, ../dept/tree.repo.ts) that depts
 * share, and move with them.
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { sysPark } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';
import { contains, type DbTx } from '../../common/query.repo';

type ParkStore = Pick<Store<Db>, 'db'>;

export type ParkRow = typeof sysPark.$inferSelect;

export interface ParkFilter {
  parkName?: string;
  status?: string;
}

/** Live parks matching the filter, ordered by parent id and order number. */
export async function listParks({ db }: ParkStore, f: ParkFilter): Promise<ParkRow[]> {
  return db.select().from(sysPark)
    .where(and(eq(sysPark.delFlag, '0'), contains(sysPark.parkName, f.parkName), f.status ? eq(sysPark.status, f.status) : undefined))
    .orderBy(asc(sysPark.parentId), asc(sysPark.orderNum), asc(sysPark.parkId));
}

/** One live park with `parentName`. */
export async function findParkById({ db }: ParkStore, parkId: number): Promise<(ParkRow & { parentName: string | null }) | undefined> {
  return firstRow(await db.select({
    ...getTableColumns(sysPark),
    parentName: sql<string | null>`(SELECT p.park_name FROM sys_park p WHERE p.park_id = "sys_park"."parent_id")`,
  }).from(sysPark).where(and(eq(sysPark.parkId, parkId), eq(sysPark.delFlag, '0'))).limit(1));
}

export type ParkValues = Pick<ParkRow, 'parentId' | 'ancestors' | 'parkName' | 'orderNum' | 'status' | 'remark'>;

export function insertPark(db: DbTx, v: ParkValues, by: string, when: string): number {
  return db.insert(sysPark).values({ ...v, createBy: by, createTime: when }).returning({ id: sysPark.parkId }).get().id;
}

export function updatePark(db: DbTx, parkId: number, v: Partial<ParkValues>, by: string, when: string): number {
  return db.update(sysPark).set({ ...v, updateBy: by, updateTime: when })
    .where(and(eq(sysPark.parkId, parkId), eq(sysPark.delFlag, '0'))).run().changes;
}
