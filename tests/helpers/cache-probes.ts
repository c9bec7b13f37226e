/**
 * What the cache tests ask an app between writes (issue 15: the session and read caches): whether
 * a token may list users, the user list's first page, the 性别 labels, and a wait past the caches'
 * poll of other processes' writes. Shared by the same-process tests and the SQLite-file ones
 * (`*.sqlite.test.ts`: two apps over one file).
 */
import { eq } from 'drizzle-orm';
import type { BuiltApp } from '../../server/app';
import { sysMenu } from '../../server/db/schema';
import { EXTERNAL_POLL_MS } from '../../server/db/table-watch';
import { firstRow } from '../../server/db/store/results';
import { call } from './app';

/** The id of a menu row holding `perms`. */
export async function menuIdOf(app: BuiltApp, perms: string): Promise<number> {
  return firstRow(await app.deps.store.db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.perms, perms)).limit(1))!.id;
}

/** code of GET /system/user/list (needs system:user:list) for `token`. */
export async function listCode(app: BuiltApp, token: string): Promise<number> {
  return (await call(app, 'GET', '/system/user/list?pageNum=1&pageSize=1', token)).body.code;
}

/** The user list's first page of 10, newest user first (REST). */
export const USER_PAGE = '/system/user/list?pageNum=1&pageSize=10&orderByColumn=userId&isAsc=desc';

/** USER_PAGE's envelope. */
export interface UserPage { code: number; total: number; rows: { userId: number; userName: string; nickName: string; dept: { deptName: string } | null }[] }

/** USER_PAGE as `token` gets it from `app`. */
export const userPage = async (app: BuiltApp, token: string) => (await call(app, 'GET', USER_PAGE, token)).body as UserPage;

/** The labels of dict type sys_user_sex as `token` gets them (REST). */
export const sexLabels = async (app: BuiltApp, token: string) =>
  ((await call(app, 'GET', '/system/dict/data/type/sys_user_sex', token)).body.data as { dictLabel: string }[]).map((d) => d.dictLabel);

/** Waits (real time) past EXTERNAL_POLL_MS: the read caches poll with the wall clock. */
export const pollPassed = () => new Promise((r) => setTimeout(r, EXTERNAL_POLL_MS + 100));
