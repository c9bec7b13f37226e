/**
 * What one command (or query) run through a ReplayDb (./replay-db.ts) learned from the database: the
 * writes sent with their results, the rows fetched, the values drawn (ids, the clock) and the
 * handler calls made, and how the queued writes are sent (issue 43).
 */
import type { SqlParam, Store } from '../../db/store/port';

/**
 * Thrown by a ReplayDb when the core needs an answer it does not have yet (caught by the command's
 * loop). A signal, not a failure: it carries no stack (capturing one cost more than the rest of
 * the throw, once or more per command).
 */
export class NeedExec extends Error {
  constructor(readonly upTo: number, readonly reads: PendingRead[]) {
    super('engine: an answer from the database is needed (replayed)');
  }

  /** A NeedExec without a stack (how the ReplayDb makes them). */
  static of(upTo: number, reads: PendingRead[]): NeedExec {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new NeedExec(upTo, reads);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}


export type Mode = 'get' | 'all' | 'values' | 'valuesGet' | 'run';

export interface PendingRead {
  key: string;
  fetch: (store: Store) => Promise<unknown>;
}

export interface Write {
  sql: string;
  params: unknown[];
  mode: Mode;
  expect?: { changes: number; error: () => Error };
  /** Undone before it was sent (a nested engine transaction threw: ReplayDb.dropWritesFrom): never sent. */
  dropped?: boolean;
}

export interface SentWrite extends Write { result: unknown }

/** A handler call of an earlier run: the facade changes it made, and how it ended. */
export interface HandlerCall {
  changes: Array<[api: number, method: string, args: unknown[]]>;
  threw: boolean;
  outcome: unknown;
}


/** Most sends of one command (a loop that never settles is a bug: it fails the command). */
const MAX_ROUNDS = 200;

/**
 * True for a statement that only reads: a SELECT (or WITH … SELECT) writing nothing. A row-locking
 * clause (`FOR UPDATE`, `FOR NO KEY UPDATE`, `FOR SHARE`, with `NOWAIT` / `SKIP LOCKED`) keeps it a
 * read: sent once on the command's transaction, its answer taken by the later runs (issue 44).
 */
export const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql)
  && !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql.replace(/\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE)\b/gi, ''));


export async function send(store: Store, sql: string, params: unknown[], mode: Mode): Promise<unknown> {
  const p = params as SqlParam[];
  switch (mode) {
    case 'get': return (await store.all(sql, p))[0];
    case 'all': return store.all(sql, p);
    case 'values': return store.values(sql, p);
    case 'valuesGet': return (await store.values(sql, p))[0];
    default: {
      const { changes } = await store.run(sql, p);
      return { changes, lastInsertRowid: 0 };
    }
  }
}


/**
 * What one command (or query) learned from the database across its runs, and the current run's
 * position. Commands on PostgreSQL overlap (each awaits its round trips), so each has its own;
 * the ReplayDb serves the one whose run is on (runs are synchronous: never two at once).
 */
export class ReplayState {
  /** Writes sent on the command's transaction, in order, with their results. */
  readonly sent: SentWrite[] = [];
  /** Rows fetched, by `writes before | mode | sql | params`. */
  readonly answers = new Map<string, unknown>();
  /** Writes issued by the current run. */
  writes: Write[] = [];
  /** Values of `recorded` by name, in the order the first run drew them, and the current run's cursors. */
  readonly draws = new Map<string, unknown[]>();
  readonly cursors = new Map<string, number>();
  rounds = 0;
  /** What each handler call of the first runs did (`once`), in call order, and the current run's cursor. */
  readonly handlerCalls: HandlerCall[] = [];
  handlerCursor = 0;

  /**
   * Set when a nested engine transaction threw after some of its writes were sent (ReplayDb
   * dropWritesFrom): they cannot be undone alone, so the command fails with that error.
   */
  broken: { error: unknown } | undefined;

  /**
   * A task command's form check read in its lock's round trip (EngineCore.command `prepare`):
   * `sql` with the task id; `row` its answer once fetched (null: no such runtime task).
   */
  form: { sql: string; taskId: string; row?: unknown[] | null } | undefined;

  /** `writable` false: a read outside any command (`EngineCore.query`): a write throws. */
  constructor(readonly writable: boolean) {}

  /** Starts a run of the command from its beginning. */
  startRun(): void {
    this.writes = [];
    this.cursors.clear();
    this.handlerCursor = 0;
  }

  /**
   * Sends what `need` waits for on `store` (inside the command's transaction): the queued writes
   * before its point, in order, then its reads. Errors: the database's; `expect` failures.
   */
  async satisfy(store: Store, need: NeedExec): Promise<void> {
    if (++this.rounds > MAX_ROUNDS) throw new Error('engine: a command needed too many round trips');
    await this.sendWrites(store, need.upTo);
    for (const r of need.reads) this.answers.set(r.key, await r.fetch(store));
  }

  /**
   * Sends every write the finished run queued (the flush). When they are all plain writes and the
   * store can, they go with the transaction's COMMIT (store.batchAtCommit: one round trip for both
   * on PostgreSQL; the revision check travels with them), else as sendWrites sends them.
   */
  async finish(store: Store): Promise<void> {
    const rest = this.writes.slice(this.sent.length);
    if (!store.batchAtCommit || !rest.some((w) => !w.dropped) || !rest.every((w) => w.dropped || batchable(w))) {
      await this.sendWrites(store, this.writes.length);
      return;
    }
    await store.batchAtCommit(rest.filter((w) => !w.dropped).map((w) => ({ sql: w.sql, params: w.params as SqlParam[], ...(w.expect ? { expect: w.expect } : {}) })));
    for (const w of rest) this.sent.push({ ...w, result: w.dropped ? DROPPED : AT_COMMIT });
  }

  /**
   * Sends writes [sent, upTo) in order: consecutive plain statements as one batch (one round
   * trip: store.batch), savepoint statements and writes whose rows are wanted on their own;
   * dropped writes are skipped (settled as not sent).
   */
  private async sendWrites(store: Store, upTo: number): Promise<void> {
    while (this.sent.length < upTo) {
      const from = this.sent.length;
      if (this.writes[from].dropped) {
        this.sent.push({ ...this.writes[from], result: DROPPED });
        continue;
      }
      let to = from;
      while (to < upTo && (batchable(this.writes[to]) || this.writes[to].dropped)) to++;
      const live = this.writes.slice(from, to).filter((w) => !w.dropped);
      if (live.length > 1) {
        const results = await store.batch(live.map((w) => ({ sql: w.sql, params: w.params as SqlParam[] })));
        let j = 0;
        for (const w of this.writes.slice(from, to)) {
          if (w.dropped) this.sent.push({ ...w, result: DROPPED });
          else this.settle(w, { changes: results[j++].changes, lastInsertRowid: 0 });
        }
      } else {
        const w = this.writes[from];
        this.settle(w, await send(store, w.sql, w.params, w.mode));
      }
    }
  }

  private settle(w: Write, result: unknown): void {
    if (w.expect && (result as { changes: number }).changes !== w.expect.changes) throw w.expect.error();
    this.sent.push({ ...w, result });
  }
}

/** The result of a dropped write (never sent): reading it is a bug of the core. */
const DROPPED = {
  get changes(): number { throw new Error('engine: the result of a write its nested transaction dropped'); },
  get lastInsertRowid(): number { throw new Error('engine: the result of a write its nested transaction dropped'); },
};

/** The result of a write sent with COMMIT (store.batchAtCommit): nothing may read it. */
const AT_COMMIT = {
  get changes(): number { throw new Error('engine: the result of a write sent with the commit'); },
  get lastInsertRowid(): number { throw new Error('engine: the result of a write sent with the commit'); },
};

/** A write that can go in a batch: rows not wanted, and not a savepoint statement (a batch has its own savepoint). */
const batchable = (w: Write) => w.mode === 'run' && !/^\s*(SAVEPOINT|RELEASE|ROLLBACK)\b/i.test(w.sql);
