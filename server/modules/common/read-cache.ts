/**
 * A read-through cache per database (RuoYi keeps dictionaries and config in Redis:
 * `sys_dict:<type>`, `sys_config:<key>`; reference §2 Dictionaries, Config). Entries are filled on
 * first read and dropped by the services after each committed change of their key, or all at once
 * (`refreshCache`).
 *
 * Safety net: a write that bypasses the services (SQL by hand, a test, a second process on the
 * same file) must not leave a stale entry. Each cache names the tables it reads and every read
 * compares a stamp (server/db/table-watch.ts): this connection's writes to those tables, counted
 * by TEMP triggers as they happen, and `PRAGMA data_version`, which moves when another connection
 * commits and is read at most every EXTERNAL_POLL_MS (1 s). A hit costs no SQLite call; a write
 * here shows at once, one by another process within a second. Writes to other tables (e.g. the
 * session slide) leave the cache alone. Reads inside a command's transaction bypass the cache, so
 * rows a command may still roll back are never cached (server/db/sync-transactions.ts); a group
 * whose COMMIT fails moves every stamp (server/db/store/sqlite.ts).
 */
import type { Db } from '../../db/client';
import { localWrites, otherCommits, watchTables } from '../../db/table-watch';
import { inCommandTransaction } from '../../db/sync-transactions';
import { HitCounter } from '../../core/cache-registry';

/** Most entries one cache keeps per database. */
export const READ_CACHE_MAX = 1000;

interface Slot<V> {
  stamp: string;
  entries: Map<string, V>;
}

export class ReadCache<V> {
  private readonly slots = new WeakMap<Db, Slot<V>>();
  private readonly watched = new WeakSet<Db>();
  private readonly counters = new WeakMap<Db, HitCounter>();

  /** @param tables the tables the cached values are read from */
  constructor(private readonly tables: readonly string[]) {}

  /** `data_version:writes`: moves on a commit by another connection (polled) or a write here to `tables`. */
  private stampOf(db: Db): string {
    if (!this.watched.has(db)) {
      watchTables(db, Object.fromEntries(this.tables.map((t) => [t, undefined])));
      this.watched.add(db);
    }
    return `${otherCommits(db, Date.now())}:${localWrites(db, this.tables)}`;
  }

  /** The current slot of `db` (a fresh, empty one when the stamp moved); undefined inside a command's transaction. */
  private slotOf(db: Db): Slot<V> | undefined {
    if (inCommandTransaction(db)) return undefined;
    const stamp = this.stampOf(db);
    let slot = this.slots.get(db);
    if (!slot || slot.stamp !== stamp) {
      slot = { stamp, entries: new Map() };
      this.slots.set(db, slot);
    }
    return slot;
  }

  /** The cached value of `key` when present and current, else undefined (nothing is loaded). */
  peek(db: Db, key: string): V | undefined {
    return this.slotOf(db)?.entries.get(key);
  }

  /** The cached value of `key`, loading (and keeping) it with `load` when absent or stale. */
  get(db: Db, key: string, load: () => V): V {
    const slot = this.slotOf(db);
    if (!slot) return load();
    const hit = slot.entries.has(key);
    this.counterOf(db).note(hit);
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
  async getAsync(db: Db, key: string, load: () => Promise<V>): Promise<V> {
    const slot = this.slotOf(db);
    if (!slot) return load();
    const hit = slot.entries.has(key);
    this.counterOf(db).note(hit);
    if (hit) return slot.entries.get(key) as V;
    const value = await load();
    if (slot.entries.size >= READ_CACHE_MAX) slot.entries.delete(slot.entries.keys().next().value as string);
    slot.entries.set(key, value);
    return value;
  }

  /** Drops one key (after a committed change of it), or every key when `key` is omitted. */
  drop(db: Db, key?: string): void {
    const slot = this.slots.get(db);
    if (!slot) return;
    if (key === undefined) slot.entries.clear();
    else slot.entries.delete(key);
  }

  /** The keys held right now (tests, monitoring). */
  keys(db: Db): string[] {
    return [...(this.slots.get(db)?.entries.keys() ?? [])];
  }

  /** The entries held right now, as stored (monitoring: server/modules/monitor/cache). */
  entries(db: Db): [string, V][] {
    return [...(this.slots.get(db)?.entries ?? [])];
  }

  /** Hits and misses of `get` on `db` since the process started (reads inside a command's transaction count neither). */
  stats(db: Db): { hits: number; misses: number } {
    return this.counterOf(db).snapshot();
  }

  private counterOf(db: Db): HitCounter {
    let c = this.counters.get(db);
    if (!c) this.counters.set(db, (c = new HitCounter()));
    return c;
  }
}
