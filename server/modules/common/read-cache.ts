/**
 * A read-through cache per database (RuoYi keeps dictionaries and config in Redis:
 * `sys_dict:<type>`, `sys_config:<key>`; reference §2 Dictionaries, Config). Entries are filled on
 * first read and dropped by the services after each committed change of their key, or all at once
 * (`refreshCache`).
 *
 * Safety net: a write that bypasses the services (SQL by hand, a test, a second process on the
 * same file) must not leave a stale entry. Each cache names the tables it reads; a TEMP trigger
 * per table (connection-local, not part of the database schema) counts this connection's writes
 * to them, and `PRAGMA data_version` moves when another connection commits. Every read compares
 * that stamp and starts afresh when it moved. Writes to other tables (e.g. the session slide of
 * every request) leave the cache alone. Reads inside an open transaction bypass the cache, so
 * uncommitted rows are never cached.
 */
import type { Db } from '../../db/client';

interface Slot<V> {
  stamp: string;
  entries: Map<string, V>;
}

const VERSION_TABLE = 'temp.caishui_cache_version';
const watched = new WeakMap<Db, Set<string>>();

/** Installs (once per connection and table) the TEMP triggers counting writes to `table`. */
function watch(db: Db, table: string): void {
  let set = watched.get(db);
  if (!set) {
    db.$client.exec(`CREATE TEMP TABLE IF NOT EXISTS caishui_cache_version (tbl TEXT PRIMARY KEY, v INTEGER NOT NULL)`);
    set = new Set();
    watched.set(db, set);
  }
  if (set.has(table)) return;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
  db.$client.prepare(`INSERT OR IGNORE INTO ${VERSION_TABLE} (tbl, v) VALUES (?, 0)`).run(table);
  for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
    db.$client.exec(`CREATE TEMP TRIGGER IF NOT EXISTS caishui_cv_${table}_${op.toLowerCase()} AFTER ${op} ON main.${table}
      BEGIN UPDATE caishui_cache_version SET v = v + 1 WHERE tbl = '${table}'; END`);
  }
  set.add(table);
}

export class ReadCache<V> {
  private readonly slots = new WeakMap<Db, Slot<V>>();
  private readonly stampers = new WeakMap<Db, () => string>();

  /** @param tables the tables the cached values are read from */
  constructor(private readonly tables: readonly string[]) {}

  /** `data_version:writes` — moves on a commit by another connection or a write here to `tables`. */
  private stampOf(db: Db): string {
    let stamp = this.stampers.get(db);
    if (!stamp) {
      for (const t of this.tables) watch(db, t);
      const version = db.$client.prepare('PRAGMA data_version').pluck();
      const writes = db.$client.prepare(`SELECT sum(v) FROM ${VERSION_TABLE} WHERE tbl IN (${this.tables.map(() => '?').join(', ')})`).pluck();
      stamp = () => `${version.get()}:${writes.get(...this.tables)}`;
      this.stampers.set(db, stamp);
    }
    return stamp();
  }

  /** The cached value of `key`, loading (and keeping) it with `load` when absent or stale. */
  get(db: Db, key: string, load: () => V): V {
    if (db.$client.inTransaction) return load();
    const stamp = this.stampOf(db);
    let slot = this.slots.get(db);
    if (!slot || slot.stamp !== stamp) {
      slot = { stamp, entries: new Map() };
      this.slots.set(db, slot);
    }
    if (slot.entries.has(key)) return slot.entries.get(key) as V;
    const value = load();
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
}
