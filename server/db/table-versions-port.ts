/**
 * The table-versions service's interface and the registry of watched tables (./table-versions.ts
 * explains the service; split out so the PostgreSQL implementation, ./store/pg-table-versions.ts,
 * imports it without an import cycle).
 */
import type { DbKind, Store } from './store/port';
import type { WriteOp } from './table-watch';

/** What a cache needs of a store to be told of changes (`kind`, `db`, `inTransaction`: a store). */
export type VersionedStore = Pick<Store<unknown>, 'kind' | 'db' | 'inTransaction'>;

export interface TableVersions {
  readonly kind: DbKind;
  /** Watches the writes to `tables` (table → operations; default all three). Idempotent, synchronous. */
  watch(tables: Record<string, readonly WriteOp[] | undefined>): void;
  /**
   * Changes to `tables` (watched) seen so far, as a number that only grows: on SQLite this
   * connection's writes; on PostgreSQL this process's writes and the ones other processes were
   * notified (or polled) to make. No database call.
   */
  localWrites(tables: readonly string[]): number;
  /**
   * A value that moves when other connections commit, read at `now` (epoch ms): SQLite's polled
   * `data_version`; on PostgreSQL 0 while other processes' writes are followed (their changes are
   * in `localWrites`). Undefined when they cannot be followed right now (PostgreSQL: before the
   * triggers are installed and the listener or the poll caught up, or while the database cannot be
   * reached): a cache then must not keep what it reads.
   */
  otherCommits(now: number): number | undefined;
  /**
   * True when a read may see rows not committed yet: caches step aside. SQLite: inside a command's
   * transaction. PostgreSQL: inside a transaction that has written (one that has only read sees
   * committed rows, as outside).
   */
  inTransaction(): boolean;
  /**
   * Resolves true once other processes' writes are followed (`otherCommits` defined: at once on
   * SQLite), false when that took longer than `timeoutMs` (default 5000). The app awaits it at
   * boot, so its caches keep entries from the first request.
   */
  ready(timeoutMs?: number): Promise<boolean>;
  /**
   * PostgreSQL only (issue 44, "a slow poll of a version row as the fallback when the listening
   * connection drops"): calls `fn` with how this process follows the others' writes now, then at
   * each change: `listening` (LISTEN/NOTIFY) or `polling` (the version rows every EXTERNAL_POLL_MS,
   * with the error that took the listener down or kept it from connecting). So the app can log it.
   */
  onFollowChange?(fn: (change: FollowChange) => void): void;
}

/** How a PostgreSQL process follows the other processes' writes (TableVersions.onFollowChange). */
export type FollowChange = { mode: 'listening' } | { mode: 'polling'; error: unknown };

/** Every table any cache declared (declareWatched), with its operations. */
const declared = new Map<string, Set<WriteOp>>();

/**
 * Declares tables a cache will watch (at its construction: ReadCache, the session cache), so a
 * PostgreSQL store installs their triggers and follows them all from its start (one install and
 * one catch-up instead of one per cache's first read). SQLite installs its TEMP triggers on first
 * use, as before.
 */
export function declareWatched(tables: Record<string, readonly WriteOp[] | undefined>): void {
  for (const [table, ops] of Object.entries(tables)) {
    let set = declared.get(table);
    if (!set) declared.set(table, (set = new Set()));
    for (const op of ops ?? ['INSERT', 'UPDATE', 'DELETE'] as const) set.add(op);
  }
}

/** The declared tables (table → operations). */
export function declaredTables(): Record<string, WriteOp[]> {
  return Object.fromEntries([...declared].map(([t, ops]) => [t, [...ops]]));
}

