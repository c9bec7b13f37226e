/**
 * Park rows (`sys_park`, issue 3 "Parks"): list, one park with its parent's name, insert, update.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction` (with the org-tree rules of ../dept/tree.rules.ts).
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { sysPark } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { contains } from '../../common/query.repo';

type ParkStore = Pick<Store<Db>, 'db'>;

export type ParkRow = typeof sysPark.$inferSelect;

export interface ParkFilter {
  parkName?: string;
  status?: string;
}

/** Live parks matching the filter, ordered by parent id and order number. */
export async function listParks({ db }: ParkStore, f: ParkFilter): Promise<ParkRow[]> {
  return db.select().from(sysPark)
    .where(and(eq(sysPark.delFlag, '0'), contains(sysPark.parkName, f.parkName, db), f.status ? eq(sysPark.status, f.status) : undefined))
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

export async function insertPark({ db }: ParkStore, v: ParkValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysPark).values({ ...v, createBy: by, createTime: when }).returning({ id: sysPark.parkId });
  return row.id;
}

export async function updatePark({ db }: ParkStore, parkId: number, v: Partial<ParkValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(sysPark).set({ ...v, updateBy: by, updateTime: when })
    .where(and(eq(sysPark.parkId, parkId), eq(sysPark.delFlag, '0'))));
}
