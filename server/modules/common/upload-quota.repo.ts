/**
 * The upload ledger (`sys_upload`, issue 38 §7 "upload quota"): bytes stored per user and in
 * total, reserving a new file's row, releasing rows. Callers run reserve inside one transaction
 * with the check (upload-quota.service.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { sysUpload } from '../../db/schema';
import type { DbTx } from './query.repo';

/** Bytes recorded for `userId` (0 when none). */
export function userUploadBytes(db: DbTx, userId: number): number {
  return db.select({ n: sql<number>`coalesce(sum(${sysUpload.size}), 0)` }).from(sysUpload).where(eq(sysUpload.userId, userId)).get()?.n ?? 0;
}

/** Bytes recorded for all users (0 when none). */
export function totalUploadBytes(db: DbTx): number {
  return db.select({ n: sql<number>`coalesce(sum(${sysUpload.size}), 0)` }).from(sysUpload).get()?.n ?? 0;
}

/** Inserts one ledger row; returns its id. */
export function insertUpload(db: DbTx, row: { userId: number; fileName: string; size: number; createTime: string }): number {
  return db.insert(sysUpload).values(row).returning({ id: sysUpload.uploadId }).get().id;
}

/** Sets the served path of a reserved row (the name is known only once the file is written). */
export function renameUpload(db: DbTx, uploadId: number, fileName: string): void {
  db.update(sysUpload).set({ fileName }).where(eq(sysUpload.uploadId, uploadId)).run();
}

/** Deletes the row `uploadId`. */
export function deleteUpload(db: DbTx, uploadId: number): void {
  db.delete(sysUpload).where(eq(sysUpload.uploadId, uploadId)).run();
}

/** Deletes the rows of the served path `fileName` (a file that was removed). */
export function deleteUploadsNamed(db: DbTx, fileName: string): void {
  db.delete(sysUpload).where(eq(sysUpload.fileName, fileName)).run();
}
