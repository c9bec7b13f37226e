/**
 * Login log rows (`sys_logininfor`, reference §1: one row per attempt, status '0' ok / '1' fail).
 */
import type { Db } from '../../../db/client';
import { sysLogininfor } from '../../../db/schema';
import { parseUserAgent } from '../../../core/user-agent';
import type { ClientInfo } from '../../../core/deps';

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
