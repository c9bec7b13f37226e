/**
 * The transaction machinery of the PostgreSQL store (./postgres.ts; issue 43): the base class the
 * adapter extends, over a node-postgres `Pool`.
 *
 * - `transaction(fn)`: the outermost checks out ONE connection, `BEGIN` and its plan setting
 *   (TRANSACTION_LEAD, sent in the round trip of its first statements: Root.begun, `pipeline`),
 *   runs `fn`, `COMMIT` (with the writes `batchAtCommit` queued, in one round trip: Root.pending)
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
import type { ExpectingStatement } from './port';
import { expecting, expectingError } from './pg-expect';
import { isConnectionFailure, preparePipeline, sendPipeline, type PipelineResult, type PipelineStatement, type PreparedPipeline } from './pg-pipeline';
import { PgWriteLog } from './pg-writes';
import { isRetriedConflict } from './pg-retry';

/** An outer transaction: its connection and what its levels share. */
export interface Root {
  client: pg.PoolClient;
  /** Set once COMMIT / ROLLBACK was sent: statements of a stray continuation fail loudly. */
  done: boolean;
  savepoints: number;
  /**
   * Set once BEGIN was sent. BEGIN goes in the pipeline of the transaction's first statements
   * (`pipeline`: a statement of the store, a batch, valuesBatch, a SAVEPOINT), else (Drizzle's
   * queries on `store.db`) queued just before them (`connection`). A transaction that sent
   * nothing ends without COMMIT / ROLLBACK.
   */
  begun: boolean;
  /**
   * Writes queued by `batchAtCommit` (./postgres.ts), not sent yet: they go in COMMIT's round
   * trip, or before the transaction's next statement (`openConnection`).
   */
  pending?: readonly ExpectingStatement[];
  /** Queued writes that a later statement made go before it: settles when they did (rejects with their error). */
  flushed?: Promise<void>;
}

/**
 * What opens every transaction (Root.begun): BEGIN, then `enable_seqscan` off until it ends (SET
 * LOCAL). A transaction's statements are lookups and writes by key (the engine's loads, its deletes
 * and updates by id; the services' rows by id), and PostgreSQL keeps a prepared statement's generic
 * plan once chosen (after five runs on a connection): made while a table such as wf_task held a
 * few rows, a sequential scan of it stayed in the plan while deleted rows piled up between two
 * autovacuum passes, and a complete's `DELETE FROM wf_task WHERE id = ?` read 9 blocks right
 * after a vacuum and 60 a minute later (issue 44, bench/RESULTS.md "Sixteenth session"; before
 * the engine's loads had the setting, a hash join over wf_hi_actinst read every row of it per
 * complete). A statement with no index to use still scans. PostgreSQL's own docs: `enable_seqscan`, "Planner
 * Method Configuration".
 *
 * Merge joins are off too (`enable_mergejoin`): the loads join a token to its activity-instance row
 * and a task to its history row by primary key, and ids grow with time. From statistics taken
 * while the only tasks were long-open ones (old ids), the planner chose a merge join it expected
 * to stop early in the history's key order; the new rows' ids lie past the statistics, so each
 * load read the history table's primary key from its start: a cost that grew with the history
 * (tests/pg/churn-plans.test.ts; bench/RESULTS.md "Eighteenth session"). Both as `set_config(…,
 * true)`, which is SET LOCAL, in one statement.
 */
export const TRANSACTION_LEAD: readonly PipelineStatement[] = [{ sql: 'BEGIN' }, { sql: "SELECT set_config('enable_seqscan', 'off', true), set_config('enable_mergejoin', 'off', true)" }];
const COMMIT: PipelineStatement = { sql: 'COMMIT' };

/** One level (the transaction or a savepoint) of an async context. */
export interface Level {
  root: Root;
  /** The level's nested transactions and batches run one after another: this chain's tail. */
  tail: Promise<void>;
  /** A savepoint's level (batchAtCommit queues only at a transaction's top level). */
  nested?: boolean;
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

  /** `types`: the pool's type parsers (the rows of ./pg-pipeline.ts parse as node-postgres parses them). */
  constructor(protected readonly pool: pg.Pool, protected readonly writes: PgWriteLog, protected readonly types: unknown) {}

  get inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  /**
   * Inside a transaction that has written something (a statement that writes seen by the write
   * log, or writes queued for COMMIT): what it reads may be its own uncommitted rows. The read
   * caches bypass only such transactions (./pg-table-versions.ts): one that has only read sees
   * committed rows, as a read outside any transaction does at READ COMMITTED.
   */
  get wroteInTransaction(): boolean {
    const level = this.context.getStore();
    if (!level) return false;
    const { root } = level;
    return root.pending !== undefined || root.flushed !== undefined || (this.writes.pendingOf(root.client)?.length ?? 0) > 0;
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
      client.query(TRANSACTION_LEAD.map((q) => q.sql).join('; ')).catch(() => undefined);
    }
    return client;
  }

  /** The transaction's connection, its pending writes queued first (BEGIN perhaps not sent: `pipeline` sends it in front). */
  protected openConnection(level: Level): pg.PoolClient {
    const { root } = level;
    if (root.done) throw new Error('the transaction this statement belongs to has ended (a promise of it was not awaited)');
    if (root.pending) this.sendPending(root);
    return root.client;
  }

  /**
   * Queues the transaction's pending writes (Root.pending) now, ahead of a statement about to be
   * queued: node-postgres sends a connection's queries in order. Their outcome is `root.flushed`
   * (awaited by that statement when it fails, and before COMMIT).
   */
  private sendPending(root: Root): void {
    const list = root.pending!;
    root.pending = undefined;
    const sent = this.pipeline(root, list.map(expecting)).then(() => undefined, (err: unknown) => { throw expectingError(list, err); });
    sent.catch(() => undefined); // awaited later (`firstError`, `outer`): never an unhandled rejection
    root.flushed = root.flushed ? Promise.all([root.flushed, sent]).then(() => undefined) : sent;
    root.flushed.catch(() => undefined);
  }

  /**
   * Sends `list` on `root`'s connection in one round trip (./pg-pipeline.ts), BEGIN in front when
   * not sent yet and `after` (statements of the caller's: RELEASE, COMMIT) behind; queued at once
   * (no await before). Each statement's result; BatchError indexes count `list` only. A list that
   * cannot be sent (BatchError of preparePipeline) rejects with nothing sent, BEGIN included.
   */
  protected pipeline(root: Root, list: readonly PipelineStatement[], before: readonly PipelineStatement[] = [], after: readonly PipelineStatement[] = []): Promise<PipelineResult[]> {
    const lead = [...(root.begun ? [] : TRANSACTION_LEAD), ...before];
    let prepared: PreparedPipeline;
    try {
      prepared = preparePipeline([...lead, ...list, ...after], lead.length, list.length);
    } catch (err) {
      return Promise.reject(err); // nothing sent: BEGIN is still to come
    }
    root.begun = true;
    return sendPipeline(root.client, prepared, this.types).then((results) => results.slice(lead.length, lead.length + list.length));
  }

  /**
   * The error to report for `err`, a statement's failure in `level`'s transaction: the error of
   * writes queued before it that failed (PostgreSQL then refuses every later statement with
   * 25P02, which says nothing), else `err`.
   */
  protected async firstError(level: Level | undefined, err: unknown): Promise<unknown> {
    const flushed = level?.root.flushed;
    return flushed ? flushed.then(() => err, (first: unknown) => first) : err;
  }

  /** Queues `list` for COMMIT's round trip (Root.pending; see port.ts batchAtCommit). */
  protected queueAtCommit(level: Level, list: readonly ExpectingStatement[]): void {
    this.openConnection(level); // writes queued before go first
    level.root.pending = list;
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
        await root.flushed;
      } catch (err) {
        root.done = true;
        const first = await this.firstError({ root, tail: Promise.resolve() }, err);
        if (root.begun) await client.query('ROLLBACK').catch(broke);
        throw first;
      }
      root.done = true;
      if (root.pending) await this.commitPending(root, broke);
      else if (root.begun) await client.query('COMMIT');
      return value;
    } finally {
      this.writes.end(client); // its writes are told now, committed or not (./pg-writes.ts)
    }
  }

  /**
   * Sends the pending writes and COMMIT in one round trip (BEGIN before them when not sent yet).
   * When a write fails, PostgreSQL skips the rest up to the Sync (COMMIT too): ROLLBACK, and the write's
   * error (its `expect.error()` for a wrong row count: ./pg-expect.ts expectingError).
   */
  private async commitPending(root: Root, broke: (err: unknown) => void): Promise<void> {
    const list = root.pending!;
    root.pending = undefined;
    try {
      await this.pipeline(root, list.map(expecting), [], [COMMIT]);
    } catch (err) {
      if (isConnectionFailure(err)) broke(err.cause);
      await root.client.query('ROLLBACK').catch(broke);
      throw expectingError(list, err);
    }
  }

  /** A savepoint in `level`, after the level's earlier nested transactions. */
  private async savepoint<T>(level: Level, fn: () => Promise<T>): Promise<T> {
    const release = await turn(level);
    try {
      const client = this.openConnection(level);
      const name = `sp_${++level.root.savepoints}`;
      await this.pipeline(level.root, [], [{ sql: `SAVEPOINT ${name}` }]);
      let value: T;
      try {
        value = await this.context.run({ root: level.root, tail: Promise.resolve(), nested: true }, fn);
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
