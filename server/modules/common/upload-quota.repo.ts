/**
 * The upload ledger (`sys_upload`, issue 38 §7 "upload quota"): bytes stored per user and in
 * total, reserving a new file's row, releasing rows. On the async store (issue 43): every
 * function awaits `store.db`; writes run inside the caller's `store.transaction` (reserve with the
 * check, upload-quota.service.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Store } from '../../db/store/port';
import { firstRow } from '../../db/store/results';
import { sysUpload } from '../../db/schema';

type UploadStore = Pick<Store<Db>, 'db'>;

/** Bytes recorded for `userId` (0 when none). */
export async function userUploadBytes({ db }: UploadStore, userId: number): Promise<number> {
  const row = firstRow(await db.select({ n: sql<number>`coalesce(sum(${sysUpload.size}), 0)` }).from(sysUpload).where(eq(sysUpload.userId, userId)));
  return Number(row?.n ?? 0);
}

/** Bytes recorded for all users (0 when none). */
export async function totalUploadBytes({ db }: UploadStore): Promise<number> {
  const row = firstRow(await db.select({ n: sql<number>`coalesce(sum(${sysUpload.size}), 0)` }).from(sysUpload));
  return Number(row?.n ?? 0);
}

/** Inserts one ledger row; resolves to its id. */
export async function insertUpload({ db }: UploadStore, row: { userId: number; fileName: string; size: number; createTime: string }): Promise<number> {
  const [inserted] = await db.insert(sysUpload).values(row).returning({ id: sysUpload.uploadId });
  return inserted.id;
}

/** Sets the served path of a reserved row (the name is known only once the file is written). */
export async function renameUpload({ db }: UploadStore, uploadId: number, fileName: string): Promise<void> {
  await db.update(sysUpload).set({ fileName }).where(eq(sysUpload.uploadId, uploadId));
}

/** Deletes the row `uploadId`. */
export async function deleteUpload({ db }: UploadStore, uploadId: number): Promise<void> {
  await db.delete(sysUpload).where(eq(sysUpload.uploadId, uploadId));
}

/** Deletes the rows of the served path `fileName` (a file that was removed). */
export async function deleteUploadsNamed({ db }: UploadStore, fileName: string): Promise<void> {
  await db.delete(sysUpload).where(eq(sysUpload.fileName, fileName));
}
