/**
 * Table versions on PostgreSQL (../table-versions.ts, ../table-versions-port.ts; issue 43; the SQL:
 * ./pg-table-versions-sql.ts): per watched table a counter in
 * memory, moved by
 * - this process's writes, told by the adapter's write log (./pg-writes.ts) as soon as they can be
 *   seen, so the next read here reloads at once;
 * - other processes' commits: statement-level triggers (AFTER INSERT / UPDATE / DELETE … FOR EACH
 *   STATEMENT, skipping a statement that changed no row) call `caishui_watch.table_changed()`, which
 *   appends a row to `caishui_watch.table_change` and sends `pg_notify('caishui_tables', <table>)`
 *   at commit. One dedicated connection LISTENs and moves the counter on each notification. While it
 *   is down (its 'error' or 'end'), the service polls the per-table versions (the version rows and
 *   the appended rows, counted) every EXTERNAL_POLL_MS, moves the counters of the tables whose
 *   version moved, and connects again.
 * Appending instead of bumping one row per table keeps writers of different tables from waiting on
 * (or deadlocking over) a shared row until their commits; a `compact` every COMPACT_TICKS polls
 * folds the appended rows into `caishui_watch.table_version` in one statement (sums unchanged).
 *
 * The schema `caishui_watch` (outside `public`: the schema drift test, the copy tool and the code
 * generator's table list see nothing of it), its tables, function and the triggers are installed
 * when a table is first watched, idempotently (CREATE … IF NOT EXISTS / OR REPLACE under an
 * advisory lock; nothing is run when every trigger is there). Until the triggers are in place and
 * the listener (or a poll) caught up, `otherCommits` is undefined and the caches keep nothing.
 * The listener closes with the store.
 */
import pg from 'pg';
import { EXTERNAL_POLL_MS, type WriteOp } from '../table-watch';
import { pgStoreHooks, type PgStoreHooks, type TableWrite } from './pg-writes';
import { declaredTables, type FollowChange, type TableVersions, type VersionedStore } from '../table-versions-port';
import { COMPACT, FUNCTION_MARK, INSTALL_BASE, NOTIFY_CHANNEL, VERSIONS, createTrigger, triggerName } from './pg-table-versions-sql';

/** Polls (EXTERNAL_POLL_MS apart) between two compactions of the appended change rows. */
const COMPACT_TICKS = 60;

class PgTableVersions implements TableVersions {
  readonly kind = 'postgres' as const;
  private readonly counters = new Map<string, number>();
  /** Watched operations per table (this process's writes of other operations move nothing). */
  private readonly ops = new Map<string, Set<WriteOp>>();
  /** `table op` whose trigger is known to exist (or whose table does not). */
  private readonly installed = new Set<string>();
  /** Per-table versions as last polled. */
  private readonly known = new Map<string, number>();
  private listener: pg.Client | undefined;
  private following = false;
  private closed = false;
  private running: Promise<void> | undefined;
  private again = false;
  private ticks = 0;
  private readonly timer: NodeJS.Timeout;
  /** Tests: notified tables held back (holdNotifications), and listening suspended (suspendListening). */
  private held: string[] | undefined;
  private suspended = false;
  /** The last error of an install, listen or poll (inspection, tests). */
  lastError: unknown;
  /** onFollowChange's callback, and the mode it was last told. */
  private follower: ((change: FollowChange) => void) | undefined;
  private toldMode: FollowChange['mode'] | undefined;

  constructor(private readonly store: VersionedStore, private readonly hooks: PgStoreHooks) {
    hooks.writes.subscribe((writes) => this.local(writes));
    hooks.onClose(() => this.close());
    this.timer = setInterval(() => this.tick(), EXTERNAL_POLL_MS);
    this.timer.unref();
    this.watch(declaredTables());
  }

  watch(tables: Record<string, readonly WriteOp[] | undefined>): void {
    let added = false;
    for (const [table, list] of Object.entries(tables)) {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
      let set = this.ops.get(table);
      if (!set) this.ops.set(table, (set = new Set()));
      for (const op of list ?? ['INSERT', 'UPDATE', 'DELETE'] as const) {
        if (set.has(op)) continue;
        set.add(op);
        if (!this.installed.has(`${table} ${op}`)) added = true;
      }
    }
    if (added) {
      this.following = false;
      this.kick();
    }
  }

  localWrites(tables: readonly string[]): number {
    let n = 0;
    for (const t of tables) n += this.counters.get(t) ?? 0;
    return n;
  }

  otherCommits(): number | undefined {
    return this.following ? 0 : undefined;
  }

  /**
   * True when reads must bypass the caches: inside a transaction that has written (its rows may
   * still roll back). A transaction that has only read (a task command's checks after its lock,
   * issue 44) reads committed rows, as outside: the caches serve it.
   */
  inTransaction(): boolean {
    const s = this.store as { inTransaction: boolean; wroteInTransaction?: boolean };
    return s.inTransaction && (s.wroteInTransaction ?? true);
  }

  async ready(timeoutMs = 5000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (!this.following && !this.closed && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return this.following;
  }

  /** True while the listening connection is up (tests). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /**
   * Tests: ends the listening connection as if it dropped and keeps it down (`on` true), so other
   * processes' writes are followed by the polls alone; `on` false listens again.
   */
  /** TableVersions.onFollowChange: `fn` now with the current mode, then at each change of it. */
  onFollowChange(fn: (change: FollowChange) => void): void {
    this.follower = fn;
    this.toldMode = undefined;
    this.tell(this.lastError);
  }

  /** Tells the follower the mode when it changed since it was last told (not once closed); `error`: why it polls. */
  private tell(error?: unknown): void {
    const mode = this.listener ? 'listening' : 'polling';
    if (!this.follower || this.closed || mode === this.toldMode) return;
    this.toldMode = mode;
    this.follower(mode === 'listening' ? { mode } : { mode, error });
  }

  suspendListening(on: boolean): void {
    this.suspended = on;
    if (on) this.listener?.emit('end');
    else this.kick();
  }

  /** Tests: notifications are held back while `on` (as if late), applied when released. */
  holdNotifications(on: boolean): void {
    const held = this.held;
    this.held = on ? (held ?? []) : undefined;
    if (!on) for (const table of held ?? []) this.bump(table);
  }

  private notified(table: string): void {
    if (this.held) this.held.push(table);
    else this.bump(table);
  }

  private bump(table: string): void {
    this.counters.set(table, (this.counters.get(table) ?? 0) + 1);
  }

  private local(writes: readonly TableWrite[]): void {
    for (const w of writes) if (this.ops.get(w.table)?.has(w.op)) this.bump(w.table);
  }

  private tick(): void {
    if (this.closed) return;
    if (this.listener && this.following) {
      if (++this.ticks % COMPACT_TICKS === 0) this.hooks.pool.query(COMPACT).catch((err: unknown) => { this.lastError = err; });
      return;
    }
    this.kick();
  }

  /** Runs `catchUp` (again when asked meanwhile). */
  private kick(): void {
    if (this.closed) return;
    if (this.running) { this.again = true; return; }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.catchUp();
        } catch (err) {
          this.lastError = err;
          this.following = false;
        }
      } while (this.again && !this.closed);
    })().finally(() => { this.running = undefined; });
  }

  /** Installs missing triggers, listens when not listening, then polls the versions once. */
  private async catchUp(): Promise<void> {
    const wanted = [...this.ops].flatMap(([table, set]) => [...set].map((op) => ({ table, op })));
    const missing = wanted.filter((w) => !this.installed.has(`${w.table} ${w.op}`));
    if (missing.length) await this.install(missing);
    // A listener that cannot connect leaves the polls to follow the other processes.
    let listenError: unknown;
    if (!this.listener && !this.suspended) await this.listen().catch((err: unknown) => { this.lastError = err; listenError = err; });
    this.tell(listenError);
    await this.poll();
    if (!this.again) this.following = true;
  }

  private async install(list: { table: string; op: WriteOp }[]): Promise<void> {
    const names = list.map((w) => triggerName(w.table, w.op));
    const present = async (q: pg.Pool | pg.PoolClient) => {
      const { rows } = await q.query<{ ok: boolean; have: string[]; tables: string[] }>(
        `SELECT coalesce((SELECT prosrc LIKE $3 FROM pg_proc WHERE oid = to_regprocedure('caishui_watch.table_changed()')), false) AS ok,
          ARRAY(SELECT tgname::text FROM pg_trigger WHERE tgname = ANY($1::text[]) AND NOT tgisinternal) AS have,
          ARRAY(SELECT t FROM unnest($2::text[]) t WHERE to_regclass('public.' || t) IS NOT NULL) AS tables`,
        [names, [...new Set(list.map((w) => w.table))], `%${FUNCTION_MARK}%`]);
      return rows[0];
    };
    let state = await present(this.hooks.pool);
    if (!state.ok || list.some((w) => state.tables.includes(w.table) && !state.have.includes(triggerName(w.table, w.op)))) {
      const client = await this.hooks.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT pg_advisory_xact_lock(hashtext('caishui_watch.install'))`);
        // CREATE TRIGGER locks each table against writes: give up (and retry on the next tick)
        // rather than wait for, or deadlock with, a running transaction.
        await client.query(`SET LOCAL lock_timeout = '500ms'`);
        state = await present(client);
        const todo = [
          ...(state.ok ? [] : INSTALL_BASE),
          ...list.filter((w) => state.tables.includes(w.table) && (!state.ok || !state.have.includes(triggerName(w.table, w.op)))).map((w) => createTrigger(w.table, w.op)),
        ];
        for (const text of todo) await client.query(text);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    }
    for (const w of list) this.installed.add(`${w.table} ${w.op}`);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.hooks.pool.options);
    const dropped = (err?: unknown) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      this.following = false; // polled from the next tick on, and listened to again
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      this.tell(err);
    };
    client.on('error', (err) => { this.lastError = err; dropped(err); });
    client.on('end', () => dropped());
    client.on('notification', (msg) => { if (msg.channel === NOTIFY_CHANNEL && msg.payload) this.notified(msg.payload); });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) { await client.end().catch(() => undefined); return; }
    this.listener = client;
  }

  /** Reads the per-table versions; moves the counter of each table whose version moved. */
  private async poll(): Promise<void> {
    const { rows } = await this.hooks.pool.query<{ name: string; n: string | number }>(VERSIONS);
    for (const r of rows) {
      const n = Number(r.n);
      if ((this.known.get(r.name) ?? 0) !== n) {
        this.bump(r.name);
        this.known.set(r.name, n);
      }
    }
  }

  private async close(): Promise<void> {
    this.closed = true;
    this.following = false;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }
}

/** The PostgreSQL table versions with their inspection and test hooks. */
export type PgTableVersionsHandle = TableVersions & Pick<PgTableVersions, 'listening' | 'suspendListening' | 'holdNotifications' | 'lastError' | 'onFollowChange'>;

/** The table versions of a store made by openPostgresStore (undefined for any other object). */
export function pgTableVersions(store: VersionedStore): PgTableVersionsHandle | undefined {
  const hooks = pgStoreHooks(store);
  return hooks && new PgTableVersions(store, hooks);
}
