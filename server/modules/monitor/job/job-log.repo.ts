/**
 * sys_job_log reads and deletes of the administration (reference §3 sys_job_log, §5 "Log"; RuoYi
 * SysJobLogMapper): filters name LIKE, group =, status =, target LIKE and an inclusive day range
 * on create_time; newest first.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries; deletes run inside the caller's `store.transaction`. The log row of a run is written by
 * the scheduler (./scheduler.repo.ts `insertJobLog`).
 */
import { and, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { sysJobLog } from '../../../db/schema';
import { dayRange, type Page } from '../../../core/pagination';
import { contains } from '../../../core/like';
import { pageOfAsync } from '../../common/query.repo';
import { orderBy, type JobFilter } from './job.repo';

type JobLogStore = Pick<Store<Db>, 'db'>;

export type JobLogRecord = typeof sysJobLog.$inferSelect;
export type JobLogValues = Omit<typeof sysJobLog.$inferInsert, 'jobLogId'>;

export const jobLogColumns: Record<string, SQLiteColumn> = {
  jobLogId: sysJobLog.jobLogId, jobName: sysJobLog.jobName, jobGroup: sysJobLog.jobGroup,
  invokeTarget: sysJobLog.invokeTarget, status: sysJobLog.status, createTime: sysJobLog.createTime,
};

/** Log rows matching `f`, one page `{rows, total}` (every row when `f` has no paging). */
export async function listJobLogs({ db }: JobLogStore, f: JobFilter): Promise<Page<JobLogRecord>> {
  const { from, to } = dayRange(f);
  const where = and(
    contains(sysJobLog.jobName, f.jobName, db),
    f.jobGroup ? eq(sysJobLog.jobGroup, f.jobGroup) : undefined,
    f.status ? eq(sysJobLog.status, f.status) : undefined,
    contains(sysJobLog.invokeTarget, f.invokeTarget, db),
    from ? gte(sysJobLog.createTime, from) : undefined,
    to ? lte(sysJobLog.createTime, to) : undefined,
  );
  const order = orderBy(jobLogColumns, f, [desc(sysJobLog.createTime), desc(sysJobLog.jobLogId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysJobLog).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysJobLog).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** One log row by id, or undefined. */
export async function findJobLog({ db }: JobLogStore, jobLogId: number): Promise<JobLogRecord | undefined> {
  return firstRow(await db.select().from(sysJobLog).where(eq(sysJobLog.jobLogId, jobLogId)).limit(1));
}

/** Deletes the given log rows; returns how many. */
export async function deleteJobLogs({ db }: JobLogStore, ids: number[]): Promise<number> {
  return changesOf(await db.delete(sysJobLog).where(inArray(sysJobLog.jobLogId, ids)));
}

/** Empties the job log (RuoYi `truncate table sys_job_log`); returns how many rows went. */
export async function cleanJobLogs({ db }: JobLogStore): Promise<number> {
  return changesOf(await db.delete(sysJobLog));
}
