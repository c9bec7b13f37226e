/**
 * Notice services (通知公告, issue 41 §5; RuoYi SysNoticeController / SysNoticeServiceImpl): list,
 * get, add, edit and delete for administrators, and the newest open notices for every signed-in
 * user's home page. The content is rich text: it is sanitised (server/core/rich-text.ts, the allow-list
 * of the client's editor: no script, event handler, style attribute or javascript: URL survives) and
 * refused over NOTICE_CONTENT_MAX_BYTES once sanitised. On the async store (issue 43): each write is
 * one `store.transaction`.
 */
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import { sanitizeRichText } from '../../../core/rich-text';
import { NOTICE_CONTENT_MAX_BYTES, NOTICE_CONTENT_TOO_LONG } from '../../../../shared/schemas/system/notice';
import {
  deleteNotices, findNoticeById, insertNotice, listNotices, newestNotices, updateNotice,
  type NoticeFilter, type NoticeRecord,
} from './notice.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

export interface NoticeForm {
  noticeTitle: string;
  noticeType: '1' | '2';
  noticeContent?: string;
  status: '0' | '1';
  remark?: string;
}

/** How many notices the home page shows. */
export const HOME_NOTICE_LIMIT = 5;

/** A home-page entry: the notice without its content. */
export type NoticeHeadline = Pick<NoticeRecord, 'noticeId' | 'noticeTitle' | 'noticeType' | 'createBy' | 'createTime'>;

/**
 * Sanitised content, or undefined when not given. Errors (500): 公告内容不能超过64KB when the
 * sanitised HTML is longer than NOTICE_CONTENT_MAX_BYTES in UTF-8.
 */
export function cleanNoticeContent(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  const clean = sanitizeRichText(html);
  if (Buffer.byteLength(clean, 'utf8') > NOTICE_CONTENT_MAX_BYTES) throw new AppError('invalid', NOTICE_CONTENT_TOO_LONG);
  return clean;
}

/** `GET /system/notice/list` → `{rows, total}`. Errors: 参数不符合规范，不能进行查询 (order column). */
export const noticeList = (deps: Deps, f: NoticeFilter) => listNotices(deps.store, f);

/** `GET /system/notice/{noticeId}` → the notice or null. */
export const noticeGet = async (deps: Deps, noticeId: number) => (await findNoticeById(deps.store, noticeId)) ?? null;

/** `POST /system/notice` → new noticeId, created by the caller. Errors (500): 公告内容不能超过64KB. */
export function noticeAdd(deps: Deps, login: LoginUser, f: NoticeForm): Promise<number> {
  const noticeContent = cleanNoticeContent(f.noticeContent) ?? null;
  return deps.store.transaction(() => insertNotice(deps.store,
    { noticeTitle: f.noticeTitle, noticeType: f.noticeType, noticeContent, status: f.status, remark: f.remark ?? null },
    login.userName, nowText(deps.clock)));
}

/**
 * `PUT /system/notice`: absent status / content / remark keep their stored value (RuoYi's dynamic
 * UPDATE). Errors (500): 公告内容不能超过64KB; 操作失败 when the notice does not exist.
 */
export async function noticeUpdate(deps: Deps, login: LoginUser, f: Omit<NoticeForm, 'status'> & { noticeId: number; status?: '0' | '1' }): Promise<void> {
  const noticeContent = cleanNoticeContent(f.noticeContent);
  const changed = await deps.store.transaction(() => updateNotice(deps.store, f.noticeId,
    { noticeTitle: f.noticeTitle, noticeType: f.noticeType, noticeContent, status: f.status, remark: f.remark },
    login.userName, nowText(deps.clock)));
  if (changed === 0) throw new AppError('notFound', '操作失败');
}

/** `DELETE /system/notice/{noticeIds}`. Errors (500): 操作失败 when none of them exists. */
export async function noticeRemove(deps: Deps, noticeIds: number[]): Promise<void> {
  if (await deps.store.transaction(() => deleteNotices(deps.store, noticeIds)) === 0) throw new AppError('notFound', '操作失败');
}

/** `home.notices`: the HOME_NOTICE_LIMIT newest notices with status 0 正常, without content. */
export async function homeNotices(deps: Deps): Promise<NoticeHeadline[]> {
  return (await newestNotices(deps.store, '0', HOME_NOTICE_LIMIT)).map((n) => ({
    noticeId: n.noticeId, noticeTitle: n.noticeTitle, noticeType: n.noticeType, createBy: n.createBy, createTime: n.createTime,
  }));
}

/** `home.notice({noticeId})`: one notice with status 0 正常 (content included), or null (missing or 关闭). */
export async function homeNotice(deps: Deps, noticeId: number): Promise<NoticeRecord | null> {
  const n = await findNoticeById(deps.store, noticeId);
  return n && n.status === '0' ? n : null;
}
