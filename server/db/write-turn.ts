/**
 * Write turns: group commit of the writes made in two poll phases of the event loop (issue 15).
 *
 * A commit of a workflow command writes ~20–30 WAL frames (two `pwrite` calls each), mostly the
 * same table and index pages the next command touches again. `joinWriteTurn` opens one
 * `BEGIN IMMEDIATE` transaction at the first write request of a turn; every command run before
 * the turn ends goes inside it. better-sqlite3 runs a transaction function started inside an open
 * transaction as a SAVEPOINT, so each command stays atomic on its own: a command that throws
 * rolls back its own writes only (`ROLLBACK TO`), the others stay. The turn commits once, from
 * `setImmediate`, in the check phase that follows the next poll phase (TURN_POLL_PHASES: the
 * requests read in the poll phase that opened it and in the next). The HTTP layer
 * (server/write-turns.ts) holds every answer produced while a turn is open until it has
 * committed, and turns them into errors when the commit fails, so no answer reports a write
 * before it is durable, nor data read from a turn that was then rolled back.
 *
 * Caches (server/db/table-watch.ts, common/read-cache.ts): a cache steps aside inside a
 * command's transaction (`inCommandTransaction`), not inside the turn between commands, whose
 * rows are committed together. A turn that fails to commit forgets this connection's write
 * counters (`forgetLocalWrites`), so every cache stamped with them loads afresh.
 *
 * Writes that are not a request's: a turn spans the timers phase between its two poll phases.
 * Any write made while a turn is open goes into it, so the job scheduler commits the open turn
 * (`commitWriteTurn`) before it claims fire times or runs the engine's due timers, and the
 * operation log's retry does the same: their rows then never depend on a turn they are not part of.
 *
 * SQLite facts relied on ("Transactions", "SAVEPOINT"): a savepoint's RELEASE inside an outer
 * transaction writes nothing; statements after an error that rolled the whole transaction back
 * (SQLITE_FULL, SQLITE_IOERR, …) run in autocommit mode, so such a turn is reported failed.
 */
import type Database from 'better-sqlite3';
import type { Db } from './client';
import { forgetLocalWrites } from './table-watch';

interface Turn {
  done: Promise<void>;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface State {
  /** Transaction functions running (better-sqlite3 `transaction()`), outermost included. */
  depth: number;
  /** Transaction functions started so far (server/db/store/sqlite.ts detects interleaving with it). */
  runs: number;
  /** pauseWriteTurns calls not yet resumed: no turn opens while above 0. */
  paused: number;
  turn?: Turn;
  statements?: { begin: Database.Statement; commit: Database.Statement; rollback: Database.Statement };
}

/**
 * Poll phases a turn stays open for: the one that opened it and the next. The second lets the
 * requests read meanwhile join, so one commit (its WAL frames, its locks) and one burst of held
 * answers serve more of them; measured with `npm run bench:http`'s workflow round (16
 * connections, alternating A/B): 3–8 % less server CPU per instance than one poll phase in five
 * sets; four phases no better.
 */
export const TURN_POLL_PHASES = 2;

/** The tracked connections (trackCommandTransactions); no other connection opens a turn. */
const states = new WeakMap<Database.Database, State>();

/**
 * Counts the running transaction functions of `client` (needed by `inCommandTransaction`):
 * replaces its `transaction` with one whose functions count themselves in and out. Drizzle's
 * `db.transaction` and the engine both create theirs through it. Call once, before use
 * (buildApp does); a second call changes nothing. Only a tracked connection opens write turns.
 */
export function trackCommandTransactions(client: Database.Database): void {
  if (states.has(client)) return;
  const s: State = { depth: 0, runs: 0, paused: 0 };
  states.set(client, s);
  const original = client.transaction;
  client.transaction = function transaction(this: Database.Database, fn: (...args: unknown[]) => unknown) {
    if (typeof fn !== 'function') return original.call(this, fn);
    return original.call(this, function counted(this: unknown, ...args: unknown[]) {
      s.depth++;
      s.runs++;
      try {
        return fn.apply(this, args);
      } finally {
        s.depth--;
      }
    });
  } as Database.Database['transaction'];
}

/** Synchronous transaction functions started on `client` so far (0 when it is not tracked). */
export function syncTransactionRuns(client: Database.Database): number {
  return states.get(client)?.runs ?? 0;
}

/**
 * True inside a command's own transaction or savepoint, or inside a transaction that is not a
 * write turn's; false outside any transaction and inside a turn between commands.
 */
export function inCommandTransaction(db: Db): boolean {
  const client = db.$client;
  if (!client.inTransaction) return false;
  const s = states.get(client);
  return !s?.turn || s.depth > 0;
}

/** True while a write turn is open and no command's transaction runs (its rows join the turn). */
export function atWriteTurnTop(db: Db): boolean {
  const s = states.get(db.$client);
  return !!s?.turn && s.depth === 0 && db.$client.inTransaction;
}

/** The commit of the open write turn (rejects when it fails), or undefined when none is open. */
export function pendingWriteTurn(db: Db): Promise<void> | undefined {
  return states.get(db.$client)?.turn?.done;
}

/**
 * Opens the write turn of `db` unless one is open (joins it then), and returns its commit. The
 * turn commits in the check phase after its second poll phase (TURN_POLL_PHASES), or at
 * `commitWriteTurn`. Returns undefined, opening nothing, when the connection is closed, not
 * tracked (trackCommandTransactions) or inside another transaction, or when `BEGIN IMMEDIATE` fails (another process holding the write lock
 * past busy_timeout): the command then runs as before, in a transaction of its own.
 */
export function joinWriteTurn(db: Db): Promise<void> | undefined {
  const client = db.$client;
  const s = states.get(client);
  if (!s || !client.open) return undefined;
  if (s.turn) {
    if (client.inTransaction) return s.turn.done;
    // SQLite rolled the whole turn back (an I/O error, a full disk): report it, start afresh.
    settle(db, s);
  }
  if (client.inTransaction || s.paused > 0) return undefined;
  s.statements ??= {
    begin: client.prepare('BEGIN IMMEDIATE'),
    commit: client.prepare('COMMIT'),
    rollback: client.prepare('ROLLBACK'),
  };
  try {
    s.statements.begin.run();
  } catch {
    return undefined;
  }
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const done = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
  // Nobody may be waiting when it fails (no answer held): that must not crash the process.
  done.catch(() => undefined);
  const turn: Turn = { done, resolve, reject };
  s.turn = turn;
  let checks = 0;
  const atCheck = () => {
    if (s.turn !== turn) return;
    if (++checks < TURN_POLL_PHASES) setImmediate(atCheck);
    else settle(db, s);
  };
  setImmediate(atCheck);
  return done;
}

/**
 * Commits the open write turn of `db` now (shutdown, a checkpoint, timer-driven writes). A no-op
 * without one, and inside a command's transaction (its savepoint must be released first).
 */
export function commitWriteTurn(db: Db): void {
  const s = states.get(db.$client);
  if (s?.turn && s.depth === 0) settle(db, s);
}

/**
 * Commits the open write turn of `db` and opens no other until the returned function is called
 * (once per call of this one; calling it again does nothing). Meanwhile each write command
 * commits on its own, as on a connection without turns, and its answer is not held. For work
 * that must never find this connection writing between event-loop turns: an online backup
 * through it (SQLite "Online Backup API": sqlite3_backup_step answers SQLITE_BUSY while its source
 * connection is in a write transaction, and better-sqlite3 takes a first step's BUSY for the end
 * of an empty copy, then deletes the file). A connection that is not tracked: a no-op.
 */
export function pauseWriteTurns(db: Db): () => void {
  const s = states.get(db.$client);
  if (!s) return () => undefined;
  s.paused++;
  commitWriteTurn(db);
  let resumed = false;
  return () => {
    if (resumed) return;
    resumed = true;
    s.paused--;
  };
}

/** Ends the open turn: COMMIT, or on failure ROLLBACK, caches forgotten and the turn rejected. */
function settle(db: Db, s: State): void {
  const turn = s.turn;
  if (!turn) return;
  s.turn = undefined;
  const client = db.$client;
  try {
    if (!client.inTransaction) throw new Error('the write turn was rolled back by SQLite before its commit');
    s.statements!.commit.run();
    turn.resolve();
  } catch (err) {
    try {
      if (client.inTransaction) s.statements!.rollback.run();
    } catch {
      // the rollback of a failed commit: nothing more to undo
    }
    forgetLocalWrites(db);
    turn.reject(err as Error);
  }
}
