/**
 * Notice (通知公告) shapes (issue 41 §5; reference §3 sys_notice; RuoYi SysNotice / NoticeController):
 * noticeType '1' 通知 / '2' 公告 (dict sys_notice_type), status '0' 正常 / '1' 关闭 (dict
 * sys_notice_status); both also as integers, as RuoYi's dialog may send them (dictCode). The content is
 * rich text (HTML) that the server sanitises and caps at NOTICE_CONTENT_MAX_BYTES.
 */
import { z } from 'zod';
import { pageInput } from '../common';
import { controlCharsMessage, isMultiLine, isOneLine } from '../text';
import { filterText, idValue, optionalCode, optionalText, requiredCode, statusField } from './dept';

/** Notice types (dict sys_notice_type): 1 通知, 2 公告. */
export const NOTICE_TYPES = ['1', '2'] as const;

/** Largest stored content, in UTF-8 bytes after sanitising (64 KB; not upstream, which stores a longblob). */
export const NOTICE_CONTENT_MAX_BYTES = 64 * 1024;
/** The refusal of a content over NOTICE_CONTENT_MAX_BYTES (also of raw input over 4 times that). */
export const NOTICE_CONTENT_TOO_LONG = '公告内容不能超过64KB';

/** `GET /system/notice/list` filters (RuoYi: noticeTitle LIKE, noticeType, createBy LIKE); status too. */
export const noticeListInput = pageInput.extend({
  noticeTitle: filterText,
  noticeType: optionalCode(NOTICE_TYPES),
  createBy: filterText,
  status: optionalCode(['0', '1']),
});
export type NoticeListInput = z.input<typeof noticeListInput>;

/** 公告标题: required, at most 50 characters, one line (RuoYi's @NotBlank / @Size messages). */
const noticeTitle = z.string({ error: '公告标题不能为空' }).trim().min(1, '公告标题不能为空')
  .max(50, '公告标题不能超过50个字符').refine(isOneLine, controlCharsMessage('公告标题'));

/** Raw HTML as sent; the server sanitises it and checks the stored size. */
const noticeContent = z.string().max(NOTICE_CONTENT_MAX_BYTES * 4, NOTICE_CONTENT_TOO_LONG)
  .refine(isMultiLine, controlCharsMessage('公告内容')).nullish().transform((v) => v ?? undefined);

/** Add form (`POST /system/notice`). */
export const noticeAddInput = z.object({
  noticeTitle,
  noticeType: requiredCode('公告类型', NOTICE_TYPES),
  noticeContent,
  status: statusField,
  remark: optionalText('备注', 255, 'multiline'),
});
export type NoticeAddInput = z.input<typeof noticeAddInput>;

/** Edit form (`PUT /system/notice`): absent status / content / remark keep their stored value. */
export const noticeUpdateInput = noticeAddInput.extend({ noticeId: idValue, status: optionalCode(['0', '1']) });
export type NoticeUpdateInput = z.input<typeof noticeUpdateInput>;

/** `GET /system/notice/{noticeId}`. */
export const noticeIdInput = z.object({ noticeId: idValue });

/** One notice as the list, `get` and the home page answer it (RuoYi SysNotice JSON). */
export interface NoticeRow {
  noticeId: number;
  noticeTitle: string;
  noticeType: string;
  noticeContent: string | null;
  status: string;
  createBy: string;
  createTime: string | null;
  updateBy: string;
  updateTime: string | null;
  remark: string | null;
}
