/**
 * Rows 缓存监控 reads and writes: the public fields of a session row (what a `login_tokens:` value
 * shows), and the clear log shared by every process on the database file (one `sys_secret` row,
 * key CLEAR_LOG_KEY, whose value is the JSON of ClearLog). On the async store (issue 43): reads
 * await `store.db`; an append is one `store.transaction` (read, then write, of the one row).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';
import { sysSecret, sysSession } from '../../../db/schema';

type CacheStore = Pick<Store<Db>, 'db' | 'transaction'>;

/** The `sys_secret` key of the clear log (a marker, not a secret: its value names caches, never values). */
export const CLEAR_LOG_KEY = 'cache_epoch:log';
/** Most events the log keeps; a process that missed more clears every cache. */
export const CLEAR_LOG_MAX = 50;

/** One clear: a cache name (null: every cache) and a key in it (null: the whole cache). */
export interface ClearEvent {
  seq: number;
  name: string | null;
  key: string | null;
}

/** The log: the last sequence number and the newest events, oldest first. */
export interface ClearLog {
  seq: number;
  events: ClearEvent[];
}

/** The log as stored; `{seq: 0, events: []}` when absent or unreadable. */
export async function readClearLog({ db }: Pick<CacheStore, 'db'>): Promise<ClearLog> {
  const row = firstRow(await db.select({ v: sysSecret.secretValue }).from(sysSecret).where(eq(sysSecret.secretKey, CLEAR_LOG_KEY)).limit(1));
  if (!row) return { seq: 0, events: [] };
  try {
    const log = JSON.parse(row.v) as ClearLog;
    return Number.isInteger(log.seq) && Array.isArray(log.events) ? log : { seq: 0, events: [] };
  } catch {
    return { seq: 0, events: [] };
  }
}

/** Appends one event (seq + 1) to the log in one transaction; resolves to the log written. */
export async function appendClearEvent(store: CacheStore, name: string | null, key: string | null): Promise<ClearLog> {
  const { db } = store;
  return store.transaction(async () => {
    const log = await readClearLog(store);
    const seq = log.seq + 1;
    const next: ClearLog = { seq, events: [...log.events, { seq, name, key }].slice(-CLEAR_LOG_MAX) };
    const value = JSON.stringify(next);
    await db.insert(sysSecret).values({ secretKey: CLEAR_LOG_KEY, secretValue: value })
      .onConflictDoUpdate({ target: sysSecret.secretKey, set: { secretValue: value } });
    return next;
  });
}

/** What a session's cached value may show (no token, no password, no key): from its row, or undefined when gone. */
export async function sessionPublicRow({ db }: Pick<CacheStore, 'db'>, sessionId: string) {
  return firstRow(await db.select({
    ipaddr: sysSession.ipaddr, loginLocation: sysSession.loginLocation, browser: sysSession.browser, os: sysSession.os,
    loginTime: sysSession.loginTime,
  }).from(sysSession).where(eq(sysSession.sessionId, sessionId)).limit(1));
}
