/**
 * Deletes behind the maintenance handlers (handlers.ts): old log rows and expired sessions, on the
 * async store (issue 43), each call ONE `store.transaction`.
 * Times: log columns are `yyyy-MM-dd HH:mm:ss` text (compared as text), session expiry epoch ms.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf } from '../../../db/store/results';
import { sysJobLog, sysLogininfor, sysOperLog, sysSession } from '../../../db/schema';

type MaintenanceStore = Pick<Store<Db>, 'db' | 'transaction'>;

/** Removes job, login and operation log rows older than `before` (`yyyy-MM-dd HH:mm:ss`); resolves to the counts. */
export async function deleteLogsBefore(store: MaintenanceStore, before: string): Promise<{ jobLogs: number; loginLogs: number; operLogs: number }> {
  const { db } = store;
  return store.transaction(async () => ({
    jobLogs: changesOf(await db.delete(sysJobLog).where(lt(sysJobLog.createTime, before))),
    loginLogs: changesOf(await db.delete(sysLogininfor).where(lt(sysLogininfor.loginTime, before))),
    operLogs: changesOf(await db.delete(sysOperLog).where(lt(sysOperLog.operTime, before))),
  }));
}

/** Removes sessions whose `expireTime` (epoch ms) is before `now`; resolves to how many. */
export async function deleteExpiredSessions(store: MaintenanceStore, now: number): Promise<number> {
  const { db } = store;
  return store.transaction(async () => changesOf(await db.delete(sysSession).where(lt(sysSession.expireTime, now))));
}
