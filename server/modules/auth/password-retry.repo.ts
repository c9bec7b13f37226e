/**
 * The SQL of the wrong-password counter (password.service.ts; reference §1 SysPasswordService):
 * one `sys_password_retry` row per user name with its count and expiry (epoch ms). The lockout
 * rules (how many, how long) stay in the service.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysPasswordRetry } from '../../db/schema';

/** The counter row of `userName` `{userName, retryCount, expireTime}`, or undefined. */
export function findPasswordRetry(db: Db, userName: string) {
  return db.select().from(sysPasswordRetry).where(eq(sysPasswordRetry.userName, userName)).get();
}

/** Sets the counter of `userName` to `retryCount`, expiring at `expireTime` (epoch ms); inserts it when missing. */
export function upsertPasswordRetry(db: Db, userName: string, retryCount: number, expireTime: number): void {
  db.insert(sysPasswordRetry)
    .values({ userName, retryCount, expireTime })
    .onConflictDoUpdate({ target: sysPasswordRetry.userName, set: { retryCount, expireTime } })
    .run();
}

/** Deletes the counter of `userName` (no row: nothing happens). */
export function deletePasswordRetry(db: Db, userName: string): void {
  db.delete(sysPasswordRetry).where(eq(sysPasswordRetry.userName, userName)).run();
}
