/**
 * sys_job_log reads and writes (reference §3 sys_job_log, §5 "Log"; RuoYi SysJobLogMapper):
 * filters name LIKE, group =, status =, target LIKE and an inclusive day range on create_time;
 * newest first.
 */
import { and, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { sysJobLog } from '../../../db/schema';
import { dayRange, pageWindow, type Page } from '../../../core/pagination';
import { contains } from '../../../core/like';
import { orderBy, type JobFilter } from './job.repo';

export type JobLogRecord = typeof sysJobLog.$inferSelect;
export type JobLogValues = Omit<typeof sysJobLog.$inferInsert, 'jobLogId'>;

export const jobLogColumns: Record<string, SQLiteColumn> = {
  jobLogId: sysJobLog.jobLogId, jobName: sysJobLog.jobName, jobGroup: sysJobLog.jobGroup,
  invokeTarget: sysJobLog.invokeTarget, status: sysJobLog.status, createTime: sysJobLog.createTime,
};

/** Log rows matching `f`, one page `{rows, total}` (every row when `f` has no paging). */
export function listJobLogs(db: Db, f: JobFilter): Page<JobLogRecord> {
  const { from, to } = dayRange(f);
  const where = and(
    contains(sysJobLog.jobName, f.jobName),
    f.jobGroup ? eq(sysJobLog.jobGroup, f.jobGroup) : undefined,
    f.status ? eq(sysJobLog.status, f.status) : undefined,
    contains(sysJobLog.invokeTarget, f.invokeTarget),
    from ? gte(sysJobLog.createTime, from) : undefined,
    to ? lte(sysJobLog.createTime, to) : undefined,
  );
  const order = orderBy(jobLogColumns, f, [desc(sysJobLog.createTime), desc(sysJobLog.jobLogId)]);
  const q = db.select().from(sysJobLog).where(where).orderBy(...order);
  if (f.pageNum === undefined || f.pageSize === undefined) {
    const rows = q.all();
    return { rows, total: rows.length };
  }
  const total = db.select({ n: count() }).from(sysJobLog).where(where).get()!.n;
  const { offset, limit } = pageWindow({ pageNum: f.pageNum, pageSize: f.pageSize }, total);
  return { rows: q.limit(limit).offset(offset).all(), total };
}

export const findJobLog = (db: Db, jobLogId: number): JobLogRecord | undefined =>
  db.select().from(sysJobLog).where(eq(sysJobLog.jobLogId, jobLogId)).get();

export const insertJobLog = (db: Db, values: JobLogValues): number =>
  db.insert(sysJobLog).values(values).returning({ id: sysJobLog.jobLogId }).get().id;

/** Deletes the given log rows; returns how many. */
export const deleteJobLogs = (db: Db, ids: number[]): number =>
  db.delete(sysJobLog).where(inArray(sysJobLog.jobLogId, ids)).run().changes;

/** Empties the job log (RuoYi `truncate table sys_job_log`); returns how many rows went. */
export const cleanJobLogs = (db: Db): number => db.delete(sysJobLog).run().changes;
