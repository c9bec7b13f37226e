/**
 * The SQL of the session layer (session.service.ts, session-cache.ts; reference §1 "Login, token,
 * session"): the `sys_session` row of a sign-in (insert, read, delete) and the per-request
 * statements session-cache.ts keeps prepared (the shared auth version `sys_auth_version`, the
 * row's expiry, the expiry lease). Caches and the rules of expiry stay in the callers.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysAuthVersion, sysSession } from '../../db/schema';

export type SessionRow = typeof sysSession.$inferSelect;

/** Inserts the row of a new session (`sessionId` a fresh UUID, `expireTime` epoch ms). */
export function insertSession(db: Db, row: typeof sysSession.$inferInsert): void {
  db.insert(sysSession).values(row).run();
}

/** The whole row of session `sid`, or undefined when it is gone. */
export function findSession(db: Db, sid: string): SessionRow | undefined {
  return db.select().from(sysSession).where(eq(sysSession.sessionId, sid)).get();
}

/** Deletes the row of session `sid` (no row: nothing happens). */
export function deleteSession(db: Db, sid: string): void {
  db.delete(sysSession).where(eq(sysSession.sessionId, sid)).run();
}

/**
 * The prepared statements of every authenticated request (issue 15), built once per database by
 * session-cache.ts: `version.get()` → `{version}` of `sys_auth_version` row 1 (undefined before
 * the first bump); `row.get({sid})` → the session's `{expireTime, userId}`; `lease.run({sid, at})`
 * sets the session's `expire_time` to `at` (epoch ms).
 */
export function sessionStatements(db: Db) {
  return {
    version: db.select({ version: sysAuthVersion.version }).from(sysAuthVersion).where(eq(sysAuthVersion.id, 1)).prepare(),
    row: db.select({ expireTime: sysSession.expireTime, userId: sysSession.userId }).from(sysSession)
      .where(eq(sysSession.sessionId, sql.placeholder('sid'))).prepare(),
    lease: db.update(sysSession).set({ expireTime: sql`${sql.placeholder('at')}` })
      .where(eq(sysSession.sessionId, sql.placeholder('sid'))).prepare(),
  };
}
