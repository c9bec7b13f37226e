/**
 * The SQL of the session layer (session.service.ts, session-cache.ts; reference §1 "Login, token,
 * session"): the `sys_session` row of a sign-in (insert, read, delete, its expiry lease) and the
 * shared auth version `sys_auth_version`. Caches and the rules of expiry stay in the callers.
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Store } from '../../db/store/port';
import { firstRow } from '../../db/store/results';
import { sysAuthVersion, sysSession } from '../../db/schema';

type SessionStore = Pick<Store<Db>, 'db'>;

/**
 * `expire_time` as a number: a `bigint` column on PostgreSQL, which node-postgres hands to
 * Drizzle as its decimal text (epoch milliseconds stay far below 2^53).
 */
const epoch = <T extends { expireTime: number }>(row: T | undefined): T | undefined =>
  row && { ...row, expireTime: Number(row.expireTime) };

export type SessionRow = typeof sysSession.$inferSelect;

/** Inserts the row of a new session (`sessionId` a fresh UUID, `expireTime` epoch ms). */
export async function insertSession({ db }: SessionStore, row: typeof sysSession.$inferInsert): Promise<void> {
  await db.insert(sysSession).values(row);
}

/** The whole row of session `sid` (`expireTime` a number on both databases), or undefined when it is gone. */
export async function findSession({ db }: SessionStore, sid: string): Promise<SessionRow | undefined> {
  return epoch(firstRow(await db.select().from(sysSession).where(eq(sysSession.sessionId, sid)).limit(1)));
}

/** Deletes the row of session `sid` (no row: nothing happens). */
export async function deleteSession({ db }: SessionStore, sid: string): Promise<void> {
  await db.delete(sysSession).where(eq(sysSession.sessionId, sid));
}

/** The expiry (epoch ms, a number on both databases) and user id of session `sid`, or undefined when the row is gone. */
export async function findSessionExpiry({ db }: SessionStore, sid: string): Promise<{ expireTime: number; userId: number } | undefined> {
  return epoch(firstRow(await db.select({ expireTime: sysSession.expireTime, userId: sysSession.userId }).from(sysSession)
    .where(eq(sysSession.sessionId, sid)).limit(1)));
}

/** Sets the `expire_time` of session `sid` to `at` (epoch ms): the expiry lease (session-cache.ts slide). */
export async function leaseSession({ db }: SessionStore, sid: string, at: number): Promise<void> {
  await db.update(sysSession).set({ expireTime: at }).where(eq(sysSession.sessionId, sid));
}

/**
 * `sys_auth_version` row 1's version: bumped by the persistent triggers on every write that can
 * change a signed-in user (drizzle/0005_auth_version.sql; drizzle-pg's plpgsql function); 0
 * before the first bump.
 */
export async function readAuthVersion({ db }: SessionStore): Promise<number> {
  return firstRow(await db.select({ version: sysAuthVersion.version }).from(sysAuthVersion).where(eq(sysAuthVersion.id, 1)).limit(1))?.version ?? 0;
}
