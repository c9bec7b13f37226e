/**
 * The PostgreSQL adapter of the store port (./port.ts; issue 43), over a node-postgres `Pool`.
 *
 * - Statements outside a transaction run on any pooled connection and autocommit; `?` placeholders
 *   become `$1 …` (numberPlaceholders), parameters are bound as ./pg-literals.ts toPgParam says.
 * - `transaction(fn)`: the outermost checks out ONE connection, `BEGIN` (sent with its first
 *   statement, in the same message when it can: Root.begun), runs `fn`, `COMMIT`
 *   (`ROLLBACK` and rethrow when `fn` throws; on a deadlock or serialization failure, 40P01 /
 *   40001, ROLLBACK and ONE more run of `fn` in a new transaction: see `transaction`). The open transaction travels with `fn`'s async
 *   context (AsyncLocalStorage), so every statement and `store.db` query issued there runs on that
 *   connection. A `transaction` inside is a `SAVEPOINT sp_N` (`RELEASE`, or `ROLLBACK TO` and
 *   rethrow); nested calls of one level run one after another even when started together
 *   (Promise.all), a promise chain per level: PostgreSQL savepoints nest, they cannot interleave.
 *   The connection always goes back to the pool, destroyed when it broke (an 'error' or 'end'
 *   event, a ROLLBACK that could not be sent), so the pool never hands out a dead connection or one
 *   still inside a transaction.
 * - `batch`: one multi-statement simple-protocol query (./pg-batch.ts), in an implicit transaction
 *   outside, in a savepoint of its own inside a transaction; `valuesBatch` the same for reads,
 *   without a savepoint.
 * - Every statement of every pooled connection (the store's, Drizzle's) passes the write log
 *   (./pg-writes.ts): the read caches see this process's writes at once (../table-versions.ts).
 * - Result types: int8 (count(*), bigint columns) reads as a number when it is a safe integer (as
 *   better-sqlite3 returns integers), else a bigint; the rest as node-postgres parses it (bytea →
 *   Buffer, boolean → true/false, numeric → string). Drizzle's queries read int8 the same way (the
 *   process-wide int8 parser is set when a store opens); their other parsers are Drizzle's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { TransactionRollbackError } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { BatchError, numberPlaceholders, type RunResult, type SqlParam, type SqlStatement, type Store } from './port';
import { batchText, runBatchText, runValuesBatchText } from './pg-batch';
import { toPgParam } from './pg-literals';
import { statementName } from './pg-statement-names';
import { PgWriteLog, registerPgStore, watchClientWrites } from './pg-writes';
import { isRetriedConflict } from './pg-retry';

export interface PostgresStoreOptions {
  /** Most pooled connections (default 10, node-postgres' default). */
  max?: number;
  /** Drizzle schema (tables, relations) for `store.db`'s relational queries. */
  schema?: Record<string, unknown>;
}

type PgDb = NodePgDatabase<any>;

/** An outer transaction: its connection and what its levels share. */
interface Root {
  client: pg.PoolClient;
  /** Set once COMMIT / ROLLBACK was sent: statements of a stray continuation fail loudly. */
  done: boolean;
  savepoints: number;
  /**
   * Set once BEGIN was sent. BEGIN goes with the transaction's first statement: in the same
   * message when that is a text of several (a batch, valuesBatch, a SAVEPOINT: one round trip
   * less), else queued just before it (`connection`). A transaction that sent nothing ends
   * without COMMIT / ROLLBACK.
   */
  begun: boolean;
}

/** The opening of a transaction sent in the message of its first statements (Root.begun). */
const BEGIN_TEXT = 'BEGIN\n;\n';

/** One level (the transaction or a savepoint) of an async context. */
interface Level {
  root: Root;
  /** The level's nested transactions and batches run one after another: this chain's tail. */
  tail: Promise<void>;
}

const INT8 = 20;
const parseInt8 = (text: string): number | bigint => {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
};
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Waits for the level's earlier nested work; returns the release of this one's turn. */
async function turn(level: Level): Promise<() => void> {
  const before = level.tail;
  let release!: () => void;
  level.tail = new Promise<void>((r) => { release = r; });
  await before;
  return release;
}

class PostgresStore implements Store<PgDb> {
  readonly kind = 'postgres' as const;
  private readonly context = new AsyncLocalStorage<Level>();
  private readonly open = new Set<Promise<void>>();
  private readonly clientDbs = new WeakMap<pg.PoolClient, PgDb>();
  private readonly poolDb: PgDb;
  private closing: Promise<void> | undefined;
  /** Run by close() before the pool ends (the table-versions service's listener: ./pg-writes.ts). */
  private readonly closeHooks: (() => Promise<void>)[] = [];

  constructor(private readonly pool: pg.Pool, private readonly schema: Record<string, unknown> | undefined, private readonly writes: PgWriteLog) {
    this.poolDb = this.drizzleOver(pool);
    registerPgStore(this, { pool, writes, onClose: (fn) => { this.closeHooks.push(fn); } });
  }

  get inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  /** Drizzle over the transaction's connection inside one (made once per connection), else the pool. */
  get db(): PgDb {
    const level = this.context.getStore();
    if (!level) return this.poolDb;
    const client = this.connection(level);
    let db = this.clientDbs.get(client);
    if (!db) this.clientDbs.set(client, (db = this.drizzleOver(client)));
    return db;
  }

  /**
   * A Drizzle handle whose `transaction` is this store's (a Drizzle `BEGIN` on the transaction's
   * connection would commit the store's transaction at its COMMIT; over the pool it would open a
   * transaction the store's statements do not join). `tx.rollback()` works as in Drizzle; a
   * transaction config (isolation level, access mode) is refused: the store's transactions take none.
   */
  private drizzleOver(client: pg.Pool | pg.PoolClient): PgDb {
    const db = drizzle(client, this.schema ? { schema: this.schema } : {}) as PgDb;
    db.transaction = (<T>(fn: (tx: PgDb) => Promise<T>, config?: unknown) => {
      if (config) return Promise.reject(new Error('store.db.transaction takes no config: the store\'s transactions run at the server\'s default isolation'));
      return this.transaction(() => {
        const tx = Object.create(this.db) as PgDb & { rollback(): never };
        tx.rollback = () => { throw new TransactionRollbackError(); };
        return fn(tx);
      });
    }) as unknown as PgDb['transaction'];
    return db;
  }

  /**
   * The transaction's connection, its BEGIN queued first when not sent yet (node-postgres sends a
   * connection's queries in order; a failed BEGIN fails the statement after it too).
   */
  private connection(level: Level): pg.PoolClient {
    const { root } = level;
    const client = this.openConnection(level);
    if (!root.begun) {
      root.begun = true;
      client.query('BEGIN').catch(() => undefined);
    }
    return client;
  }

  /** The transaction's connection as it is (BEGIN perhaps not sent: see `opening`). */
  private openConnection(level: Level): pg.PoolClient {
    if (level.root.done) throw new Error('the transaction this statement belongs to has ended (a promise of it was not awaited)');
    return level.root.client;
  }

  /**
   * The text to put before a message about to be sent on `root`'s connection: BEGIN_TEXT when
   * BEGIN was not sent yet, else ''. The caller queues the message right after (no await in
   * between) and then sets `root.begun` (not when making the text failed: nothing was sent).
   */
  private opening(root: Root): string { return root.begun ? '' : BEGIN_TEXT; }

  private queryable(): pg.Pool | pg.PoolClient {
    const level = this.context.getStore();
    return level ? this.connection(level) : this.pool;
  }

  /**
   * One statement's result; of a parameterless text holding several (simple protocol), the last's.
   * A text with parameters runs as a named prepared statement (./pg-statement-names.ts).
   */
  private async query(sql: string, params: readonly SqlParam[] = [], rowMode?: 'array'): Promise<pg.QueryResult> {
    const text = numberPlaceholders(sql, params.length);
    const name = params.length ? statementName(text) : undefined;
    const result: pg.QueryResult | pg.QueryResult[] = await this.queryable().query({ text, values: params.map(toPgParam), ...(name ? { name } : {}), ...(rowMode ? { rowMode } : {}) });
    return Array.isArray(result) ? result[result.length - 1] : result;
  }

  async all<R extends object>(sql: string, params?: readonly SqlParam[]): Promise<R[]> {
    return (await this.query(sql, params)).rows as R[];
  }

  async get<R extends object>(sql: string, params?: readonly SqlParam[]): Promise<R | undefined> {
    return (await this.query(sql, params)).rows[0] as R | undefined;
  }

  async values(sql: string, params?: readonly SqlParam[]): Promise<unknown[][]> {
    return (await this.query(sql, params, 'array')).rows as unknown[][];
  }

  async run(sql: string, params?: readonly SqlParam[]): Promise<RunResult> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  async batch(list: readonly SqlStatement[]): Promise<RunResult[]> {
    if (!list.length) return [];
    const level = this.context.getStore();
    if (!level) {
      return this.withClient(async (client, broke) => {
        try {
          return await runBatchText(client, batchText(list, (s) => client.escapeLiteral(s)));
        } catch (err) {
          if (err instanceof BatchError && err.index === -1 && !(err.cause instanceof pg.DatabaseError)) broke(err.cause);
          throw err;
        }
      });
    }
    const release = await turn(level);
    try {
      const client = this.openConnection(level);
      const name = `sp_${++level.root.savepoints}`;
      const text = batchText(list, (s) => client.escapeLiteral(s), `${this.opening(level.root)}SAVEPOINT ${name}\n;\n`, `\n;\nRELEASE SAVEPOINT ${name}`);
      level.root.begun = true;
      try {
        return await runBatchText(client, text);
      } catch (err) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => undefined);
        throw err;
      }
    } finally {
      release();
    }
  }

  /**
   * The reads of `list` in one simple-protocol query (./pg-batch.ts, parameters inlined): inside a
   * transaction on its connection (no savepoint: a failing read aborts the transaction as any
   * statement's would), outside on a pooled connection (one implicit transaction). Each
   * statement's rows as arrays; rejects with the database's error.
   */
  async valuesBatch(list: readonly SqlStatement[]): Promise<unknown[][][]> {
    if (!list.length) return [];
    const level = this.context.getStore();
    const send = (client: pg.PoolClient, before = '') => runValuesBatchText(client, batchText(list, (s) => client.escapeLiteral(s), before));
    if (level) {
      const client = this.openConnection(level);
      const before = this.opening(level.root);
      const reads = send(client, before); // the text is made and queued at once (no await before)
      level.root.begun = true;
      return reads;
    }
    return this.withClient(async (client, broke) => {
      try {
        return await send(client);
      } catch (err) {
        if (!(err instanceof pg.DatabaseError)) broke(err);
        throw err;
      }
    });
  }

  /**
   * Runs `fn` in a transaction (the module comment). The outermost one runs `fn` a second time,
   * in a new transaction, when the first failed with a deadlock or serialization failure (SQLSTATE
   * 40P01 / 40001 on the error or a `cause` of it: ./pg-retry.ts; issue 44): PostgreSQL rolled it
   * all back, and a nested transaction (an engine command inside a caller's) cannot be retried
   * alone. A second such failure rejects as it came (the engine answers its concurrency message).
   * So `fn` may run twice: it must have no effect outside the transaction before it commits (or
   * one that is harmless twice; the callers checked: ./pg-retry.ts).
   */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    const level = this.context.getStore();
    if (level) return this.savepoint(level, fn);
    if (this.closing) return Promise.reject(new Error('the store is closed'));
    const attempt = () => this.withClient((client, broke) => this.outer(client, broke, fn));
    const result = attempt().catch((err: unknown) => {
      if (!isRetriedConflict(err) || this.closing) throw err;
      return attempt();
    });
    const settled = result.then(() => undefined, () => undefined);
    this.open.add(settled);
    void settled.then(() => this.open.delete(settled));
    return result;
  }

  /** BEGIN … COMMIT on `client` around `fn` (see the module comment). */
  private async outer<T>(client: pg.PoolClient, broke: (err: unknown) => void, fn: () => Promise<T>): Promise<T> {
    const root: Root = { client, done: false, savepoints: 0, begun: false };
    this.writes.begin(client);
    try {
      let value: T;
      try {
        value = await this.context.run({ root, tail: Promise.resolve() }, fn);
      } catch (err) {
        root.done = true;
        if (root.begun) await client.query('ROLLBACK').catch(broke);
        throw err;
      }
      root.done = true;
      if (root.begun) await client.query('COMMIT');
      return value;
    } finally {
      this.writes.end(client); // its writes are told now, committed or not (./pg-writes.ts)
    }
  }

  /** A savepoint in `level`, after the level's earlier nested transactions. */
  private async savepoint<T>(level: Level, fn: () => Promise<T>): Promise<T> {
    const release = await turn(level);
    try {
      const client = this.openConnection(level);
      const name = `sp_${++level.root.savepoints}`;
      const begin = this.opening(level.root);
      level.root.begun = true;
      await client.query(`${begin}SAVEPOINT ${name}`);
      let value: T;
      try {
        value = await this.context.run({ root: level.root, tail: Promise.resolve() }, fn);
      } catch (err) {
        // If this fails the connection broke: the outer transaction's ROLLBACK fails too and says so.
        await client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => undefined);
        throw err;
      }
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return value;
    } finally {
      release();
    }
  }

  /**
   * Runs `use` on a checked-out connection and gives it back, destroyed when it broke: it emitted
   * 'error' or 'end', or `use` called `broke` (a ROLLBACK that could not be sent, a batch that failed
   * without the server's error reply). An error `fn` throws does not count: the connection is fine.
   */
  private async withClient<T>(use: (client: pg.PoolClient, broke: (err: unknown) => void) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const broke = (err: unknown) => { broken ??= err instanceof Error ? err : new Error(String(err)); };
    const onEnd = () => broke(new Error('the connection ended'));
    // While checked out, a client's 'error' event has no listener of the pool's: without one the
    // process would crash on a dropped connection.
    client.on('error', broke);
    client.on('end', onEnd);
    try {
      return await use(client, broke);
    } finally {
      client.off('error', broke);
      client.off('end', onEnd);
      client.release(broken ?? false);
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      while (this.open.size) await Promise.all([...this.open]);
      for (const hook of this.closeHooks.splice(0)) await hook().catch(() => undefined);
      await this.pool.end();
    })();
    return this.closing;
  }
}

/**
 * Opens the PostgreSQL store (issue 43) on `url` (`postgres://user@host:port/db`, anything
 * node-postgres' connectionString takes). No connection is made until the first statement.
 *
 * Shape: a `Store<NodePgDatabase>` (./port.ts) of kind 'postgres'; `store.db` is a Drizzle
 * node-postgres handle over the pool, or over the open transaction's connection inside one.
 * Options: `max` pooled connections (default 10: at most that many transactions at once, the
 * others wait for a connection; a statement outside transactions needs one too), Drizzle `schema`.
 *
 * PostgreSQL's rule to write for: a statement that fails inside a transaction aborts the whole
 * transaction block (SQLSTATE 25P02 "current transaction is aborted, commands ignored until end of
 * transaction block" for every statement after it), where SQLite goes on. Code that catches a
 * failing statement and continues wraps it in a nested `transaction` (a savepoint), as `batch`
 * does for itself.
 *
 * Errors: statements reject with node-postgres' DatabaseError (PostgreSQL's SQLSTATE in `code`);
 * `batch` with BatchError (./port.ts); `transaction` after `close()` with "the store is closed";
 * a statement of a transaction that has already ended (a promise not awaited inside it) throws.
 * `close()` waits for the open transactions, then ends the pool; it may be called again.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<Store<PgDb>> {
  // Drizzle's node-postgres queries pass their own `types`, which fall back to the process-wide
  // parsers: int8 is made a number there too, so a bigint column (epoch ms) reads as one through
  // Drizzle as through the store's own statements.
  pg.types.setTypeParser(INT8, parseInt8);
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: TYPES });
  // An idle pooled connection that drops (a server restart, pg_terminate_backend) is removed by
  // the pool and reported here; without a listener the process would crash.
  pool.on('error', () => undefined);
  // Every statement of every connection passes the write log (the read caches' local writes).
  const writes = new PgWriteLog();
  pool.on('connect', (client) => watchClientWrites(client, writes));
  return new PostgresStore(pool, options.schema, writes);
}
