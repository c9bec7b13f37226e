/**
 * Live sessions (`sys_session`, reference §1 "Online users": RuoYi scans `login_tokens:*`).
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { sysSession } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf } from '../../../db/store/results';
import type { OnlineUser } from '../../../../shared/schemas/monitor/online';

type OnlineStore = Pick<Store<Db>, 'db'>;

/** Sessions not expired at `now` (epoch ms), newest login first; exact address / user name filters. */
export async function listLiveSessions({ db }: OnlineStore, now: number, f: { ipaddr?: string; userName?: string }): Promise<OnlineUser[]> {
  return db.select({
    tokenId: sysSession.sessionId, deptName: sysSession.deptName, userName: sysSession.userName, ipaddr: sysSession.ipaddr,
    loginLocation: sysSession.loginLocation, browser: sysSession.browser, os: sysSession.os, loginTime: sysSession.loginTime,
  }).from(sysSession)
    .where(and(gt(sysSession.expireTime, now), f.ipaddr ? eq(sysSession.ipaddr, f.ipaddr) : undefined, f.userName ? eq(sysSession.userName, f.userName) : undefined))
    .orderBy(desc(sysSession.loginTime), desc(sysSession.sessionId));
}

/** Ends a session; returns the number of rows removed. */
export const deleteSession = async ({ db }: OnlineStore, sessionId: string): Promise<number> =>
  changesOf(await db.delete(sysSession).where(eq(sysSession.sessionId, sessionId)));
