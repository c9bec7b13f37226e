/**
 * Login log rows (`sys_logininfor`, reference §1: one row per attempt, status '0' ok / '1' fail;
 * §2 Monitor: list, delete, clean).
 *
 * On the async store port (issue 43): every function takes the store and awaits its Drizzle
 * queries (`store.db`, the open transaction's handle inside one), reading the results with
 * server/db/store/results.ts, so the same code runs over SQLite and PostgreSQL. Writes run inside
 * the caller's `store.transaction`.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import type { Page, PageInput } from '../../../core/pagination';
import { contains, orderOf, pageOfAsync, withinDays } from '../../common/query.repo';
import { sysLogininfor } from '../../../db/schema';
import { parseUserAgent } from '../../../core/user-agent';
import type { ClientInfo } from '../../../deps';

type LogininforStore = Pick<Store<Db>, 'db'>;

/** Inserts one login-log row (user name and message cut to their columns, browser and OS from the user agent). */
export async function insertLoginLog({ db }: LogininforStore, row: { userName: string; status: '0' | '1'; msg: string; client: ClientInfo; loginTime: string }): Promise<void> {
  const ua = parseUserAgent(row.client.userAgent);
  await db.insert(sysLogininfor).values({
    userName: row.userName.slice(0, 50),
    ipaddr: row.client.ip,
    loginLocation: isInternalIp(row.client.ip) ? '内网IP' : 'XX XX',
    browser: ua.browser,
    os: ua.os,
    status: row.status,
    msg: row.msg.slice(0, 255),
    loginTime: row.loginTime,
  });
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
export async function listLogininfor({ db }: LogininforStore, f: LogininforFilter): Promise<Page<LogininforRow>> {
  const where = and(contains(sysLogininfor.ipaddr, f.ipaddr, db), contains(sysLogininfor.userName, f.userName, db),
    f.status ? eq(sysLogininfor.status, f.status) : undefined, ...withinDays(sysLogininfor.loginTime, f));
  const order = orderOf(logininforColumns, f, [desc(sysLogininfor.infoId)]);
  return pageOfAsync(f,
    async () => firstRow(await db.select({ n: count() }).from(sysLogininfor).where(where))?.n ?? 0,
    async (limit, offset) => {
      const q = db.select().from(sysLogininfor).where(where).orderBy(...order);
      return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
    });
}

/** Deletes the rows; returns the deleted row count. */
export const deleteLogininfor = async ({ db }: LogininforStore, infoIds: number[]): Promise<number> =>
  changesOf(await db.delete(sysLogininfor).where(inArray(sysLogininfor.infoId, infoIds)));

/** Deletes every row; returns the deleted row count. */
export const cleanLogininfor = async ({ db }: LogininforStore): Promise<number> => changesOf(await db.delete(sysLogininfor));
