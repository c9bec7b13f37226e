/**
 * Operation log rows (`sys_oper_log`, reference §3; written by core/audit.ts): paged list,
 * delete and clean.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { sysOperLog } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOf, withinDays, type DbTx } from '../../common/query.repo';

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
export function listOperlog(db: DbTx, f: OperlogFilter): Page<OperlogRow> {
  const where = and(contains(sysOperLog.title, f.title), contains(sysOperLog.operName, f.operName), contains(sysOperLog.operIp, f.operIp),
    f.businessType !== undefined ? eq(sysOperLog.businessType, f.businessType) : undefined,
    f.status !== undefined ? eq(sysOperLog.status, f.status) : undefined, ...withinDays(sysOperLog.operTime, f));
  const order = orderOf(operlogColumns, f, [desc(sysOperLog.operId)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(sysOperLog).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(sysOperLog).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

export const deleteOperlog = (db: DbTx, operIds: number[]) => db.delete(sysOperLog).where(inArray(sysOperLog.operId, operIds)).run().changes;

export const cleanOperlog = (db: DbTx) => db.delete(sysOperLog).run().changes;
