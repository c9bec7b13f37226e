/**
 * Login log rows (`sys_logininfor`, reference §1: one row per attempt, status '0' ok / '1' fail;
 * §2 Monitor: list, delete, clean).
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOf, withinDays, type DbTx } from '../../common/query.repo';
import { sysLogininfor } from '../../../db/schema';
import { parseUserAgent } from '../../../core/user-agent';
import type { ClientInfo } from '../../../deps';

export function insertLoginLog(db: Db, row: { userName: string; status: '0' | '1'; msg: string; client: ClientInfo; loginTime: string }): void {
  const ua = parseUserAgent(row.client.userAgent);
  db.insert(sysLogininfor).values({
    userName: row.userName.slice(0, 50),
    ipaddr: row.client.ip,
    loginLocation: isInternalIp(row.client.ip) ? '内网IP' : 'XX XX',
    browser: ua.browser,
    os: ua.os,
    status: row.status,
    msg: row.msg.slice(0, 255),
    loginTime: row.loginTime,
  }).run();
}

/** Loopback and private ranges are shown as 内网IP, as RuoYi does. */
export function isInternalIp(ip: string): boolean {
  const a = ip.replace(/^::ffff:/, '');
  return a === '::1' || a === '127.0.0.1' || a.startsWith('10.') || a.startsWith('192.168.') || /^172\.(1[6-9]|2\d|3[01])\./.test(a) || a === 'localhost';
}

export type LogininforRow = typeof sysLogininfor.$inferSelect;

export interface LogininforFilter extends Partial<PageInput> {
  ipaddr?: string;
  userName?: string;
  status?: string;
}

export const logininforColumns = {
  infoId: sysLogininfor.infoId, userName: sysLogininfor.userName, ipaddr: sysLogininfor.ipaddr,
  status: sysLogininfor.status, loginTime: sysLogininfor.loginTime,
};

/** Rows by address (LIKE), user name (LIKE), status and login days; newest first unless `orderByColumn`. */
export function listLogininfor(db: DbTx, f: LogininforFilter): Page<LogininforRow> {
  const where = and(contains(sysLogininfor.ipaddr, f.ipaddr), contains(sysLogininfor.userName, f.userName),
    f.status ? eq(sysLogininfor.status, f.status) : undefined, ...withinDays(sysLogininfor.loginTime, f));
  const order = orderOf(logininforColumns, f, [desc(sysLogininfor.infoId)]);
  return pageOf(f,
    () => db.select({ n: count() }).from(sysLogininfor).where(where).get()!.n,
    (limit, offset) => {
      const q = db.select().from(sysLogininfor).where(where).orderBy(...order);
      return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
    });
}

export const deleteLogininfor = (db: DbTx, infoIds: number[]) => db.delete(sysLogininfor).where(inArray(sysLogininfor.infoId, infoIds)).run().changes;

export const cleanLogininfor = (db: DbTx) => db.delete(sysLogininfor).run().changes;
