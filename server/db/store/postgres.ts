/**
 * The PostgreSQL adapter of the store port (./port.ts; issue 43), over a node-postgres `Pool`.
 *
 * - Statements outside a transaction run on any pooled connection and autocommit; `?` placeholders
 *   become `$1 …` (numberPlaceholders), parameters are bound as ./pg-pipeline.ts bindValue says.
 * - `transaction(fn)` and the routing of statements to the open transaction's connection are
 *   ./pg-transactions.ts (the base class PgTransactions): ONE connection per outer transaction,
 *   BEGIN sent with its first statement, COMMIT / ROLLBACK, one retry on a deadlock or
 *   serialization failure, savepoints for nested calls run one after another; read its comment.
 * - `batch`, `valuesBatch`, `batchAtCommit` and a transaction's first statement (BEGIN in front)
 *   each take ONE round trip: a pipeline of the extended protocol (./pg-pipeline.ts), named
 *   statements prepared once per connection. `batch` runs in an implicit transaction outside, in a
 *   savepoint of its own inside a transaction; `valuesBatch` the same for reads, without a
 *   savepoint; `batchAtCommit` waits for the COMMIT and goes in its round trip (issue 44).
 * - A transaction's statements, and valuesBatch's reads, are planned with `enable_seqscan` off
 *   (./pg-transactions.ts TRANSACTION_LEAD says why); other statements as PostgreSQL chooses.
 * - Every statement of every pooled connection (the store's, Drizzle's) passes the write log
 *   (./pg-writes.ts): the read caches see this process's writes at once (../table-versions.ts).
 * - Result types: int8 (count(*), bigint columns) reads as a number when it is a safe integer (as
 *   better-sqlite3 returns integers), else a bigint; the rest as node-postgres parses it (bytea →
 *   Buffer, boolean → true/false, numeric → string). Drizzle's queries read int8 the same way (the
 *   process-wide int8 parser is set when a store opens); their other parsers are Drizzle's.
 */
import { TransactionRollbackError } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { BatchError, numberPlaceholders, type ExpectingStatement, type RunResult, type SqlParam, type SqlStatement, type Store } from './port';
import { isConnectionFailure, runPipeline, type PipelineResult, type PipelineStatement } from './pg-pipeline';
import { PgWriteLog, registerPgStore, watchClientWrites } from './pg-writes';
import { PgTransactions, turn } from './pg-transactions';

export interface PostgresStoreOptions {
  /** Most pooled connections (default 10, node-postgres' default). */
  max?: number;
  /**
   * How long a pooled connection may sit idle before it is closed, in ms (default 300,000: five
   * minutes, as RuoYi's Druid pool evicts idle connections, `minEvictableIdleTimeMillis`). A new
   * connection costs a backend process, its catalogue caches and the Parse of every prepared
   * statement again; node-postgres' own default (10 s) closed a quiet node's connections between
   * bursts of load.
   */
  idleMs?: number;
  /** Drizzle schema (tables, relations) for `store.db`'s relational queries. */
  schema?: Record<string, unknown>;
}

type PgDb = NodePgDatabase<any>;

const INT8 = 20;
const parseInt8 = (text: string): number | bigint => {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
};
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Before valuesBatch's reads outside a transaction: `enable_seqscan` and `enable_mergejoin` off until the pipeline's Sync
 * ends its implicit transaction, as every transaction has it (./pg-transactions.ts
 * TRANSACTION_LEAD, where the reasons are). `set_config(…, true)`, not SET LOCAL, which PostgreSQL
 * applies there too but answers with a WARNING each time ("can only be used in transaction blocks").
 */
const SEQSCAN_OFF_HERE = { sql: "SELECT set_config('enable_seqscan', 'off', true), set_config('enable_mergejoin', 'off', true)" };

class PostgresStore extends PgTransactions implements Store<PgDb> {
  readonly kind = 'postgres' as const;
  private readonly clientDbs = new WeakMap<pg.PoolClient, PgDb>();
  private readonly poolDb: PgDb;
  /** Run by close() before the pool ends (the table-versions service's listener: ./pg-writes.ts). */
  private readonly closeHooks: (() => Promise<void>)[] = [];

  constructor(pool: pg.Pool, private readonly schema: Record<string, unknown> | undefined, writes: PgWriteLog) {
    super(pool, writes, TYPES);
    this.poolDb = this.drizzleOver(pool);
    registerPgStore(this, { pool, writes, onClose: (fn) => { this.closeHooks.push(fn); } });
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
   * One statement's result; of a parameterless text holding several (simple protocol), the last's.
   * A text with parameters runs as a one-statement pipeline (./pg-pipeline.ts: a named prepared
   * statement, ./pg-statement-names.ts, its rows read by the shape the connection knows); as a
   * transaction's first statement, in one round trip with its BEGIN. `rows`: how its rows are
   * wanted (none for `run`).
   */
  private async query(sql: string, params: readonly SqlParam[] = [], rows?: 'object' | 'array'): Promise<{ rows: unknown[]; rowCount: number | null }> {
    const level = this.context.getStore();
    const client = level && this.openConnection(level); // writes queued before go first (they may send BEGIN)
    try {
      if (params.length) {
        const list = [{ sql, params, rows }];
        if (level) return (await this.pipeline(level.root, list))[0]; // BEGIN in front when it was not sent yet
        return (await this.pooledPipeline(list))[0];
      }
      // Parameterless: it may hold several statements, which only the simple protocol takes.
      if (level) this.connection(level); // BEGIN queued first when not sent yet
      const text = numberPlaceholders(sql, 0); // a `?` without its parameter is refused here
      const result: pg.QueryResult | pg.QueryResult[] = await (client ?? this.pool).query({ text, ...(rows === 'array' ? { rowMode: 'array' } : {}) });
      return Array.isArray(result) ? result[result.length - 1] : result;
    } catch (err) {
      // A single statement answers its own error, not the pipeline's wrapper.
      throw await this.firstError(level, err instanceof BatchError && err.index === 0 ? err.cause : err);
    }
  }

  async all<R extends object>(sql: string, params?: readonly SqlParam[]): Promise<R[]> {
    return (await this.query(sql, params, 'object')).rows as R[];
  }

  async get<R extends object>(sql: string, params?: readonly SqlParam[]): Promise<R | undefined> {
    return (await this.query(sql, params, 'object')).rows[0] as R | undefined;
  }

  async values(sql: string, params?: readonly SqlParam[]): Promise<unknown[][]> {
    return (await this.query(sql, params, 'array')).rows as unknown[][];
  }

  async run(sql: string, params?: readonly SqlParam[]): Promise<RunResult> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }

  /** `list` as one pipeline on a pooled connection outside any transaction; a connection that failed under it is destroyed. */
  private pooledPipeline(list: readonly PipelineStatement[]): Promise<PipelineResult[]> {
    return this.withClient(async (client, broke) => {
      try {
        return await runPipeline(client, list, TYPES);
      } catch (err) {
        if (isConnectionFailure(err)) broke(err.cause);
        throw err;
      }
    });
  }

  /**
   * port.ts batch: one round trip (./pg-pipeline.ts). Outside a transaction its statements form one
   * transaction of their own (all before the pipeline's Sync); inside one they run in a savepoint
   * of their own (SAVEPOINT … RELEASE in the same round trip; ROLLBACK TO it when one fails).
   */
  async batch(list: readonly SqlStatement[]): Promise<RunResult[]> {
    if (!list.length) return [];
    const level = this.context.getStore();
    const changes = (results: { rowCount: number }[]) => results.map((r) => ({ changes: r.rowCount }));
    if (!level) return changes(await this.pooledPipeline(list));
    const release = await turn(level);
    try {
      const client = this.openConnection(level);
      const name = `sp_${++level.root.savepoints}`;
      try {
        return changes(await this.pipeline(level.root, list, [{ sql: `SAVEPOINT ${name}` }], [{ sql: `RELEASE SAVEPOINT ${name}` }]));
      } catch (err) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`).catch(() => undefined);
        throw await this.firstError(level, err);
      }
    } finally {
      release();
    }
  }

  /**
   * port.ts batchAtCommit: at a transaction's top level the writes wait in Root.pending for COMMIT's
   * round trip (./pg-transactions.ts), each `expect` checked in SQL (./pg-expect.ts expectingSql); in a
   * savepoint they run at once as `batch`, the counts checked here. Errors: outside a transaction, an Error.
   */
  async batchAtCommit(list: readonly ExpectingStatement[]): Promise<void> {
    const level = this.context.getStore();
    if (!level) throw new Error('batchAtCommit outside a transaction');
    if (!list.length) return;
    if (level.nested) {
      const results = await this.batch(list);
      list.forEach((s, i) => { if (s.expect && results[i].changes !== s.expect.changes) throw s.expect.error(); });
      return;
    }
    const release = await turn(level);
    try {
      this.queueAtCommit(level, list);
    } finally {
      release();
    }
  }

  /**
   * The reads of `list` in one round trip (./pg-pipeline.ts), each prepared (its plan kept on the
   * connection) and planned with `enable_seqscan` off: inside a transaction on its connection (no
   * savepoint: a failing read aborts the transaction as any statement's would; the transaction has
   * the setting), outside on a pooled connection (one implicit transaction, the setting in it:
   * SEQSCAN_OFF_HERE). For lookups by key on tables whose rows come and go (wf_task, wf_execution:
   * the engine's loads, the to-do page). Each statement's rows as arrays; rejects with the
   * database's error.
   */
  async valuesBatch(list: readonly SqlStatement[]): Promise<unknown[][][]> {
    if (!list.length) return [];
    const level = this.context.getStore();
    const reads = list.map((s) => ({ ...s, rows: 'array' as const, named: true })); // fixed texts (the engine's loads): prepared
    const rows = (results: { rows: unknown[] }[]) => results.map((r) => r.rows as unknown[][]);
    const unwrap = (err: unknown) => (err instanceof BatchError && err.cause instanceof pg.DatabaseError ? err.cause : err);
    if (level) {
      this.openConnection(level);
      return this.pipeline(level.root, reads).then(rows, async (err: unknown) => { throw await this.firstError(level, unwrap(err)); });
    }
    return this.withClient(async (client, broke) => {
      try {
        return rows((await runPipeline(client, [SEQSCAN_OFF_HERE, ...reads], TYPES, 1, reads.length)).slice(1));
      } catch (err) {
        if (!(unwrap(err) instanceof pg.DatabaseError)) broke(unwrap(err));
        throw unwrap(err);
      }
    });
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
 * others wait for a connection; a statement outside transactions needs one too), `idleMs` before
 * an idle connection closes (default five minutes), Drizzle `schema`.
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
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: options.idleMs ?? 300_000, types: TYPES });
  // An idle pooled connection that drops (a server restart, pg_terminate_backend) is removed by
  // the pool and reported here; without a listener the process would crash.
  pool.on('error', () => undefined);
  // Every statement of every connection passes the write log (the read caches' local writes).
  const writes = new PgWriteLog();
  pool.on('connect', (client) => watchClientWrites(client, writes));
  return new PostgresStore(pool, options.schema, writes);
}
