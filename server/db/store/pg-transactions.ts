/**
 * The transaction machinery of the PostgreSQL store (./postgres.ts; issue 43): the base class the
 * adapter extends, over a node-postgres `Pool`.
 *
 * - `transaction(fn)`: the outermost checks out ONE connection, `BEGIN` (sent with its first
 *   statement, in the same message when it can: Root.begun), runs `fn`, `COMMIT`
 *   (`ROLLBACK` and rethrow when `fn` throws; on a deadlock or serialization failure, 40P01 /
 *   40001, ROLLBACK and ONE more run of `fn` in a new transaction: see `transaction`). The open transaction travels with `fn`'s async
 *   context (AsyncLocalStorage), so every statement and `store.db` query issued there runs on that
 *   connection. A `transaction` inside is a `SAVEPOINT sp_N` (`RELEASE`, or `ROLLBACK TO` and
 *   rethrow); nested calls of one level run one after another even when started together
 *   (Promise.all), a promise chain per level (`turn`): PostgreSQL savepoints nest, they cannot
 *   interleave. The connection always goes back to the pool, destroyed when it broke (an 'error'
 *   or 'end' event, a ROLLBACK that could not be sent), so the pool never hands out a dead
 *   connection or one still inside a transaction.
 * - A statement of a transaction that has already ended (a promise not awaited inside it) throws;
 *   `transaction` after `close()` (the adapter's, which waits for `open`) rejects with "the store
 *   is closed".
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { PgWriteLog } from './pg-writes';
import { isRetriedConflict } from './pg-retry';

/** An outer transaction: its connection and what its levels share. */
export interface Root {
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
export interface Level {
  root: Root;
  /** The level's nested transactions and batches run one after another: this chain's tail. */
  tail: Promise<void>;
}

/** Waits for the level's earlier nested work; returns the release of this one's turn. */
export async function turn(level: Level): Promise<() => void> {
  const before = level.tail;
  let release!: () => void;
  level.tail = new Promise<void>((r) => { release = r; });
  await before;
  return release;
}

/**
 * The transactions of a PostgreSQL store over `pool` (the module comment): the adapter
 * (./postgres.ts PostgresStore) extends it with its statements, `db` and `close`. `writes` is the
 * pool's write log (./pg-writes.ts), told each outer transaction's begin and end.
 */
export abstract class PgTransactions {
  protected readonly context = new AsyncLocalStorage<Level>();
  /** The outer transactions still running (settled promises of them): `close` waits for them. */
  protected readonly open = new Set<Promise<void>>();
  protected closing: Promise<void> | undefined;

  constructor(protected readonly pool: pg.Pool, protected readonly writes: PgWriteLog) {}

  get inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  /**
   * The transaction's connection, its BEGIN queued first when not sent yet (node-postgres sends a
   * connection's queries in order; a failed BEGIN fails the statement after it too).
   */
  protected connection(level: Level): pg.PoolClient {
    const { root } = level;
    const client = this.openConnection(level);
    if (!root.begun) {
      root.begun = true;
      client.query('BEGIN').catch(() => undefined);
    }
    return client;
  }

  /** The transaction's connection as it is (BEGIN perhaps not sent: see `opening`). */
  protected openConnection(level: Level): pg.PoolClient {
    if (level.root.done) throw new Error('the transaction this statement belongs to has ended (a promise of it was not awaited)');
    return level.root.client;
  }

  /**
   * The text to put before a message about to be sent on `root`'s connection: BEGIN_TEXT when
   * BEGIN was not sent yet, else ''. The caller queues the message right after (no await in
   * between) and then sets `root.begun` (not when making the text failed: nothing was sent).
   */
  protected opening(root: Root): string { return root.begun ? '' : BEGIN_TEXT; }

  protected queryable(): pg.Pool | pg.PoolClient {
    const level = this.context.getStore();
    return level ? this.connection(level) : this.pool;
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
  protected async withClient<T>(use: (client: pg.PoolClient, broke: (err: unknown) => void) => Promise<T>): Promise<T> {
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
}
