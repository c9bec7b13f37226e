/**
 * Post rows (`sys_post`, reference §2 Posts): paged list, lookups for the unique name and code,
 * insert, update, delete and the assignment count (sys_user_post).
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { sysPost, sysUserPost } from '../../../db/schema';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOf, type DbTx } from '../../common/query.repo';

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
export function listPosts(db: DbTx, f: PostFilter): Page<PostRow> {
  const where = and(contains(sysPost.postCode, f.postCode), contains(sysPost.postName, f.postName), f.status ? eq(sysPost.status, f.status) : undefined);
  const order = orderOf(postColumns, f, [asc(sysPost.postSort), asc(sysPost.postId)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(sysPost).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(sysPost).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

/** All posts ordered by postSort (`optionselect`). */
export function allPosts(db: DbTx): PostRow[] {
  return db.select().from(sysPost).orderBy(asc(sysPost.postSort), asc(sysPost.postId)).all();
}

export function findPostById(db: DbTx, postId: number): PostRow | undefined {
  return db.select().from(sysPost).where(eq(sysPost.postId, postId)).get();
}

/** Another post with this value in `field` (RuoYi checkPostNameUnique / checkPostCodeUnique). */
export function postTaken(db: DbTx, field: 'postName' | 'postCode', value: string, exceptId?: number): boolean {
  return db.select({ id: sysPost.postId }).from(sysPost)
    .where(and(eq(sysPost[field], value), exceptId === undefined ? undefined : ne(sysPost.postId, exceptId))).get() !== undefined;
}

export type PostValues = Pick<PostRow, 'postCode' | 'postName' | 'postSort' | 'status' | 'remark'>;

export function insertPost(db: DbTx, v: PostValues, by: string, when: string): number {
  return db.insert(sysPost).values({ ...v, createBy: by, createTime: when }).returning({ id: sysPost.postId }).get().id;
}

export function updatePost(db: DbTx, postId: number, v: Partial<PostValues>, by: string, when: string): number {
  return db.update(sysPost).set({ ...v, updateBy: by, updateTime: when }).where(eq(sysPost.postId, postId)).run().changes;
}

/** Users holding the post (RuoYi countUserPostById). */
export function countPostUsers(db: DbTx, postId: number): number {
  return db.select({ n: count() }).from(sysUserPost).where(eq(sysUserPost.postId, postId)).get()!.n;
}

export function deletePosts(db: DbTx, postIds: number[]): number {
  return db.delete(sysPost).where(inArray(sysPost.postId, postIds)).run().changes;
}
