/**
 * Table versions per store (issue 15's change detection for the read caches, made to work on both
 * databases by issue 43): what a cache compares to tell whether the tables it read from changed,
 * without a database call on a hit. One service per store (`tableVersionsOf`), two implementations:
 * - SQLite (./table-watch.ts, unchanged): this connection's writes counted by TEMP triggers as they
 *   happen; other connections' commits by `PRAGMA data_version`, polled at most every
 *   EXTERNAL_POLL_MS on a cache's read.
 * - PostgreSQL (./store/pg-table-versions.ts): this process's writes told by the adapter
 *   (./store/pg-writes.ts) when they can be seen; other processes' by statement-level triggers
 *   that `pg_notify` on one LISTENing connection (polling version rows every EXTERNAL_POLL_MS
 *   while it is down).
 * The caches (modules/common/read-cache.ts, modules/auth/session-cache.ts) take the store; none
 * takes a connection.
 */
import type { Db } from './client';
import { inCommandTransaction } from './sync-transactions';
import { localWrites, otherCommits, watchTables } from './table-watch';
import { pgTableVersions } from './store/pg-table-versions';
import type { TableVersions, VersionedStore } from './table-versions-port';

export { EXTERNAL_POLL_MS, type WriteOp } from './table-watch';
export { declareWatched, declaredTables, type FollowChange, type TableVersions, type VersionedStore } from './table-versions-port';

function sqliteVersions(db: Db): TableVersions {
  return {
    kind: 'sqlite',
    watch: (tables) => watchTables(db, tables),
    localWrites: (tables) => localWrites(db, tables),
    otherCommits: (now) => otherCommits(db, now),
    inTransaction: () => inCommandTransaction(db),
    ready: async () => true,
  };
}

/** Followed nowhere (a store that is neither, or a PostgreSQL store not made by openPostgresStore): nothing is cached. */
function unversioned(store: VersionedStore): TableVersions {
  return { kind: store.kind, watch: () => undefined, localWrites: () => 0, otherCommits: () => undefined, inTransaction: () => true, ready: async () => false };
}

const services = new WeakMap<object, TableVersions>();

/**
 * The table versions of `store` (made on first use, one per store; on SQLite one per connection,
 * `store.db`). On PostgreSQL the first call starts the listener (closed with the store).
 */
export function tableVersionsOf(store: VersionedStore): TableVersions {
  let tv = services.get(store);
  if (!tv) {
    tv = store.kind === 'sqlite' ? sqliteVersions(store.db as Db) : (pgTableVersions(store) ?? unversioned(store));
    services.set(store, tv);
  }
  return tv;
}
