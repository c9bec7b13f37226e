/**
 * The engine's synchronous core over an asynchronous database (issue 43 "the engine keeps its
 * synchronous core …: load and flush become async"): on PostgreSQL the core's statements go to a
 * ReplayDb instead of a better-sqlite3 connection. It offers the part of better-sqlite3's API the
 * core uses (`prepare` → get / all / run / raw, `exec`, `inTransaction`) and answers it
 * synchronously from what it already knows:
 *
 * - a write (`run`, `exec`) is queued: the core goes on without waiting (the flush's statement
 *   list). Its result (`changes`, `lastInsertRowid`) is known only once sent: reading it before
 *   throws NeedExec;
 * - a read (`get` / `all` of a SELECT) is answered from the rows fetched for the same statement,
 *   parameters and number of writes before it (so it sees exactly the writes before it); unknown,
 *   it throws NeedExec. So does a write whose rows are wanted (`DELETE … RETURNING`);
 * - `call` answers an asynchronous handler (抄送 to roles) the same way.
 *
 * The command's loop (EngineCore.command) catches NeedExec, sends the queued writes up to the
 * point needed plus the read, in order, on the command's transaction, and runs the core again
 * from the start: the core is deterministic (ids and times come from `recorded`, which repeats
 * the first run's values), so the run repeats the writes already sent (recognised, not sent
 * again) and reads already fetched, and goes one step further. After a run that ends, `finish`
 * sends what is left. A write declared with `expect` (the instance's revision check) fails the
 * command when the database reports another row count.
 *
 * Loads ask for their statements together (`prefetch`): one round trip and one more run; a
 * locking load sends its rest in the round trip of its lock (`prefetchLocked`). Nested engine
 * transactions take no SAVEPOINT here (`writeMark` / `dropWritesFrom`).
 */
import type { SqlParam, Store } from '../../db/store/port';
import { NeedExec, ReplayState, isRead, send, type HandlerCall, type Mode, type PendingRead, type Write } from './replay-state';

export { NeedExec, ReplayState } from './replay-state';

/** `api` whose `set…` / `add…` methods also append to `changes` (recorded for later runs). */
function recording<A extends object>(api: A, index: number, changes: HandlerCall['changes']): A {
  const copy: Record<string, unknown> = { ...(api as Record<string, unknown>) };
  for (const [name, value] of Object.entries(api)) {
    if (typeof value === 'function' && /^(set|add)[A-Z]/.test(name)) {
      copy[name] = (...args: unknown[]) => { changes.push([index, name, args]); return (value as (...a: unknown[]) => unknown)(...args); };
    }
  }
  return copy as A;
}



/** better-sqlite3's parameters: positional arguments, or one array of them; undefined binds null. */
const paramsOf = (args: unknown[]): unknown[] => (args.length === 1 && Array.isArray(args[0]) ? args[0] : args).map((v) => (v === undefined ? null : v));

/** A prepared statement of a ReplayDb (what `stmt` / `rawStmt` of rows.ts cache per handle). */
class ReplayStatement {
  private rawMode = false;
  constructor(private readonly db: ReplayDb, private readonly sql: string) {}
  raw(on = true): this { this.rawMode = on; return this; }
  get(...args: unknown[]): unknown { return this.db.statement(this.sql, paramsOf(args), this.rawMode ? 'valuesGet' : 'get'); }
  all(...args: unknown[]): unknown { return this.db.statement(this.sql, paramsOf(args), this.rawMode ? 'values' : 'all'); }
  run(...args: unknown[]): { changes: number; lastInsertRowid: number } {
    return this.db.write(this.sql, paramsOf(args), 'run') as { changes: number; lastInsertRowid: number };
  }
}


/** Activity-instance ids kept ahead (ReplayDb.reserveIds), and how many one refill takes. */
const ID_LOW = 64;
const ID_BLOCK = 256;
let refills = 0;
const NEXT_IDS = "SELECT nextval(pg_get_serial_sequence('wf_hi_actinst', 'id')) FROM generate_series(1, ?)";

export class ReplayDb {
  /** The state of the command whose run is on (set by `run`). */
  private state: ReplayState | undefined;
  /**
   * wf_hi_actinst ids taken from its sequence ahead of need (as Flowable's DbIdGenerator takes
   * id blocks): the flush writes them into its INSERT, so it needs no answer from the database
   * (SQLite's consecutive rowids) and no run after it.
   */
  private idPool: number[] = [];

  readonly inTransaction = true;

  /** Runs `fn` (one synchronous run of the core) over `state`. */
  run<T>(state: ReplayState, fn: () => T): T {
    this.state = state;
    active = this;
    state.startRun();
    try {
      return fn();
    } finally {
      this.state = undefined;
      active = undefined;
    }
  }

  private get current(): ReplayState {
    if (!this.state) throw new Error('engine: a statement outside a command run (EngineCore.command / query)');
    return this.state;
  }

  /** Refills the id pool when it runs low (before a command's runs; one round trip per ID_BLOCK ids). */
  async reserveIds(store: Store, need = ID_LOW): Promise<void> {
    if (this.idPool.length >= need) return;
    const rows = await store.values(NEXT_IDS, [Math.max(ID_BLOCK, need)]);
    for (const r of rows) this.idPool.push(Number(r[0]));
  }

  /**
   * `n` new wf_hi_actinst ids, the same in every run of one command. A pool too small for them
   * is refilled between runs (NeedExec).
   */
  takeIds(n: number): number[] {
    return this.recorded('actIds', () => {
      if (this.idPool.length < n) throw this.need({ key: `ids:${n}:${++refills}`, fetch: (store) => this.reserveIds(store, n) });
      return this.idPool.splice(0, n);
    });
  }

  prepare(sql: string): ReplayStatement { return new ReplayStatement(this, sql); }

  exec(sql: string): void { this.write(sql, [], 'run'); }

  /**
   * The value `draw()` gave at this point of the first run (ids, the clock): the same in every
   * run of one command, so that runs issue the same statements.
   */
  recorded<T>(name: string, draw: () => T): T {
    const st = this.current;
    let list = st.draws.get(name);
    if (!list) st.draws.set(name, (list = []));
    const i = st.cursors.get(name) ?? 0;
    st.cursors.set(name, i + 1);
    if (i < list.length) return list[i] as T;
    const v = draw();
    list.push(v);
    return v;
  }

  /** True while a run is on (ids and times are recorded then). */
  get running(): boolean { return this.state !== undefined; }

  /**
   * Calls a registered handler (listener, service task) once per command however many times the
   * command runs: the first run calls `call` with recording copies of `apis` (the facades it
   * gets); later runs repeat the facade changes it made (`set…`, `add…`) on their own `apis` and
   * end as it ended (its result or its throw), without calling it again, so a handler's own
   * effects (a log line, a message) happen once. A handler stopped by NeedExec is called again.
   */
  once<A extends Array<object | undefined>, T>(apis: A, call: (apis: A) => T): T {
    const st = this.current;
    const j = st.handlerCursor++;
    const done = st.handlerCalls[j];
    if (done) {
      for (const [i, method, args] of done.changes) (apis[i] as Record<string, (...a: unknown[]) => unknown>)[method](...args);
      if (done.threw) throw done.outcome;
      return done.outcome as T;
    }
    const changes: HandlerCall['changes'] = [];
    const wrapped = apis.map((a, i) => (a ? recording(a, i, changes) : a)) as A;
    try {
      const outcome = call(wrapped);
      st.handlerCalls[j] = { changes, threw: false, outcome };
      return outcome;
    } catch (e) {
      if (!(e instanceof NeedExec)) st.handlerCalls[j] = { changes, threw: true, outcome: e };
      throw e;
    }
  }

  /** A statement whose rows are wanted: a read, or a write with RETURNING. */
  statement(sql: string, params: unknown[], mode: Mode): unknown {
    return isRead(sql) ? this.read(sql, params, mode) : this.write(sql, params, mode);
  }

  private keyOf(mode: string, sql: string, params: unknown[], at = this.current.writes.length): string {
    return `${at}\u0000${mode}\u0000${sql}\u0000${JSON.stringify(params)}`;
  }

  private read(sql: string, params: unknown[], mode: Mode): unknown {
    const key = this.keyOf(mode, sql, params);
    const { answers } = this.current;
    if (answers.has(key)) return answers.get(key);
    throw this.need({ key, fetch: (store) => send(store, sql, params, mode) });
  }

  /**
   * Reads several statements together (a load's): their rows, as `all` (raw when `raw`) would
   * answer each; one round trip when none is known yet.
   */
  prefetch(list: ReadonlyArray<{ sql: string; params: unknown[]; raw?: boolean }>): void {
    const missing: PendingRead[] = [];
    for (const q of list) {
      const mode: Mode = q.raw ? 'values' : 'all';
      const key = this.keyOf(mode, q.sql, q.params);
      if (!this.current.answers.has(key)) missing.push({ key, fetch: (store) => send(store, q.sql, q.params, mode) });
    }
    if (missing.length) throw this.need(...missing);
  }

  /**
   * The locking read `lock` (answered as `get` in raw mode would) and, in the same round trip
   * after it, the reads `rest` (issue 44: an instance's rest, unit-statements.ts LOCKED_LOADS):
   * each `chained` takes the locked row's id from the setting the locking read set, and its rows
   * answer `sql` with the row's first column (its id) as the one parameter, as `all` in raw mode
   * would, at the same point of the run. Nothing when the locking read is answered already; no
   * row: only that answer. One round trip with the store's `valuesBatch`, else one per statement.
   */
  prefetchLocked(lock: { sql: string; params: unknown[] }, rest: ReadonlyArray<{ sql: string; chained: string }>): void {
    const st = this.current;
    const lockKey = this.keyOf('valuesGet', lock.sql, lock.params);
    if (st.answers.has(lockKey)) return;
    const at = st.writes.length;
    const restKey = (sql: string, id: unknown) => this.keyOf('values', sql, [id], at);
    throw this.need({
      key: lockKey,
      fetch: async (store) => {
        const p = lock.params as SqlParam[];
        // A task command's form check (ReplayState.form) rides in the same round trip, after the loads.
        const form = st.form && st.form.row === undefined ? st.form : undefined;
        if (!store.valuesBatch) {
          const row = (await store.values(lock.sql, p))[0];
          if (row) for (const q of rest) st.answers.set(restKey(q.sql, row[0]), await store.values(q.sql, [row[0] as SqlParam]));
          if (form) form.row = (await store.values(form.sql, [form.taskId]))[0] ?? null;
          return row;
        }
        const [locked, ...rows] = await store.valuesBatch([{ sql: lock.sql, params: p }, ...rest.map((q) => ({ sql: q.chained })),
          ...(form ? [{ sql: form.sql, params: [form.taskId] }] : [])]);
        const row = locked[0];
        if (row) rest.forEach((q, i) => st.answers.set(restKey(q.sql, row[0]), rows[i]));
        if (form) form.row = rows[rest.length][0] ?? null;
        return row;
      },
    });
  }

  /**
   * The point a nested engine transaction starts at (EngineCore.tx): on a ReplayDb no SAVEPOINT is
   * sent; `dropWritesFrom` undoes its writes when it throws.
   */
  writeMark(): number { return this.current.writes.length; }

  /**
   * Undoes the writes queued since `mark` (a nested transaction that threw `error`): unsent, they
   * are marked dropped, never sent (as a ROLLBACK TO its savepoint would have undone them; they
   * keep their places, so later runs, which queue them again, line up with what was sent); when
   * some were sent already (a read inside it needed them), they cannot be undone alone: the
   * command fails with `error` at its end even if a caller catches it (ReplayState.broken).
   */
  dropWritesFrom(mark: number, error: unknown): void {
    const st = this.current;
    for (let i = mark; i < st.writes.length; i++) {
      if (i < st.sent.length && !st.sent[i].dropped) st.broken ??= { error };
      else st.writes[i].dropped = true;
    }
  }

  /** The answer of asynchronous `fn` keyed by `key` (a handler's: 抄送 to roles). */
  call<T>(key: string, fn: () => T | Promise<T>): T {
    const k = this.keyOf('call', key, []);
    const { answers } = this.current;
    if (answers.has(k)) return answers.get(k) as T;
    throw this.need({ key: k, fetch: async () => fn() });
  }

  private need(...reads: PendingRead[]): NeedExec {
    const st = this.current;
    if (st.writes.length < st.sent.length) throw new Error('engine: a replayed command read what its first run did not (nondeterministic core)');
    return NeedExec.of(st.writes.length, reads);
  }

  /**
   * Queues a write. Its result object answers `changes` / `lastInsertRowid` once sent (else
   * NeedExec); with mode get/all (RETURNING) the rows are wanted at once. `expect`: the change
   * count the command needs (checked when sent: `error()` fails it otherwise).
   */
  write(sql: string, params: unknown[], mode: Mode, expect?: Write['expect']): unknown {
    const st = this.current;
    if (!st.writable) throw new Error(`engine: a write outside a command (${sql.slice(0, 60)})`);
    const i = st.writes.length;
    st.writes.push({ sql, params, mode, expect });
    if (i < st.sent.length) {
      const s = st.sent[i];
      if (s.sql !== sql || JSON.stringify(s.params) !== JSON.stringify(params)) {
        throw new Error(`engine: a replayed command wrote differently from its first run at statement ${i + 1} (nondeterministic core)`);
      }
      return s.result;
    }
    if (mode !== 'run') throw NeedExec.of(i + 1, []);
    const fail = () => { throw NeedExec.of(i + 1, []); };
    return { get changes(): number { return fail(); }, get lastInsertRowid(): number { return fail(); } };
  }
}

let active: ReplayDb | undefined;

/** The ReplayDb whose run is on, if any (bean calls from expressions: runtime/context.ts). */
export function activeReplayDb(): ReplayDb | undefined {
  return active;
}

/** True for the ReplayDb of an engine on an asynchronous database. */
export function isReplayDb(db: unknown): db is ReplayDb {
  return db instanceof ReplayDb;
}
