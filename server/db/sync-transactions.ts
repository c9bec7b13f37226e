/**
 * Synchronous transactions on a better-sqlite3 connection, counted (issue 43).
 *
 * Every writer is on the async store now (server/db/store/sqlite.ts: one writer at a time, group
 * commit in one `BEGIN IMMEDIATE … COMMIT`, each transaction in a savepoint; issue 15's write
 * turns moved inside it). What is left here:
 * - `trackCommandTransactions` counts the synchronous `db.transaction` functions run on a
 *   connection, so the SQLite adapter's `strict` rule can refuse a store transaction inside which
 *   one ran (it would be a savepoint of the group, outside the store's bookkeeping);
 * - `inCommandTransaction` tells the read caches (modules/common/read-cache.ts) to step aside
 *   while a transaction is open on the connection: its rows may still be rolled back. A store
 *   transaction's callback awaits only store statements (the strict rule), so a group never stays
 *   open across event-loop turns: another request never finds one open.
 */
import type Database from 'better-sqlite3';
import type { Db } from './client';

/** The tracked connections and their counters. */
const states = new WeakMap<Database.Database, { runs: number }>();

/**
 * Counts the transaction functions of `client` created from now on (`client.transaction`,
 * Drizzle's synchronous `db.transaction` included). Call once, before use (buildApp does); a
 * second call changes nothing.
 */
export function trackCommandTransactions(client: Database.Database): void {
  if (states.has(client)) return;
  const s = { runs: 0 };
  states.set(client, s);
  const original = client.transaction;
  client.transaction = function transaction(this: Database.Database, fn: (...args: unknown[]) => unknown) {
    if (typeof fn !== 'function') return original.call(this, fn);
    return original.call(this, function counted(this: unknown, ...args: unknown[]) {
      s.runs++;
      return fn.apply(this, args);
    });
  } as Database.Database['transaction'];
}

/** Synchronous transaction functions started on `client` so far (0 when it is not tracked). */
export function syncTransactionRuns(client: Database.Database): number {
  return states.get(client)?.runs ?? 0;
}

/** True while a transaction is open on `db`'s connection (a store group, or a synchronous one). */
export function inCommandTransaction(db: Db): boolean {
  return db.$client.inTransaction;
}
