/**
 * A read-through cache per database (RuoYi keeps dictionaries and config in Redis:
 * `sys_dict:<type>`, `sys_config:<key>`; reference §2 Dictionaries, Config). Entries are filled on
 * first read and dropped by the services after each committed change of their key, or all at once
 * (`refreshCache`).
 *
 * Safety net: a write that bypasses the services (SQL by hand, a test, a second process on the
 * same file or database) must not leave a stale entry. Each cache names the tables it reads and
 * every read compares a stamp, kept per store (server/db/table-versions.ts): the writes seen to
 * those tables (on SQLite this connection's, counted by TEMP triggers as they happen; on
 * PostgreSQL this process's, told by the adapter, and other processes', notified) and a value that
 * moves when another connection commits (SQLite's `PRAGMA data_version`, read at most every
 * EXTERNAL_POLL_MS, 1 s). A hit costs no database call; a write here shows at once, one by another
 * process within a second. Writes to other tables (e.g. the session slide) leave the cache alone.
 * Reads inside a command's transaction bypass the cache, so rows a command may still roll back are
 * never cached (server/db/sync-transactions.ts; on PostgreSQL a transaction that has written, until
 * it ends: one that has only read sees committed rows, as outside); a group whose
 * COMMIT fails moves every stamp (server/db/store/sqlite.ts). While the PostgreSQL store cannot
 * follow other processes' writes (starting, or the database unreachable) nothing is cached.
 */
import { declareWatched, tableVersionsOf, type TableVersions, type VersionedStore } from '../../db/table-versions';
import { HitCounter } from '../../core/cache-registry';

/** The store a cache is kept for (a Store: `kind`, `db`, `inTransaction`). */
export type CacheStore = VersionedStore;

/** Most entries one cache keeps per database. */
export const READ_CACHE_MAX = 1000;

interface Slot<V> {
  stamp: string;
  entries: Map<string, V>;
}

export class ReadCache<V> {
  private readonly slots = new WeakMap<CacheStore, Slot<V>>();
  private readonly versions = new WeakMap<CacheStore, TableVersions>();
  private readonly counters = new WeakMap<CacheStore, HitCounter>();

  /** @param tables the tables the cached values are read from */
  constructor(private readonly tables: readonly string[]) {
    declareWatched(Object.fromEntries(tables.map((t) => [t, undefined])));
  }

  /** The store's table versions, watching `tables` (once per store). */
  private versionsOf(store: CacheStore): TableVersions {
    let tv = this.versions.get(store);
    if (!tv) {
      tv = tableVersionsOf(store);
      tv.watch(Object.fromEntries(this.tables.map((t) => [t, undefined])));
      this.versions.set(store, tv);
    }
    return tv;
  }

  /**
   * The current slot of `store` (a fresh, empty one when the stamp moved: `other:writes`, moved by
   * a commit of another connection or a write to `tables`); undefined inside a command's
   * transaction, or while other processes' writes cannot be followed (PostgreSQL).
   */
  private slotOf(store: CacheStore): Slot<V> | undefined {
    const tv = this.versionsOf(store);
    if (tv.inTransaction()) return undefined;
    const other = tv.otherCommits(Date.now());
    if (other === undefined) return undefined;
    const stamp = `${other}:${tv.localWrites(this.tables)}`;
    let slot = this.slots.get(store);
    if (!slot || slot.stamp !== stamp) {
      slot = { stamp, entries: new Map() };
      this.slots.set(store, slot);
    }
    return slot;
  }

  /** The cached value of `key` when present and current, else undefined (nothing is loaded). */
  peek(store: CacheStore, key: string): V | undefined {
    return this.slotOf(store)?.entries.get(key);
  }

  /** The cached value of `key`, loading (and keeping) it with `load` when absent or stale. */
  get(store: CacheStore, key: string, load: () => V): V {
    const slot = this.slotOf(store);
    if (!slot) return load();
    const hit = slot.entries.has(key);
    this.counterOf(store).note(hit);
    if (hit) return slot.entries.get(key) as V;
    const value = load();
    // Keys come from requests (any dict type name): at most READ_CACHE_MAX, oldest out first.
    if (slot.entries.size >= READ_CACHE_MAX) slot.entries.delete(slot.entries.keys().next().value as string);
    slot.entries.set(key, value);
    return value;
  }

  /**
   * `get` with an asynchronous `load` (code on the async store, issue 43): a hit resolves with the
   * cached value without calling the database or awaiting anything; a miss awaits `load` and keeps
   * its value in the slot the read started in (a write meanwhile moves the stamp, so the next read
   * starts a fresh slot and never sees it). Inside a command's or store transaction it loads
   * without caching, as `get` does.
   */
  async getAsync(store: CacheStore, key: string, load: () => Promise<V>): Promise<V> {
    const slot = this.slotOf(store);
    if (!slot) return load();
    const hit = slot.entries.has(key);
    this.counterOf(store).note(hit);
    if (hit) return slot.entries.get(key) as V;
    const value = await load();
    if (slot.entries.size >= READ_CACHE_MAX) slot.entries.delete(slot.entries.keys().next().value as string);
    slot.entries.set(key, value);
    return value;
  }

  /** Drops one key (after a committed change of it), or every key when `key` is omitted. */
  drop(store: CacheStore, key?: string): void {
    const slot = this.slots.get(store);
    if (!slot) return;
    if (key === undefined) slot.entries.clear();
    else slot.entries.delete(key);
  }

  /** The keys held right now (tests, monitoring). */
  keys(store: CacheStore): string[] {
    return [...(this.slots.get(store)?.entries.keys() ?? [])];
  }

  /** The entries held right now, as stored (monitoring: server/modules/monitor/cache). */
  entries(store: CacheStore): [string, V][] {
    return [...(this.slots.get(store)?.entries ?? [])];
  }

  /** Hits and misses of `get` on `store` since the process started (reads inside a command's transaction count neither). */
  stats(store: CacheStore): { hits: number; misses: number } {
    return this.counterOf(store).snapshot();
  }

  private counterOf(store: CacheStore): HitCounter {
    let c = this.counters.get(store);
    if (!c) this.counters.set(store, (c = new HitCounter()));
    return c;
  }
}
