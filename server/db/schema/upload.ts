/**
 * Stored uploads and their sizes (issue 38 §7 "upload quota"): one row per file the server keeps
 * for a user (common upload, uploadFile, avatar), so the per-user and total quotas
 * (`sys.upload.userQuota`, `sys.upload.totalQuota`) can be checked before a new file is written.
 * A row is inserted (reserving its size) before the file is written and deleted with the file.
 */
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';

export const sysUpload = sqliteTable('sys_upload', {
  uploadId: integer('upload_id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id').notNull(),
  /** The served path, `/profile/upload/…` or `/profile/avatar/…`. */
  fileName: text('file_name').notNull(),
  /** Bytes. */
  size: integer('size').notNull(),
  createTime: text('create_time'),
}, (t) => [index('sys_upload_user_idx').on(t.userId)]);
