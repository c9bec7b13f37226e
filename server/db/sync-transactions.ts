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
 *   while a command's transaction runs on the connection: its rows may still be rolled back.
 */
import type Database from 'better-sqlite3';
import type { Db } from './client';

/** The tracked connections and their counters. */
const states = new WeakMap<Database.Database, { runs: number; depth: number }>();

/** Per connection: a store group is open on it, and how many of its transaction callbacks run now. */
const groups = new WeakMap<Database.Database, { open: boolean; callbacks: number }>();

/**
 * Called by the SQLite store adapter (server/db/store/sqlite.ts): a group opened (`open` true) or
 * ended on `client`, a callback of it started (+1) or ended (-1).
 */
export function markGroup(client: Database.Database, change: { open?: boolean; callbacks?: 1 | -1 }): void {
  let g = groups.get(client);
  if (!g) groups.set(client, (g = { open: false, callbacks: 0 }));
  if (change.open !== undefined) g.open = change.open;
  if (change.callbacks) g.callbacks += change.callbacks;
}

/**
 * Counts the transaction functions of `client` created from now on (`client.transaction`,
 * Drizzle's synchronous `db.transaction` included). Call once, before use (buildApp does); a
 * second call changes nothing.
 */
export function trackCommandTransactions(client: Database.Database): void {
  if (states.has(client)) return;
  const s = { runs: 0, depth: 0 };
  states.set(client, s);
  const original = client.transaction;
  client.transaction = function transaction(this: Database.Database, fn: (...args: unknown[]) => unknown) {
    if (typeof fn !== 'function') return original.call(this, fn);
    return original.call(this, function counted(this: unknown, ...args: unknown[]) {
      s.runs++;
      s.depth++;
      try {
        return fn.apply(this, args);
      } finally {
        s.depth--;
      }
    });
  } as Database.Database['transaction'];
}

/** Synchronous transaction functions started on `client` so far (0 when it is not tracked). */
export function syncTransactionRuns(client: Database.Database): number {
  return states.get(client)?.runs ?? 0;
}

/**
 * True while a command's transaction is open on `db`'s connection: a store transaction's callback
 * runs, a synchronous transaction function runs, or any other transaction is open. False outside
 * any transaction, and while a store group lingers between its callbacks (its rows commit together;
 * a group whose COMMIT fails moves the caches' stamps: table-watch forgetLocalWrites).
 */
export function inCommandTransaction(db: Db): boolean {
  const client = db.$client;
  if (!client.inTransaction) return false;
  const g = groups.get(client);
  return !g?.open || g.callbacks > 0 || (states.get(client)?.depth ?? 0) > 0;
}
