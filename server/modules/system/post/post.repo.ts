/**
 * Post rows (`sys_post`, reference §2 Posts): paged list, lookups for the unique name and code,
 * insert, update, delete and the assignment count (sys_user_post).
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { sysPost, sysUserPost } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync } from '../../common/query.repo';

type PostStore = Pick<Store<Db>, 'db'>;

export type PostRow = typeof sysPost.$inferSelect;

export interface PostFilter extends Partial<PageInput> {
  postCode?: string;
  postName?: string;
  status?: string;
}

export const postColumns = {
  postId: sysPost.postId, postCode: sysPost.postCode, postName: sysPost.postName, postSort: sysPost.postSort,
  status: sysPost.status, createTime: sysPost.createTime, updateTime: sysPost.updateTime,
};

/** Posts by code (LIKE), name (LIKE) and status, ordered by postSort unless `orderByColumn`. */
export async function listPosts({ db }: PostStore, f: PostFilter): Promise<Page<PostRow>> {
  const where = and(contains(sysPost.postCode, f.postCode, db), contains(sysPost.postName, f.postName, db), f.status ? eq(sysPost.status, f.status) : undefined);
  const order = orderOf(postColumns, f, [asc(sysPost.postSort), asc(sysPost.postId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysPost).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysPost).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** All posts ordered by postSort (`optionselect`). */
export async function allPosts({ db }: PostStore): Promise<PostRow[]> {
  return db.select().from(sysPost).orderBy(asc(sysPost.postSort), asc(sysPost.postId));
}

export async function findPostById({ db }: PostStore, postId: number): Promise<PostRow | undefined> {
  return firstRow(await db.select().from(sysPost).where(eq(sysPost.postId, postId)).limit(1));
}

/** Another post with this value in `field` (RuoYi checkPostNameUnique / checkPostCodeUnique). */
export async function postTaken({ db }: PostStore, field: 'postName' | 'postCode', value: string, exceptId?: number): Promise<boolean> {
  return firstRow(await db.select({ id: sysPost.postId }).from(sysPost)
    .where(and(eq(sysPost[field], value), exceptId === undefined ? undefined : ne(sysPost.postId, exceptId))).limit(1)) !== undefined;
}

export type PostValues = Pick<PostRow, 'postCode' | 'postName' | 'postSort' | 'status' | 'remark'>;

export async function insertPost({ db }: PostStore, v: PostValues, by: string, when: string): Promise<number> {
  const [row] = await db.insert(sysPost).values({ ...v, createBy: by, createTime: when }).returning({ id: sysPost.postId });
  return row.id;
}

export async function updatePost({ db }: PostStore, postId: number, v: Partial<PostValues>, by: string, when: string): Promise<number> {
  return changesOf(await db.update(sysPost).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysPost.postId, postId)));
}

/** Users holding the post (RuoYi countUserPostById). */
export async function countPostUsers({ db }: PostStore, postId: number): Promise<number> {
  return firstRow(await db.select({ n: count() }).from(sysUserPost).where(eq(sysUserPost.postId, postId)))?.n ?? 0;
}

export async function deletePosts({ db }: PostStore, postIds: number[]): Promise<number> {
  return changesOf(await db.delete(sysPost).where(inArray(sysPost.postId, postIds)));
}
