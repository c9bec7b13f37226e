/**
 * The store port (issue 43 "An async store port with two adapters"): what repositories, services,
 * jobs and the engine's load/flush need from a database, asynchronous, with one adapter per
 * database kind, chosen by `DATABASE_URL` (dbKindOf):
 * - `sqlite` (./sqlite.ts): a file path or `:memory:`, better-sqlite3; the default for `npm start`,
 *   the single binary and the tests;
 * - `postgres` (./postgres.ts): `postgres://…` or `postgresql://…`, node-postgres.
 *
 * Statements are written once with `?` placeholders (the PostgreSQL adapter numbers them `$1…`,
 * outside quoted text) and camelCase aliases quoted (`AS "userId"`: PostgreSQL folds unquoted
 * names to lower case). Parameters are plain values: strings, numbers, bigints, null, buffers;
 * booleans are stored as 1/0 on both (the SQLite schema's convention).
 *
 * Transactions: `transaction(fn)` runs `fn` in one database transaction and returns its result,
 * or rolls everything back and rethrows what `fn` threw. The transaction is carried by the async
 * context (AsyncLocalStorage): every statement `fn` issues through the same store, however deeply
 * awaited, runs inside it, and a `transaction` called inside runs as a savepoint (its own throw
 * rolls back its own writes only). Statements issued outside any transaction autocommit.
 */

import path from 'node:path';

export type DbKind = 'sqlite' | 'postgres';

/** A statement parameter. */
export type SqlParam = string | number | bigint | null | Buffer | Uint8Array | boolean;

/** One statement of a batch. */
export interface SqlStatement {
  sql: string;
  params?: readonly SqlParam[];
}

/** What a write reports: the rows it changed. */
export interface RunResult {
  changes: number;
}

/** The statement calls of the port (on the store, and so inside its transactions). */
export interface Statements {
  /** Every row of a query, columns named as the statement names them. */
  all<R extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R[]>;
  /** The first row of a query, or undefined. */
  get<R extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<R | undefined>;
  /**
   * Every row of a query as an array of its column values in the statement's order (columns need
   * no distinct names: `e.id, a.id`); the engine's raw loads (issue 43, server/engine/store/replay-db.ts).
   */
  values(sql: string, params?: readonly SqlParam[]): Promise<unknown[][]>;
  /** A write (or any statement whose rows are not wanted); the number of rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<RunResult>;
  /**
   * Several writes in order, in one transaction (the current one, else a new one), sent in as few
   * round trips as the adapter allows (the engine's flush, issue 43). A failing statement rolls
   * the whole batch back and rejects with its error, naming its index.
   */
  batch(statements: readonly SqlStatement[]): Promise<RunResult[]>;
  /**
   * Several reads in order, in ONE round trip, each statement's rows as `values` answers them
   * (issue 44: the engine's locking instance read with the loads after it). Offered by adapters
   * that can (PostgreSQL: one pipeline; each statement runs in a snapshot of its own at READ
   * COMMITTED, planned as a lookup by key: sequential scans off); callers without it send the
   * statements one by one. A failing statement rejects with the database's error (as `values`);
   * the ones after it do not run.
   */
  valuesBatch?(statements: readonly SqlStatement[]): Promise<unknown[][][]>;
  /**
   * The last writes of the current transaction (issue 44: the engine's flush), sent together with
   * its COMMIT in ONE round trip by adapters that can (PostgreSQL, at a transaction's top level;
   * inside a nested transaction it runs as `batch` at once). Resolves once queued: their failure
   * rejects the transaction (`transaction(fn)`), never this call, so the caller reads nothing of
   * their results. `expect` on a statement: the transaction fails with its `error()` unless that
   * statement changes exactly `changes` rows (the instance's revision check). A statement issued
   * after it in the same transaction sends the queued writes first (in order), and rejects with
   * their error when they fail. Inside a transaction only (else it throws).
   */
  batchAtCommit?(statements: readonly ExpectingStatement[]): Promise<void>;
}

/** A write of `batchAtCommit`: `expect`, the rows it must change (else the transaction fails with `error()`). */
export interface ExpectingStatement extends SqlStatement {
  expect?: { changes: number; error: () => Error };
}

/** A database behind the port. `D` is the adapter's Drizzle handle. */
export interface Store<D = unknown> extends Statements {
  readonly kind: DbKind;
  /** The Drizzle handle for the current async context (the open transaction's, when inside one). */
  readonly db: D;
  /** True inside a `transaction` callback of this store (in its async context). */
  readonly inTransaction: boolean;
  /** Runs `fn` in one transaction (a savepoint when nested); see the module comment. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Waits for the running transactions, then closes the connection(s). */
  close(): Promise<void>;
}

/**
 * The kind of database a `DATABASE_URL` names: `postgres://` or `postgresql://` → postgres,
 * anything else (a file path, `file:…`, `:memory:`) → sqlite.
 */
export function dbKindOf(url: string): DbKind {
  return /^postgres(ql)?:\/\//i.test(url.trim()) ? 'postgres' : 'sqlite';
}

/**
 * The database as logs and 服务监控 name it: `:memory:`, the file's absolute path, or a PostgreSQL
 * URL with its password shown as `***` (`postgres://(unparsable URL)` when it does not parse).
 */
export function databaseName(url: string): string {
  if (url === ':memory:') return url;
  if (dbKindOf(url) === 'sqlite') return path.resolve(url);
  const u = URL.canParse(url.trim()) ? new URL(url.trim()) : undefined;
  if (u?.password) u.password = '***';
  return u ? u.toString() : 'postgres://(unparsable URL)';
}

/** The answer to a write whose transaction's COMMIT failed (issue 15's message, kept by issue 43). */
export const COMMIT_FAILED_MESSAGE = '操作失败，数据未能保存，请重试';

/**
 * The rejection of a transaction whose writes were not kept because the COMMIT that carried them
 * failed (the SQLite adapter's group commit: every transaction of the group). `cause`: the
 * database's error. The transports answer it with COMMIT_FAILED_MESSAGE.
 */
export class CommitError extends Error {
  constructor(readonly cause: unknown) {
    super(COMMIT_FAILED_MESSAGE);
    this.name = 'CommitError';
  }
}

/** Error of a batch statement: which one failed (index in the list) and why. */
export class BatchError extends Error {
  constructor(readonly index: number, readonly cause: unknown) {
    super(`statement ${index} of the batch failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'BatchError';
  }
}

/**
 * `compute` remembered by its text argument (SQL texts: a server runs a few hundred fixed ones): at
 * most `maxSize` texts of up to `maxText` characters (longer ones are computed each time; past
 * `maxSize` the memo starts afresh). The answers are shared by every caller: keep them immutable.
 */
export function memoByText<T>(compute: (text: string) => T, maxText = 8192, maxSize = 2000): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    let hit = memo.get(text);
    if (hit === undefined) {
      hit = compute(text);
      if (text.length <= maxText) {
        if (memo.size >= maxSize) memo.clear();
        memo.set(text, hit);
      }
    }
    return hit;
  };
}

/** numberOnce remembered (memoByText). */
const numbered = memoByText(numberOnce);

/**
 * `?` placeholders → `$1, $2 …` for PostgreSQL, leaving `?` inside '…' strings, "…" identifiers
 * and comments alone. Throws when the statement has a different number of placeholders than
 * `count` (when given). The same text gives the same string object back (a memo of at most 2,000
 * texts up to 8 KB each), so the statement-name lookup that follows finds its hash computed.
 */
export function numberPlaceholders(sql: string, count?: number): string {
  const hit = numbered(sql);
  if (count !== undefined && count !== hit.n) throw new Error(`statement has ${hit.n} placeholders, ${count} parameters given: ${sql.slice(0, 120)}`);
  return hit.text;
}

function numberOnce(sql: string): { text: string; n: number } {
  const parts: string[] = [];
  let n = 0, from = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql.charCodeAt(i);
    if (c === 39 /* ' */ || c === 34 /* " */) {
      const end = sql.indexOf(sql[i], i + 1);
      i = (end < 0 ? sql.length : end + 1) - 1;
    } else if (c === 45 /* - */ && sql.charCodeAt(i + 1) === 45) {
      const end = sql.indexOf('\n', i);
      i = (end < 0 ? sql.length : end) - 1;
    } else if (c === 63 /* ? */) {
      parts.push(sql.slice(from, i), `$${++n}`);
      from = i + 1;
    }
  }
  parts.push(sql.slice(from));
  return { text: n ? parts.join('') : sql, n };
}
