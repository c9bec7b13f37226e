/**
 * Deletes behind the maintenance handlers (handlers.ts): old log rows and expired sessions.
 * Times: log columns are `yyyy-MM-dd HH:mm:ss` text (compared as text), session expiry epoch ms.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysJobLog, sysLogininfor, sysOperLog, sysSession } from '../../../db/schema';

/** Removes job, login and operation log rows older than `before` (`yyyy-MM-dd HH:mm:ss`). */
export function deleteLogsBefore(db: Db, before: string): { jobLogs: number; loginLogs: number; operLogs: number } {
  return db.transaction((tx) => ({
    jobLogs: tx.delete(sysJobLog).where(lt(sysJobLog.createTime, before)).run().changes,
    loginLogs: tx.delete(sysLogininfor).where(lt(sysLogininfor.loginTime, before)).run().changes,
    operLogs: tx.delete(sysOperLog).where(lt(sysOperLog.operTime, before)).run().changes,
  }));
}

/** Removes sessions whose `expireTime` (epoch ms) is before `now`; returns how many. */
export function deleteExpiredSessions(db: Db, now: number): number {
  return db.delete(sysSession).where(lt(sysSession.expireTime, now)).run().changes;
}
