/**
 * Column helpers shared by the system tables: the audit columns of RuoYi's BaseEntity
 * (`create_by`, `create_time`, `update_by`, `update_time`, `remark`; reference §3).
 * Times are stored as text `yyyy-MM-dd HH:mm:ss` in the server's time zone, the wire format.
 */
import { text } from 'drizzle-orm/sqlite-core';

export const audit = {
  createBy: text('create_by').notNull().default(''),
  createTime: text('create_time'),
  updateBy: text('update_by').notNull().default(''),
  updateTime: text('update_time'),
  remark: text('remark'),
};
