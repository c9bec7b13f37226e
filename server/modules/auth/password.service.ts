/**
 * Password hashing (bcrypt, cost 10, as RuoYi's BCryptPasswordEncoder) and the wrong-password
 * lockout (reference §1 SysPasswordService: 5 tries, then locked 10 minutes; the counter lives
 * 10 minutes after its last increment and is cleared by a successful sign-in or an unlock).
 */
import bcrypt from 'bcryptjs';
import type { AppDeps } from '../../deps';
import { deletePasswordRetry, findPasswordRetry, upsertPasswordRetry } from './password-retry.repo';

export const MAX_RETRY_COUNT = 5;
export const LOCK_TIME_MS = 10 * 60 * 1000;
export const LOCKED_MESSAGE = `密码输入错误${MAX_RETRY_COUNT}次，帐户锁定${LOCK_TIME_MS / 60000}分钟`;

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, 10);
export const matchesPassword = (plain: string, hash: string): Promise<boolean> =>
  hash ? bcrypt.compare(plain, hash) : Promise.resolve(false);

/** Wrong passwords counted for `userName` that have not expired at `now`. */
export function retryCount(deps: Pick<AppDeps, 'db'>, userName: string, now: number): number {
  const row = findPasswordRetry(deps.db, userName);
  return row && row.expireTime > now ? row.retryCount : 0;
}

/** Counts one more wrong password; returns the new count. */
export function recordWrongPassword(deps: Pick<AppDeps, 'db'>, userName: string, now: number): number {
  const count = retryCount(deps, userName, now) + 1;
  upsertPasswordRetry(deps.db, userName, count, now + LOCK_TIME_MS);
  return count;
}

/** Clears the counter (successful sign-in, or `/monitor/logininfor/unlock/{userName}`). */
export function clearWrongPasswords(deps: Pick<AppDeps, 'db'>, userName: string): void {
  deletePasswordRetry(deps.db, userName);
}
