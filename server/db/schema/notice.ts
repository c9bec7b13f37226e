/**
 * Notices (通知公告, issue 41 §5; reference/ruoyi-flowable.md §3 sys_notice): RuoYi's `sys_notice`
 * with `notice_type` '1' 通知 / '2' 公告 (dict sys_notice_type), `status` '0' 正常 / '1' 关闭
 * (dict sys_notice_status) and the content as sanitised HTML text (RuoYi: longblob).
 */
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { audit } from './common';

export const sysNotice = sqliteTable('sys_notice', {
  noticeId: integer('notice_id').primaryKey({ autoIncrement: true }),
  /** At most 50 characters (RuoYi varchar(50)). */
  noticeTitle: text('notice_title').notNull(),
  noticeType: text('notice_type').notNull(),
  /** Rich text (HTML), sanitised on write (server/core/rich-text.ts). */
  noticeContent: text('notice_content'),
  status: text('status').notNull().default('0'),
  ...audit,
}, (t) => [index('sys_notice_status_idx').on(t.status, t.createTime)]);
