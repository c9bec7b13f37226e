/**
 * The SQL of the wrong-password counter (password.service.ts; reference §1 SysPasswordService):
 * one `sys_password_retry` row per user name with its count and expiry (epoch ms). The lockout
 * rules (how many, how long) stay in the service.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Store } from '../../db/store/port';
import { firstRow } from '../../db/store/results';
import { sysPasswordRetry } from '../../db/schema';

type RetryStore = Pick<Store<Db>, 'db'>;

/**
 * The counter row of `userName` `{userName, retryCount, expireTime}`, or undefined. `expireTime`
 * (epoch ms) is a number on both databases (PostgreSQL's `bigint` reaches Drizzle as text).
 */
export async function findPasswordRetry({ db }: RetryStore, userName: string): Promise<typeof sysPasswordRetry.$inferSelect | undefined> {
  const row = firstRow(await db.select().from(sysPasswordRetry).where(eq(sysPasswordRetry.userName, userName)).limit(1));
  return row && { ...row, expireTime: Number(row.expireTime) };
}

/**
 * Counts one more wrong password of `userName` in one statement (no lost count between two
 * attempts at once): the stored count plus one while its row has not expired at `now`, else 1;
 * the row then expires at `expireTime` (epoch ms). Inserts the row when missing. Returns the new count.
 */
export async function incrementPasswordRetry({ db }: RetryStore, userName: string, now: number, expireTime: number): Promise<number> {
  const rows = await db.insert(sysPasswordRetry)
    .values({ userName, retryCount: 1, expireTime })
    .onConflictDoUpdate({
      target: sysPasswordRetry.userName,
      set: { retryCount: sql`CASE WHEN ${sysPasswordRetry.expireTime} > ${now} THEN ${sysPasswordRetry.retryCount} + 1 ELSE 1 END`, expireTime },
    })
    .returning({ retryCount: sysPasswordRetry.retryCount });
  return firstRow(rows)!.retryCount;
}

/** Deletes the counter of `userName` (no row: nothing happens). */
export async function deletePasswordRetry({ db }: RetryStore, userName: string): Promise<void> {
  await db.delete(sysPasswordRetry).where(eq(sysPasswordRetry.userName, userName));
}
