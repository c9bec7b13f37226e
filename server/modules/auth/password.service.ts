/**
 * Password hashing (bcrypt, cost 10, as RuoYi's BCryptPasswordEncoder) and the wrong-password
 * lockout (reference §1 SysPasswordService: 5 tries, then locked 10 minutes; the counter lives
 * 10 minutes after its last increment and is cleared by a successful sign-in or an unlock).
 */
import bcrypt from 'bcryptjs';
import type { AppDeps } from '../../deps';
import { deletePasswordRetry, findPasswordRetry, incrementPasswordRetry } from './password-retry.repo';

type Deps = Pick<AppDeps, 'store'>;

export const MAX_RETRY_COUNT = 5;
export const LOCK_TIME_MS = 10 * 60 * 1000;
export const LOCKED_MESSAGE = `密码输入错误${MAX_RETRY_COUNT}次，帐户锁定${LOCK_TIME_MS / 60000}分钟`;

/** bcrypt hash of `plain` (cost 10). CPU-heavy and asynchronous: call it outside store transactions. */
export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, 10);
/** True when `plain` matches the bcrypt `hash` (an empty hash matches nothing). Outside store transactions too. */
export const matchesPassword = (plain: string, hash: string): Promise<boolean> =>
  hash ? bcrypt.compare(plain, hash) : Promise.resolve(false);

/** Wrong passwords counted for `userName` that have not expired at `now` (epoch ms). */
export async function retryCount(deps: Deps, userName: string, now: number): Promise<number> {
  const row = await findPasswordRetry(deps.store, userName);
  return row && row.expireTime > now ? row.retryCount : 0;
}

/**
 * Counts one more wrong password (the counter then lives LOCK_TIME_MS from `now`); returns the new
 * count. One `store.transaction` (a savepoint inside the caller's).
 */
export function recordWrongPassword(deps: Deps, userName: string, now: number): Promise<number> {
  return deps.store.transaction(() => incrementPasswordRetry(deps.store, userName, now, now + LOCK_TIME_MS));
}

/**
 * Clears the counter (successful sign-in, or `/monitor/logininfor/unlock/{userName}`). One
 * `store.transaction` (a savepoint inside the caller's).
 */
export function clearWrongPasswords(deps: Deps, userName: string): Promise<void> {
  return deps.store.transaction(() => deletePasswordRetry(deps.store, userName));
}
