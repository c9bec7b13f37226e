/**
 * Operation log rows (`sys_oper_log`, reference §3; written by core/audit.ts): paged list,
 * delete and clean.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { sysOperLog } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync, withinDays } from '../../common/query.repo';

type OperlogStore = Pick<Store<Db>, 'db'>;

export type OperlogRow = typeof sysOperLog.$inferSelect;

export interface OperlogFilter extends Partial<PageInput> {
  title?: string;
  operName?: string;
  operIp?: string;
  businessType?: number;
  status?: number;
}

export const operlogColumns = {
  operId: sysOperLog.operId, title: sysOperLog.title, businessType: sysOperLog.businessType, operName: sysOperLog.operName,
  operIp: sysOperLog.operIp, status: sysOperLog.status, operTime: sysOperLog.operTime, costTime: sysOperLog.costTime,
};

/** Rows by title, operator, address (LIKE), business type, status and days; newest first unless `orderByColumn`. */
export async function listOperlog({ db }: OperlogStore, f: OperlogFilter): Promise<Page<OperlogRow>> {
  const where = and(contains(sysOperLog.title, f.title, db), contains(sysOperLog.operName, f.operName, db), contains(sysOperLog.operIp, f.operIp, db),
    f.businessType !== undefined ? eq(sysOperLog.businessType, f.businessType) : undefined,
    f.status !== undefined ? eq(sysOperLog.status, f.status) : undefined, ...withinDays(sysOperLog.operTime, f));
  const order = orderOf(operlogColumns, f, [desc(sysOperLog.operId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysOperLog).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysOperLog).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** Deletes the rows; returns the deleted row count. */
export const deleteOperlog = async ({ db }: OperlogStore, operIds: number[]): Promise<number> =>
  changesOf(await db.delete(sysOperLog).where(inArray(sysOperLog.operId, operIds)));

/** Deletes every row; returns the deleted row count. */
export const cleanOperlog = async ({ db }: OperlogStore): Promise<number> => changesOf(await db.delete(sysOperLog));
