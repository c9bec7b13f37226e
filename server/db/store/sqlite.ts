/**
 * The SQLite adapter of the store port (./port.ts; issue 43), over one better-sqlite3 connection.
 *
 * Why its own transactions: Drizzle's SQLite `transaction` cannot take an async callback (an
 * awaited insert in `db.transaction(async …)` runs after COMMIT and a throw no longer rolls back:
 * drizzle-orm #2275, #1472; measured in ../shared scale-out notes). Here:
 * - **one writer at a time**: outer transactions queue on the store (a FIFO, no interleaving);
 * - **group commit**: the queued transactions run one after another inside ONE `BEGIN IMMEDIATE`
 *   … `COMMIT`, each in a SAVEPOINT of its own, so a transaction that throws rolls back its own
 *   writes only and rejects at once; the others' promises resolve only after the group's COMMIT
 *   (no caller is told of a write that is not durable) and all reject when the COMMIT fails. The
 *   group commits when the queue is empty after `lingerTurns` event-loop turns (setImmediate) of
 *   waiting for more, or after `maxGroup` transactions. This is issue 15's write turn, moved
 *   inside the adapter (issue 43; the app lingers GROUP_LINGER_TURNS, server/app.ts);
 * - **nesting** by async context (AsyncLocalStorage): a `transaction` inside one is a SAVEPOINT;
 *   nested calls of one level run one after another even when started together (Promise.all),
 *   and a transaction ends only after the nested ones started inside it, awaited or not;
 * - **writes outside a transaction** (`run`, `batch`) queue as transactions of their own, so they
 *   never land inside another flow's savepoint; **reads outside** (`all`, `get`) run at once when
 *   no group is open, else once it has ended (committed or rolled back), so they read committed
 *   rows only (a Drizzle query on `db` does not wait: the HTTP layer holds its answer instead,
 *   `pendingCommit`);
 * - **a failed COMMIT** rejects every transaction of the group with CommitError (./port.ts) and
 *   forgets this connection's write counters (table-watch.ts forgetLocalWrites), so every read
 *   cache stamped with them loads afresh.
 *
 * The schema declares no deferred constraints: one would be checked at the group's COMMIT and fail
 * every transaction of the group.
 *
 * Statements are prepared once per SQL text (a bounded cache of STATEMENT_CACHE entries).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import { markGroup, syncTransactionRuns } from '../sync-transactions';
import { forgetLocalWrites } from '../table-watch';
import type { Db } from '../client';
import { BatchError, CommitError, type RunResult, type SqlParam, type SqlStatement, type Store } from './port';

/** Prepared statements kept per connection (least recently prepared dropped first). */
export const STATEMENT_CACHE = 500;

export interface SqliteStoreOptions {
  /** Event-loop turns (setImmediate) an open group waits for more transactions before COMMIT (default 0; see `strict`). */
  lingerTurns?: number;
  /** Most transactions in one group (default 200). */
  maxGroup?: number;
  /** `close()` closes the connection too (default true; the app closes its own after its shutdown steps). */
  ownsConnection?: boolean;
  /**
   * Refuse a transaction whose callback let other code run on the connection meanwhile (default
   * true). A callback must await nothing but this store's statements, which resolve without
   * yielding to the event loop: one that awaits a timer or I/O would keep the group open while
   * other requests run, and they would read its uncommitted rows (or, with a synchronous
   * `db.transaction`, write inside its savepoint and be rolled back with it). Such a callback, or
   * one inside which a synchronous `db.transaction` ran, is rolled back and rejects with
   * STRICT_MESSAGE. While a group lingers (lingerTurns), other requests do run: the store's own
   * reads outside a transaction wait for its COMMIT, and the HTTP layer holds every answer made
   * meanwhile until it (server/answers.ts), turning it into an error when the COMMIT fails.
   */
  strict?: boolean;
}

/** The error of a transaction refused by the `strict` rule. */
export const STRICT_MESSAGE = 'a store transaction yielded to the event loop (a timer or I/O awaited) or ran a synchronous db.transaction inside; it may await only store statements (issue 43)';

/** One level of an open transaction in an async context. */
interface Level {
  store: SqliteStore;
  /** False once its transaction or savepoint has ended: a stray continuation that kept it is outside. */
  open: boolean;
  /** Nested transactions of this level run one after another (this chain). */
  chain: Promise<unknown>;
  depth: number;
}

interface Queued {
  fn: () => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

const context = new AsyncLocalStorage<Level>();
let savepointSeq = 0;
/**
 * Stores whose queue is being run. On Node 20 an AsyncLocalStorage, once `run` is called, keeps
 * async_hooks' promise hooks on for the whole process, and every promise of every request pays
 * for them (measured: 7–17 % more CPU per request on the HTTP bench's routes). So the context is
 * disabled again whenever no store is running transactions: the hooks are on only while a group
 * runs (for the app, within one turn of the event loop).
 */
let pumping = 0;

const toSqlite = (p: SqlParam): unknown => (typeof p === 'boolean' ? (p ? 1 : 0) : p);
const paramsOf = (params?: readonly SqlParam[]) => (params ?? []).map(toSqlite);

class SqliteStore implements Store<Db> {
  readonly kind = 'sqlite' as const;
  private readonly queue: Queued[] = [];
  private pumping = false;
  private closed = false;
  private drained: Promise<void> = Promise.resolve();
  /** The COMMIT of the open group (rejects with CommitError when it fails); undefined when none is open. */
  private commit?: Promise<void>;
  /** pauseLinger calls not yet resumed: groups do not linger while above 0. */
  private lingerPaused = 0;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly client: Database.Database;

  constructor(readonly db: Db, private readonly options: Required<SqliteStoreOptions>) {
    this.client = db.$client;
  }

  get inTransaction(): boolean {
    const level = context.getStore();
    return level?.store === this && level.open;
  }

  private prepared(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.client.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, st);
    }
    return st;
  }

  async all<R extends object>(sql: string, params?: readonly SqlParam[]): Promise<R[]> {
    if (this.pumping && !this.inTransaction) await this.committed();
    return this.prepared(sql).all(...paramsOf(params)) as R[];
  }

  async get<R extends object>(sql: string, params?: readonly SqlParam[]): Promise<R | undefined> {
    if (this.pumping && !this.inTransaction) await this.committed();
    return this.prepared(sql).get(...paramsOf(params)) as R | undefined;
  }

  async values(sql: string, params?: readonly SqlParam[]): Promise<unknown[][]> {
    if (this.pumping && !this.inTransaction) await this.committed();
    const st = this.prepared(sql);
    try {
      return st.raw(true).all(...paramsOf(params)) as unknown[][];
    } finally {
      st.raw(false);
    }
  }

  /**
   * Resolves once no group is open. A read outside any transaction made while a group runs (a
   * call beside a write in one tRPC batch, a Promise.all) waits for it: on the group's one
   * connection it would otherwise see rows its COMMIT may still lose. The wait is microtasks: a
   * group commits within one turn of the event loop (`strict`).
   */
  private async committed(): Promise<void> {
    while (this.pumping) await this.drained.catch(() => undefined);
  }

  async run(sql: string, params?: readonly SqlParam[]): Promise<RunResult> {
    const exec = () => ({ changes: this.prepared(sql).run(...paramsOf(params)).changes });
    return this.inTransaction ? exec() : this.transaction(async () => exec());
  }

  async batch(list: readonly SqlStatement[]): Promise<RunResult[]> {
    return this.transaction(async () => list.map((s, i) => {
      try {
        return { changes: this.prepared(s.sql).run(...paramsOf(s.params)).changes };
      } catch (err) {
        throw new BatchError(i, err);
      }
    }));
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    const level = context.getStore();
    if (level?.store === this && level.open) return this.nested(level, fn);
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.pumping) this.drained = this.pump();
    });
  }

  /** A savepoint inside `level`, after the level's earlier nested transactions. */
  private nested<T>(level: Level, fn: () => Promise<T>): Promise<T> {
    const run = async () => {
      // A nested transaction its parent did not await may come up after the parent has ended.
      if (!level.open) throw new Error('the enclosing store transaction has ended (a nested transaction must be awaited inside it)');
      const name = `sp_${++savepointSeq}`;
      this.client.exec(`SAVEPOINT ${name}`);
      const inner: Level = { store: this, open: true, chain: Promise.resolve(), depth: level.depth + 1 };
      try {
        const value = await context.run(inner, fn);
        await inner.chain;
        this.client.exec(`RELEASE ${name}`);
        return value;
      } catch (err) {
        this.rollbackTo(name);
        throw err;
      } finally {
        inner.open = false;
      }
    };
    const result = level.chain.then(run, run);
    level.chain = result.catch(() => undefined);
    return result;
  }

  private rollbackTo(name: string): void {
    // After an error that ended the whole transaction (SQLITE_FULL…), the savepoint is gone.
    if (!this.client.inTransaction) return;
    this.client.exec(`ROLLBACK TO ${name}`);
    this.client.exec(`RELEASE ${name}`);
  }

  /** Runs the queue as groups until it is empty (see the module comment). */
  private async pump(): Promise<void> {
    this.pumping = true;
    pumping++;
    try {
      while (this.queue.length) await this.group();
    } finally {
      this.pumping = false;
      if (--pumping === 0) context.disable();
    }
  }

  private async group(): Promise<void> {
    const done: { item: Queued; value: unknown }[] = [];
    let settle!: { resolve: () => void; reject: (e: unknown) => void };
    try {
      try {
        this.client.exec('BEGIN IMMEDIATE');
      } catch (err) {
        for (const item of this.queue.splice(0)) item.reject(err);
        return;
      }
      markGroup(this.client, { open: true });
      this.commit = new Promise<void>((resolve, reject) => { settle = { resolve, reject }; });
      this.commit.catch(() => undefined); // nobody may be waiting for it
      let count = 0;
      for (;;) {
        for (let turns = 0; !this.queue.length && turns < this.options.lingerTurns && !this.lingerPaused && count < this.options.maxGroup; turns++) {
          await new Promise<void>((r) => setImmediate(r));
        }
        if (!this.queue.length || count >= this.options.maxGroup) break;
        const item = this.queue.shift()!;
        count++;
        const name = `sp_${++savepointSeq}`;
        this.client.exec(`SAVEPOINT ${name}`);
        const runs = syncTransactionRuns(this.client);
        let yielded = false;
        const watch = this.options.strict ? setImmediate(() => { yielded = true; }) : undefined;
        const level: Level = { store: this, open: true, chain: Promise.resolve(), depth: 1 };
        markGroup(this.client, { callbacks: 1 });
        try {
          const value = await context.run(level, item.fn);
          await level.chain; // nested transactions started inside and not awaited belong to it too
          level.open = false;
          markGroup(this.client, { callbacks: -1 });
          if (watch) clearImmediate(watch);
          if (this.options.strict && (yielded || syncTransactionRuns(this.client) !== runs)) throw new Error(STRICT_MESSAGE);
          this.client.exec(`RELEASE ${name}`);
          done.push({ item, value });
        } catch (err) {
          if (level.open) markGroup(this.client, { callbacks: -1 });
          level.open = false;
          if (watch) clearImmediate(watch);
          try { this.rollbackTo(name); } catch { /* reported through the COMMIT below */ }
          item.reject(err);
        }
        // An error that made SQLite end the whole transaction (SQLITE_FULL, SQLITE_IOERR …): the
        // statements after it would autocommit, so the group stops and reports failure.
        if (!this.client.inTransaction) throw new Error('SQLite rolled the transaction group back');
      }
      this.client.exec('COMMIT');
      markGroup(this.client, { open: false });
      this.commit = undefined;
      settle.resolve();
      for (const d of done) d.item.resolve(d.value);
    } catch (err) {
      try { if (this.client.inTransaction) this.client.exec('ROLLBACK'); } catch { /* nothing more to undo */ }
      markGroup(this.client, { open: false });
      forgetLocalWrites(this.db);
      this.commit = undefined;
      const failed = new CommitError(err);
      settle?.reject(failed);
      for (const d of done) d.item.reject(failed);
    }
  }

  /**
   * The COMMIT of the group open now (resolves once it committed, rejects with CommitError when
   * it failed), or undefined when none is open. What the HTTP layer holds answers on
   * (server/answers.ts): an answer built while a group is open may carry its rows.
   */
  pendingCommit(): Promise<void> | undefined {
    return this.commit;
  }

  /**
   * Stops groups from lingering (they commit as soon as their queue is empty) until the returned
   * function is called (once per call; calling it again does nothing); `pendingCommit()` then
   * tells when the group open now ends. For an online backup through this connection: SQLite
   * answers a backup step SQLITE_BUSY while the connection is in a write transaction, and
   * better-sqlite3 takes a first step's BUSY for the end of an empty copy.
   */
  pauseLinger(): () => void {
    this.lingerPaused++;
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      this.lingerPaused--;
    };
  }

  /** True once close() was called. */
  get isClosed(): boolean {
    return this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drained;
    if (this.options.ownsConnection && this.client.open) this.client.close();
  }
}

/**
 * The store over an opened database (server/db/client.ts openDatabase: migrated, pragmas set).
 * `close()` waits for the queued transactions, then closes the connection (unless `ownsConnection`
 * is false), and refuses transactions from then on.
 */
export function sqliteStore(db: Db, options: SqliteStoreOptions = {}): Store<Db> {
  const store = new SqliteStore(db, {
    lingerTurns: options.lingerTurns ?? 0, maxGroup: options.maxGroup ?? 200, ownsConnection: options.ownsConnection ?? true, strict: options.strict ?? true,
  });
  byClient.set(db.$client, store);
  return store;
}

/** The COMMIT of `store`'s open group (SqliteStore.pendingCommit); undefined for other adapters or when none is open. */
export function pendingCommitOf(store: Store): Promise<void> | undefined {
  return store instanceof SqliteStore ? store.pendingCommit() : undefined;
}

/** SqliteStore.pauseLinger of `store`; for other adapters a no-op. */
export function pauseLingerOf(store: Store): () => void {
  return store instanceof SqliteStore ? store.pauseLinger() : () => undefined;
}

/** The last store made over each connection (sqliteStoreOf). */
const byClient = new WeakMap<Database.Database, SqliteStore>();

/**
 * The store of `db`'s connection: the one last made over it by sqliteStore while still open,
 * else a new one (ownsConnection false). One connection must have one store: two would each
 * open their own `BEGIN IMMEDIATE` groups on it. Used by code handed only a connection
 * (createEngine in tests and scripts).
 */
export function sqliteStoreOf(db: Db): Store<Db> {
  const known = byClient.get(db.$client);
  return known && !known.isClosed ? known : sqliteStore(db, { ownsConnection: false });
}
