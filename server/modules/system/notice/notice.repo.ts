/**
 * Notice rows (`sys_notice`, issue 41 §5; reference §3 sys_notice): paged list, the newest
 * notices of a status, lookup, insert, update and delete.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { sysNotice } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOf, type DbTx } from '../../common/query.repo';

export type NoticeRecord = typeof sysNotice.$inferSelect;

export interface NoticeFilter extends Partial<PageInput> {
  noticeTitle?: string;
  noticeType?: string;
  createBy?: string;
  status?: string;
}

const noticeColumns = {
  noticeId: sysNotice.noticeId, noticeTitle: sysNotice.noticeTitle, noticeType: sysNotice.noticeType,
  status: sysNotice.status, createBy: sysNotice.createBy, createTime: sysNotice.createTime, updateTime: sysNotice.updateTime,
};

/**
 * Notices by title (LIKE), type, creator (LIKE) and status, newest first (createTime, then id,
 * descending) unless `orderByColumn` names one of noticeColumns (else AppError 参数不符合规范).
 */
export function listNotices(db: DbTx, f: NoticeFilter): Page<NoticeRecord> {
  const where = and(
    contains(sysNotice.noticeTitle, f.noticeTitle), contains(sysNotice.createBy, f.createBy),
    f.noticeType ? eq(sysNotice.noticeType, f.noticeType) : undefined, f.status ? eq(sysNotice.status, f.status) : undefined,
  );
  const order = orderOf(noticeColumns, f, [desc(sysNotice.createTime), desc(sysNotice.noticeId)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(sysNotice).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(sysNotice).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

/** The `limit` newest notices with `status` (createTime, then id, descending). */
export function newestNotices(db: DbTx, status: string, limit: number): NoticeRecord[] {
  return db.select().from(sysNotice).where(eq(sysNotice.status, status))
    .orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId)).limit(limit).all();
}

/** One notice by id, or undefined. */
export function findNoticeById(db: DbTx, noticeId: number): NoticeRecord | undefined {
  return db.select().from(sysNotice).where(eq(sysNotice.noticeId, noticeId)).get();
}

export type NoticeValues = Pick<NoticeRecord, 'noticeTitle' | 'noticeType' | 'noticeContent' | 'status' | 'remark'>;

/** Inserts a notice with its creator and time; returns the new id. */
export function insertNotice(db: DbTx, v: NoticeValues, by: string, when: string): number {
  return db.insert(sysNotice).values({ ...v, createBy: by, createTime: when }).returning({ id: sysNotice.noticeId }).get().id;
}

/** Updates the given fields (undefined ones stay) and the updater; returns the changed row count. */
export function updateNotice(db: DbTx, noticeId: number, v: Partial<NoticeValues>, by: string, when: string): number {
  return db.update(sysNotice).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysNotice.noticeId, noticeId)).run().changes;
}

/** Deletes the notices; returns the deleted row count. */
export function deleteNotices(db: DbTx, noticeIds: number[]): number {
  return db.delete(sysNotice).where(inArray(sysNotice.noticeId, noticeIds)).run().changes;
}
