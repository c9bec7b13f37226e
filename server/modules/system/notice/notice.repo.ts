/**
 * Notice rows (`sys_notice`, issue 41 §5; reference §3 sys_notice): paged list, the newest
 * notices of a status, lookup, insert, update and delete.
 *
 * On the async store port (issue 43; the first domain moved): every function takes the store and
 * awaits its Drizzle queries (`store.db`, the open transaction's handle inside one), reading the
 * results with server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL.
 * Writes run inside the caller's `store.transaction`.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { sysNotice } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync } from '../../common/query.repo';

type NoticeStore = Pick<Store<Db>, 'db'>;

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
export async function listNotices({ db }: NoticeStore, f: NoticeFilter): Promise<Page<NoticeRecord>> {
  const where = and(
    contains(sysNotice.noticeTitle, f.noticeTitle, db), contains(sysNotice.createBy, f.createBy, db),
    f.noticeType ? eq(sysNotice.noticeType, f.noticeType) : undefined, f.status ? eq(sysNotice.status, f.status) : undefined,
  );
  const order = orderOf(noticeColumns, f, [desc(sysNotice.createTime), desc(sysNotice.noticeId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysNotice).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysNotice).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** The `limit` newest notices with `status` (createTime, then id, descending). */
export async function newestNotices({ db }: NoticeStore, status: string, limit: number): Promise<NoticeRecord[]> {
  return db.select().from(sysNotice).where(eq(sysNotice.status, status))
    .orderBy(desc(sysNotice.createTime), desc(sysNotice.noticeId)).limit(limit);
}

/** One notice by id, or undefined. */
export async function findNoticeById({ db }: NoticeStore, noticeId: number): Promise<NoticeRecord | undefined> {
  return firstRow(await db.select().from(sysNotice).where(eq(sysNotice.noticeId, noticeId)).limit(1));
}

export type NoticeValues = Pick<NoticeRecord, 'noticeTitle' | 'noticeType' | 'noticeContent' | 'status' | 'remark'>;

/** Inserts a notice with its creator and time; returns the new id. */
export async function insertNotice({ db }: NoticeStore, v: NoticeValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysNotice).values({ ...v, createBy: by, createTime: when }).returning({ id: sysNotice.noticeId });
  return row.id;
}

/** Updates the given fields (undefined ones stay) and the updater; returns the changed row count. */
export async function updateNotice({ db }: NoticeStore, noticeId: number, v: Partial<NoticeValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(sysNotice).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysNotice.noticeId, noticeId)));
}

/** Deletes the notices; returns the deleted row count. */
export async function deleteNotices({ db }: NoticeStore, noticeIds: number[]): Promise<number> {
  return changesOf(await db.delete(sysNotice).where(inArray(sysNotice.noticeId, noticeIds)));
}
