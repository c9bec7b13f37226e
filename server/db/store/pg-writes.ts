/**
 * The writes this process sends to PostgreSQL, as the read caches need them (server/db/table-versions.ts,
 * issue 43: "a write here shows at once"): SQLite counts them with TEMP triggers calling a JS
 * function during the write; node-postgres has no such hook, so the PostgreSQL adapter
 * (./postgres.ts) passes every statement of its connections through `watchClientWrites`, which
 * reads the tables a statement writes from its text (`writesOf`: INSERT INTO / UPDATE / DELETE
 * FROM / TRUNCATE and their target; an upsert's DO UPDATE counts as an UPDATE too) and tells the
 * store's PgWriteLog:
 * - outside a store transaction (autocommit, Drizzle's queries on the pool, a batch's implicit
 *   transaction) when the statement has answered, i.e. after its commit;
 * - inside one (`begin` … `end` around the store's BEGIN … COMMIT/ROLLBACK), once, when it ended,
 *   committed or not (as SQLite's triggers: a rolled-back write moves the stamp too, a cache reloads
 *   for nothing, never serves a stale value). Telling it at the statement would let a concurrent
 *   read cache the old rows under the new stamp while the transaction is still open.
 * A statement that answers `rowCount` 0 changed nothing and is not told (SQLite's row triggers do
 * not fire either); a failed one is told (it may have failed after its commit: a dropped connection).
 */
import type pg from 'pg';
import { memoByText } from './port';

export type WriteOp = 'INSERT' | 'UPDATE' | 'DELETE';

/** One table written by a statement, and how. */
export interface TableWrite {
  table: string;
  op: WriteOp;
}

const NONE: readonly TableWrite[] = Object.freeze([]);
const READ = /^\s*(select|begin|commit|rollback|savepoint|release|listen|unlisten|set|show)\b/i;
const TARGET = /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?("[^"]+"|[A-Za-z_][A-Za-z0-9_]*)/gi;
const DO_UPDATE = /\bdo\s+update\b/i;

/**
 * The tables `text` (one statement or several) writes, by operation; table names as PostgreSQL
 * folds them (unquoted → lower case). May name more than it writes (a keyword inside a string
 * literal, `FOR UPDATE`): such extras only make a cache reload. Free of regular-expression work
 * for a single statement that starts with SELECT (or BEGIN, COMMIT …; a text holding a `;` may
 * hold a write after it: a batch inside a transaction starts with its SAVEPOINT).
 */
export function writesOf(text: string): readonly TableWrite[] {
  return known(text);
}

/** readWrites remembered by text (its answers frozen: shared by every caller). */
const known = memoByText(readWrites);

function readWrites(text: string): readonly TableWrite[] {
  if (READ.test(text) && !text.includes(';')) return NONE;
  let out: TableWrite[] | undefined;
  for (const m of text.matchAll(TARGET)) {
    const verb = m[1].slice(0, 2).toLowerCase();
    const raw = m[2];
    const table = raw.startsWith('"') ? raw.slice(1, -1) : raw.toLowerCase();
    const op: WriteOp = verb === 'in' ? 'INSERT' : verb === 'up' ? 'UPDATE' : 'DELETE';
    (out ??= []).push({ table, op });
    if (op === 'INSERT' && DO_UPDATE.test(text)) out.push({ table, op: 'UPDATE' });
  }
  return out ? Object.freeze(out.map((w) => Object.freeze(w))) : NONE;
}

/**
 * A store's record of its writes (see the module comment): subscribers hear each write once it can
 * be seen (autocommitted, or its transaction ended).
 */
export class PgWriteLog {
  /** Connections inside a store transaction → the writes made there so far. */
  private readonly open = new Map<pg.ClientBase, TableWrite[]>();
  private readonly listeners = new Set<(writes: readonly TableWrite[]) => void>();

  /** `client` starts a store transaction (before its BEGIN). */
  begin(client: pg.ClientBase): void {
    this.open.set(client, []);
  }

  /** `client`'s store transaction ended (after its COMMIT or ROLLBACK, sent or not): its writes are told. */
  end(client: pg.ClientBase): void {
    const writes = this.open.get(client);
    this.open.delete(client);
    if (writes?.length) this.tell(writes);
  }

  /** A statement on `client` that writes `writes` answered (`result`) or failed (`result` undefined). */
  saw(client: pg.ClientBase, writes: readonly TableWrite[], result?: unknown): void {
    if (result && !Array.isArray(result) && (result as pg.QueryResult).rowCount === 0) return;
    const pending = this.open.get(client);
    if (pending) pending.push(...writes);
    else this.tell(writes);
  }

  /** The writes seen so far in `client`'s open store transaction (undefined outside one). */
  pendingOf(client: pg.ClientBase): readonly TableWrite[] | undefined {
    return this.open.get(client);
  }

  /** Calls `fn` with every write from now on; returns the unsubscribe. */
  subscribe(fn: (writes: readonly TableWrite[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private tell(writes: readonly TableWrite[]): void {
    for (const fn of this.listeners) fn(writes);
  }
}

type QueryFn = (...args: unknown[]) => unknown;
const WATCHED = Symbol('caishui.watchedWrites');

/**
 * Passes every query of `client` (a pooled connection: the pool's `connect` event) through `log`
 * (see the module comment). Once per connection; a statement that writes nothing goes straight
 * through. Callback and promise forms are both followed; a submittable (a cursor) is told at once.
 */
export function watchClientWrites(client: pg.ClientBase, log: PgWriteLog): void {
  const c = client as unknown as { [WATCHED]?: true; query: QueryFn };
  if (c[WATCHED]) return;
  c[WATCHED] = true;
  const original = c.query;
  c.query = function query(this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: unknown; submit?: unknown; writes?: readonly TableWrite[] } | null | undefined;
    const text = typeof config === 'string' ? config : config?.text;
    // a pipeline (./pg-pipeline.ts) answers its statements' writes itself, read per statement text
    const writes = typeof config === 'object' && Array.isArray(config?.writes) ? config.writes : typeof text === 'string' ? writesOf(text) : NONE;
    if (!writes.length) return original.apply(this, args);
    if (config && typeof config === 'object' && typeof config.submit === 'function') {
      // Outside a store transaction a pipeline tells once the server answered it (its writes
      // committed), before its caller goes on: told when sent, a read cache could reload the old
      // rows in between. Inside one (told at its end) and for another submittable: at once, so a
      // read of the same transaction queued after it sees that it wrote.
      const settled = (config as { onSettled?: (fn: () => void) => void }).onSettled;
      if (typeof settled === 'function' && log.pendingOf(client) === undefined) settled.call(config, () => log.saw(client, writes));
      else log.saw(client, writes);
      return original.apply(this, args);
    }
    const last = args.length - 1;
    if (typeof args[last] === 'function' && last > 0) {
      const cb = args[last] as (err: unknown, res: unknown) => void;
      args[last] = (err: unknown, res: unknown) => { log.saw(client, writes, err ? undefined : res); cb(err, res); };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (typeof result?.then !== 'function') {
      log.saw(client, writes); // a config carrying its own callback: told now
      return result;
    }
    return result.then(
      (res) => { log.saw(client, writes, res); return res; },
      (err: unknown) => { log.saw(client, writes); throw err; },
    );
  };
}

/** What the table-versions service needs of a PostgreSQL store: its pool, its write log, a close hook. */
export interface PgStoreHooks {
  pool: pg.Pool;
  writes: PgWriteLog;
  /** Runs `fn` when the store closes, before its pool ends. */
  onClose(fn: () => Promise<void>): void;
}

const hooks = new WeakMap<object, PgStoreHooks>();

/** Called by openPostgresStore: `store`'s hooks. */
export function registerPgStore(store: object, h: PgStoreHooks): void {
  hooks.set(store, h);
}

/** The hooks of a store made by openPostgresStore, else undefined. */
export function pgStoreHooks(store: object): PgStoreHooks | undefined {
  return hooks.get(store);
}
