/**
 * Live sessions (`sys_session`, reference §1 "Online users": RuoYi scans `login_tokens:*`).
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { sysSession } from '../../../db/schema';
import type { DbTx } from '../../common/query.repo';
import type { OnlineUser } from '../../../../shared/schemas/monitor/online';

/** Sessions not expired at `now` (epoch ms), newest login first; exact address / user name filters. */
export function listLiveSessions(db: DbTx, now: number, f: { ipaddr?: string; userName?: string }): OnlineUser[] {
  return db.select({
    tokenId: sysSession.sessionId, deptName: sysSession.deptName, userName: sysSession.userName, ipaddr: sysSession.ipaddr,
    loginLocation: sysSession.loginLocation, browser: sysSession.browser, os: sysSession.os, loginTime: sysSession.loginTime,
  }).from(sysSession)
    .where(and(gt(sysSession.expireTime, now), f.ipaddr ? eq(sysSession.ipaddr, f.ipaddr) : undefined, f.userName ? eq(sysSession.userName, f.userName) : undefined))
    .orderBy(desc(sysSession.loginTime), desc(sysSession.sessionId))
    .all();
}

/** Ends a session; returns the number of rows removed. */
export const deleteSession = (db: DbTx, sessionId: string) => db.delete(sysSession).where(eq(sysSession.sessionId, sessionId)).run().changes;
