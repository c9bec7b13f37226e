/**
 * Shared plumbing of the commands: the engine's dependencies, the definition/graph cache,
 * `command()` which runs one command as ONE store transaction (issue 43: the engine's door is
 * asynchronous), and `inInstance()` which runs the command's work over one instance (load → act
 * → run the agenda → flush with the optimistic revision check). Any error rolls the whole
 * command back; SQLite busy/snapshot conflicts between connections answer the same concurrency
 * error as a stale revision.
 *
 * Transitional (issue 43): the synchronous core still reads and writes through the SQLite
 * connection the store's SQLite adapter runs its transactions on, so inside `command()` its
 * statements belong to the command's transaction (a savepoint of the adapter's group commit);
 * nested `tx()` calls (call activities, signal throws, per-timer claims) are raw SAVEPOINTs (see tx).
 */
import type Database from 'better-sqlite3';
import { AppError, conflict, notFound, refused } from '../core/errors';
import type { Clock } from '../core/clock';
import type { ProcessGraph } from './model/graph';
import { UnitOfWork, CONCURRENT_UPDATE } from './store/unit-of-work';
import { InstanceCache, assertSameAsFresh } from './store/instance-cache';
import { stmt, rawStmt, rowOf } from './store/rows';
import { runAgenda, type Ctx, type DefinitionRow } from './runtime/context';
import { ExpressionError } from './expression';
import { graphHasEvents } from './model/event-nodes';
import { ENGINE_LIMIT_DEFAULTS, type EngineHandlers, type EngineLimits } from './types';
import type { Store } from '../db/store/port';
import { isReplayDb, NeedExec, type ReplayDb } from './store/replay-db';
import { runReplayed, type CommandPrepare } from './store/replay-loop';

export type { CommandPrepare } from './store/replay-loop';

export interface EngineDeps {
  /**
   * Where the synchronous core's statements go: the better-sqlite3 connection the store's SQLite
   * adapter runs its transactions on, or a ReplayDb (store/replay-db.ts) on PostgreSQL.
   */
  sqlite: Database.Database | ReplayDb;
  /** The store over the same connection (its transactions carry the commands; issue 43). */
  store: Store;
  clock: Clock;
  handlers: EngineHandlers;
  /** Test hook: runs inside a command's transaction right after the instance was loaded. */
  afterLoad?: (instanceId: string) => void;
  /**
   * A number that moves when writes this connection reported may have been rolled back after the
   * fact (a failed group COMMIT: table-watch.ts forgetCount); the instance cache empties then.
   */
  cacheEpoch?: () => number;
  /** Test hook: every instance-cache hit is compared with a fresh load (throws on a difference). */
  verifyInstanceCache?: boolean;
  /** Budgets of each command (issue 38 §6; types.ts EngineLimits). */
  limits?: EngineLimits;
}

export const MSG = {
  taskMissing: '任务不存在或已被审批!',
  taskSuspended: '任务处于挂起状态!',
  notHolder: '当前用户不是该任务的办理人，无权操作',
  definitionMissing: '流程定义不存在',
  definitionSuspended: '流程已被挂起,请先激活流程',
  instanceMissing: '未找到流程实例，流程可能已发生变化',
  instanceFinished: '流程已结束',
} as const;

const DEFINITION_COLS = ['id', 'key', 'version', 'name', 'category', 'deploymentId', 'suspensionState', 'formKey'];

export class EngineCore {
  private graphs = new Map<string, ProcessGraph>();
  /** Units of work of recently used instances (store/instance-cache.ts). */
  readonly instances: InstanceCache;
  private txDepth = 0;
  constructor(readonly deps: EngineDeps) {
    // On a ReplayDb a command runs several times and the first run would take the cached unit
    // away from the next ones: no instance cache there (max 0) for now.
    this.instances = new InstanceCache(isReplayDb(deps.sqlite) ? 0 : undefined, deps.cacheEpoch);
    if (deps.verifyInstanceCache) this.instances.verify = assertSameAsFresh;
  }

  /**
   * The core's statement handle. A ReplayDb offers the part of better-sqlite3's API the core uses
   * (store/replay-db.ts), hence the cast.
   */
  get db(): Database.Database { return this.deps.sqlite as Database.Database; }

  private get replayDb(): ReplayDb | undefined { return isReplayDb(this.deps.sqlite) ? this.deps.sqlite : undefined; }

  /** The clock's time, the same in every run of one replayed command (store/replay-db.ts). */
  now(): number {
    const r = this.replayDb;
    return r?.running ? r.recorded('now', () => this.deps.clock.now()) : this.deps.clock.now();
  }

  /** The definition row, read fresh (its suspension state and category can change). */
  definition(id: string): DefinitionRow | undefined {
    const r = rawStmt(this.db, 'SELECT id, key, version, name, category, deployment_id, suspension_state, form_key FROM wf_definition WHERE id = ?').get(id);
    return r ? rowOf<DefinitionRow>(DEFINITION_COLS, r) : undefined;
  }

  private defs = new Map<string, DefinitionRow>();
  /** The definition row cached (runtime commands only use its immutable fields). */
  cachedDefinition(id: string): DefinitionRow | undefined {
    let d = this.defs.get(id);
    if (!d) {
      d = this.definition(id);
      if (d) {
        if (this.defs.size > 500) this.defs.clear();
        this.defs.set(id, d);
      }
    }
    return d;
  }

  /** graph()'s lookups since the engine was built: a hit found the parsed graph, a miss read and parsed it. */
  readonly graphStats = { hits: 0, misses: 0 };

  graph(definitionId: string): ProcessGraph {
    let g = this.graphs.get(definitionId);
    if (g) this.graphStats.hits++;
    else this.graphStats.misses++;
    if (!g) {
      const row = stmt(this.db, 'SELECT graph FROM wf_definition WHERE id = ?').get(definitionId) as { graph: string } | undefined;
      if (!row) throw notFound(MSG.definitionMissing);
      g = JSON.parse(row.graph) as ProcessGraph;
      if (this.graphs.size > 500) this.graphs.clear();
      this.graphs.set(definitionId, g);
    }
    return g;
  }

  forgetGraph(definitionId: string) { this.graphs.delete(definitionId); this.defs.delete(definitionId); }

  /**
   * The definition cache as 缓存监控 sees it: per cached definition id its row (when cached) and
   * parsed graph (when cached); both are immutable per id, so dropping them only costs a re-read.
   */
  definitionCache(): Map<string, { row?: DefinitionRow; graph?: ProcessGraph }> {
    const out = new Map<string, { row?: DefinitionRow; graph?: ProcessGraph }>();
    for (const [id, row] of this.defs) out.set(id, { row });
    for (const [id, graph] of this.graphs) out.set(id, { ...out.get(id), graph });
    return out;
  }

  /** Drops every cached definition row and graph (缓存监控 清理); forgetGraph drops one. */
  forgetAllGraphs() { this.graphs.clear(); this.defs.clear(); }

  private savepoints = 0;

  /**
   * Runs command `fn` (synchronous: the engine's core) in ONE store transaction and returns its
   * result (issue 43). The units of work it flushed enter the instance cache once that
   * transaction has committed, unless it ran inside a caller's open transaction (then they are
   * dropped: the caller may still roll back). `after`: asynchronous work of the same transaction
   * once `fn` ran (its statements go through the store; deploy's onDeployed hook). `prepare`: a
   * task command's asynchronous checks before its core runs (CommandPrepare). Errors reject as
   * AppError (toAppError).
   */
  async command<T>(fn: () => T, after?: (value: T) => Promise<void>, prepare?: CommandPrepare): Promise<T> {
    let staged: UnitOfWork[] = [];
    try {
      const result = await this.deps.store.transaction(async () => {
        const mark = this.instances.mark();
        if (prepare && !this.replayDb) await prepare.run((await this.deps.store.values(prepare.sql, [prepare.taskId]))[0] ?? null);
        const value = this.replayDb ? await this.replayed(fn, true, prepare) : this.tx(fn);
        staged = this.instances.takeStaged(mark);
        if (after) await after(value);
        return value;
      });
      if (this.deps.store.inTransaction) this.instances.drop(staged);
      else this.instances.commitUnits(staged);
      return result;
    } catch (e) {
      this.instances.drop(staged);
      throw toAppError(e);
    }
  }

  /**
   * Runs read-only core work `fn` (no command: no transaction, no write) and returns its result:
   * at once on SQLite, through the ReplayDb's loop on PostgreSQL (issue 43).
   */
  async query<T>(fn: () => T): Promise<T> {
    try {
      if (!this.replayDb) return fn();
      return await this.replayed(fn, false);
    } catch (e) {
      throw toAppError(e);
    }
  }

  /** The ReplayDb's loop (store/replay-loop.ts) over this core. */
  private replayed<T>(fn: () => T, writable: boolean, prepare?: CommandPrepare): Promise<T> {
    return runReplayed({ replayDb: this.replayDb!, store: this.deps.store, beforeRun: () => { this.savepoints = 0; }, tx: (f) => this.tx(f) }, fn, writable, prepare);
  }

  /**
   * Runs `fn` inside the running command: at the top as it is (the command's transaction is the
   * store's), nested as a SAVEPOINT of its own (its throw rolls back its own writes only), and
   * maps errors to AppError. Outside a command: an Error (a programming error). On a ReplayDb
   * nested means no SAVEPOINT round trips: its queued writes are dropped when it throws
   * (ReplayDb.dropWritesFrom; the command fails if some were sent already).
   */
  tx<T>(fn: () => T): T {
    const replay = this.replayDb;
    if (this.txDepth === 0 && !this.deps.store.inTransaction && !replay?.running) throw new Error('engine work outside a command transaction (EngineCore.command)');
    const mark = this.instances.mark();
    const writeMark = this.txDepth > 0 && replay?.running ? replay.writeMark() : undefined;
    const name = this.txDepth > 0 && writeMark === undefined ? `engine_${++this.savepoints}` : undefined;
    if (name) this.db.exec(`SAVEPOINT ${name}`);
    this.txDepth++;
    try {
      const result = fn();
      if (name) this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (e) {
      this.instances.rollbackTo(mark);
      if (e instanceof NeedExec) throw e; // the run is abandoned and replayed (store/replay-db.ts)
      if (writeMark !== undefined) replay!.dropWritesFrom(writeMark, e);
      if (name && this.db.inTransaction) { this.db.exec(`ROLLBACK TO ${name}`); this.db.exec(`RELEASE ${name}`); }
      throw toAppError(e);
    } finally {
      this.txDepth--;
    }
  }

  newCtx(uow: UnitOfWork, userId: string | null): Ctx {
    const def = this.cachedDefinition(uow.instance.definitionId);
    if (!def) throw notFound(MSG.definitionMissing);
    const graph = this.graph(def.id);
    if (graphHasEvents(graph)) uow.eventsEnabled = true; // timers / subscriptions read and written only then
    uow.maxVariableBytes = this.deps.limits?.maxVariableBytes?.() ?? ENGINE_LIMIT_DEFAULTS.maxVariableBytes;
    return { uow, graph, def, now: this.now(), userId, handlers: this.deps.handlers, limits: this.deps.limits, agenda: [] };
  }

  /**
   * Runs `fn` over instance `instanceId` in one transaction: load, act, run the agenda, flush.
   * `fn` returns the command's result.
   */
  inInstance<T>(instanceId: string, userId: string | null, fn: (ctx: Ctx) => T, missing: string = MSG.instanceMissing): T {
    return this.tx(() => this.run(UnitOfWork.load(this.db, instanceId, this.instances), userId, fn, missing));
  }

  /**
   * As inInstance, over the instance of runtime task `taskId` (found and loaded by one statement
   * inside the transaction); `missing` when the task does not exist.
   */
  inTaskInstance<T>(taskId: string, userId: string | null, fn: (ctx: Ctx) => T, missing: string): T {
    return this.tx(() => this.run(UnitOfWork.loadByTask(this.db, taskId, this.instances), userId, fn, missing));
  }

  private run<T>(uow: UnitOfWork | null, userId: string | null, fn: (ctx: Ctx) => T, missing: string): T {
    if (!uow) throw notFound(missing);
    this.deps.afterLoad?.(uow.instance.id);
    const ctx = this.newCtx(uow, userId);
    const result = fn(ctx);
    runAgenda(ctx);
    uow.flush();
    this.instances.stage(uow);
    return result;
  }

  /** The instance id of a runtime task (null when the task does not exist). */
  instanceOfTask(taskId: string): string | null {
    const r = stmt(this.db, 'SELECT instance_id AS "instanceId" FROM wf_task WHERE id = ?').get(taskId) as { instanceId: string } | undefined;
    return r?.instanceId ?? null;
  }
}

/**
 * AppError stays; SQLite lock conflicts and PostgreSQL deadlock / serialization failures
 * (SQLSTATE 40P01 / 40001, kept as `cause`) → AppError conflict (CONCURRENT_UPDATE); expression errors and plain
 * `Error(…)` (e.g. agendaStepsMessage) → AppError refused with their text; anything else passes unchanged.
 */
export function toAppError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  const code = (e as { code?: string })?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return conflict(CONCURRENT_UPDATE);
  // PostgreSQL: serialization failure, deadlock (another transaction won). The original stays the
  // `cause`: the store's outermost transaction retries the whole command once on it (db/store/pg-transactions.ts).
  if (code === '40001' || code === '40P01') return Object.assign(conflict(CONCURRENT_UPDATE), { cause: e });
  if (e instanceof ExpressionError) return refused(e.message);
  if (e instanceof Error && e.constructor === Error) return refused(e.message);
  return e;
}
