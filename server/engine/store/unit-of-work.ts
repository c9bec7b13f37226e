/**
 * One process instance's runtime state loaded into memory for one command, with change
 * tracking, and its flush (all inside the command's transaction). The instance UPDATE checks
 * the optimistic `revision` read at load: if another command changed the instance in between,
 * nothing is written and the command fails (ConcurrencyError → AppError). Once its command has
 * committed, a unit may be kept for the next command on the instance (`settle`, instance-cache.ts).
 */
import type Database from 'better-sqlite3';
import { conflict, refused } from '../../core/errors';
import {
  stmt, rawStmt, rowOf, pushValues, updateValues, runExpecting, prefetchRaw, INSTANCE_COLS, EXECUTION_COLS, TASK_COLS,
  HI_ACT_COLS, HI_TASK_COLS, INSTANCE_MUTABLE, EXECUTION_MUTABLE, TASK_MUTABLE, HI_TASK_MUTABLE,
  type CcRow, type CommentRow, type ExecutionRow, type HiActRow, type HiTaskRow, type InstanceRow, type TaskRow,
} from './rows';
import { EventRows } from './event-rows';
import { BULK, LOCKED_LOADS, SQL } from './unit-statements';
import { VarEntry, variableType } from './var-entry';
import { isReplayDb } from './replay-db';
import { ENGINE_LIMIT_DEFAULTS } from '../types';

/** Text of the optimistic-lock failure (two commands on one instance: one wins). */
export const CONCURRENT_UPDATE = '流程实例已被其他操作更新，请刷新后重试';

/** Text of the refusal of a variable larger than the budget (issue 38 §6), the limit in KB. */
export const variableTooLargeMessage = (name: string, max: number) => `流程变量「${name}」过大（上限 ${Math.floor(max / 1024)} KB）`;

/** Where loads find the committed state of an instance (instance-cache.ts InstanceCache). */
export interface CachedUnits {
  /** The unit of instance `id` committed at `revision`, handed over to the caller; else undefined. */
  take(id: string, revision: number): UnitOfWork | undefined;
  /** Test hook: compares a cached unit with a fresh load of its instance. */
  verify?: (cached: UnitOfWork, fresh: () => UnitOfWork) => void;
}

export class UnitOfWork {
  instance!: InstanceRow;
  isNewInstance = false;
  loadedRevision = 0;
  executions = new Map<string, ExecutionRow>();
  tasks = new Map<string, TaskRow>();
  /** Candidate links of runtime tasks. */
  links = new Map<string, { users: string[]; groups: string[] }>();
  /** scopeId ('' = instance) → name → entry. */
  vars = new Map<string, Map<string, VarEntry>>();
  private newExec = new Set<string>();
  private dirtyExec = new Set<string>();
  private deletedExec = new Set<string>();
  private newTask = new Set<string>();
  private dirtyTask = new Set<string>();
  private deletedTask = new Set<string>();
  private hiActs: HiActRow[] = [];
  private hiActDirty = new Set<HiActRow>();
  /** Open activity instances loaded lazily by id (earlier commands). */
  private hiActById = new Map<number, HiActRow>();
  /** History rows of tasks that were accessed (written at flush). */
  private hiTasks = new Map<string, { row: HiTaskRow; isNew: boolean }>();
  /** History rows of the loaded runtime tasks, not yet accessed. */
  private hiTasksLoaded = new Map<string, HiTaskRow>();
  comments: CommentRow[] = [];
  /** 抄送 rows written at flush (runtime/cc.ts). */
  ccs: CcRow[] = [];
  /**
   * Set when the instance's graph has timer / message / signal events (core.newCtx): only then
   * are its wf_timer / wf_event_subscription rows read (lazily, on first use) and written.
   */
  eventsEnabled = false;
  private eventRows?: EventRows;

  constructor(readonly db: Database.Database) {}

  static create(db: Database.Database, instance: InstanceRow): UnitOfWork {
    const u = new UnitOfWork(db);
    u.instance = instance;
    u.isNewInstance = true;
    return u;
  }

  /**
   * Loads instance `id`, or returns null when it does not exist. With `cache`, the instance row
   * is read and the rest comes from the cache when it holds this revision (InstanceCache).
   * On PostgreSQL (`db` a ReplayDb) the instance row is read `FOR UPDATE` (issue 44): a command
   * on the instance from another node waits until this command's transaction ends, then reads
   * what it committed; the optimistic revision check of `flush` stays. The loads of the rest go in
   * the lock's round trip, after it (ReplayDb.prefetchLocked). SQLite has one writer: no lock clause.
   * `lock` false: a read that writes nothing (no lock taken).
   */
  static load(db: Database.Database, id: string, cache?: CachedUnits, lock = true): UnitOfWork | null {
    if (lock && isReplayDb(db)) db.prefetchLocked({ sql: SQL.lockInstance, params: [id] }, LOCKED_LOADS);
    const r = rawStmt(db, lock && isReplayDb(db) ? SQL.lockInstance : SQL.loadInstance).get(id);
    return r ? UnitOfWork.loadRest(db, rowOf<InstanceRow>(INSTANCE_COLS, r), cache) : null;
  }

  /**
   * Loads the instance of runtime task `taskId` (one statement), or null when the task does not
   * exist. `cache`, `lock`: as load (a waiter for the lock finds the task gone when the command
   * it waited for ended it: its loaded tasks lack it).
   */
  static loadByTask(db: Database.Database, taskId: string, cache?: CachedUnits, lock = true): UnitOfWork | null {
    if (lock && isReplayDb(db)) db.prefetchLocked({ sql: SQL.lockInstanceOfTask, params: [taskId] }, LOCKED_LOADS);
    const r = rawStmt(db, lock && isReplayDb(db) ? SQL.lockInstanceOfTask : SQL.loadInstanceOfTask).get(taskId);
    return r ? UnitOfWork.loadRest(db, rowOf<InstanceRow>(INSTANCE_COLS, r), cache) : null;
  }

  private static loadRest(db: Database.Database, inst: InstanceRow, cache?: CachedUnits): UnitOfWork {
    const cached = cache?.take(inst.id, inst.revision);
    if (cached) {
      cached.instance = inst;
      cache!.verify?.(cached, () => UnitOfWork.loadRest(db, inst));
      return cached;
    }
    const id = inst.id;
    prefetchRaw(db, [[SQL.loadExecutions, [id]], [SQL.loadTasks, [id]], [SQL.loadLinks, [id]], [SQL.loadVars, [id]]]);
    const u = new UnitOfWork(db);
    u.instance = inst;
    u.loadedRevision = inst.revision;
    for (const r of rawStmt(db, SQL.loadExecutions).all(id)) {
      u.executions.set(r[0] as string, rowOf<ExecutionRow>(EXECUTION_COLS, r));
      const act = r[EXECUTION_COLS.length];
      if (act !== null) u.hiActById.set(act as number, rowOf<HiActRow>(HI_ACT_COLS, r, EXECUTION_COLS.length));
    }
    for (const r of rawStmt(db, SQL.loadTasks).all(id)) {
      u.tasks.set(r[0] as string, rowOf<TaskRow>(TASK_COLS, r));
      if (r[TASK_COLS.length] !== null) u.hiTasksLoaded.set(r[0] as string, rowOf<HiTaskRow>(HI_TASK_COLS, r, TASK_COLS.length));
    }
    for (const [taskId, userId, groupId] of rawStmt(db, SQL.loadLinks).all(id) as Array<[string, string | null, string | null]>) {
      const entry = u.linksOf(taskId);
      if (userId) entry.users.push(userId);
      if (groupId) entry.groups.push(groupId);
    }
    for (const [scopeId, name, type, value] of rawStmt(db, SQL.loadVars).all(id) as Array<[string, string, string, string]>) {
      u.scope(scopeId).set(name, new VarEntry(value, undefined, type, 'clean'));
    }
    return u;
  }

  linksOf(taskId: string) {
    let e = this.links.get(taskId);
    if (!e) this.links.set(taskId, (e = { users: [], groups: [] }));
    return e;
  }

  scope(scopeId: string): Map<string, VarEntry> {
    let m = this.vars.get(scopeId);
    if (!m) this.vars.set(scopeId, (m = new Map()));
    return m;
  }

  /** Largest JSON text of one variable in UTF-8 bytes (issue 38 §6; set per command by EngineCore.newCtx). */
  maxVariableBytes: number = ENGINE_LIMIT_DEFAULTS.maxVariableBytes;

  /**
   * The stored JSON text of variable `name`.
   * @throws AppError('refused', variableTooLargeMessage) when it is longer than maxVariableBytes (the command rolls back).
   */
  serialise(name: string, value: unknown): string {
    const text = JSON.stringify(value);
    // UTF-8 is at most 3 bytes per UTF-16 unit: count exactly only when it could matter.
    if (text.length * 3 > this.maxVariableBytes && Buffer.byteLength(text, 'utf8') > this.maxVariableBytes) {
      throw refused(variableTooLargeMessage(name, this.maxVariableBytes));
    }
    return text;
  }

  setVar(scopeId: string, name: string, value: unknown) {
    const v = value === undefined ? null : value;
    this.scope(scopeId).set(name, new VarEntry(undefined, v, variableType(v), 'dirty'));
  }

  deleteScope(scopeId: string) {
    const m = this.vars.get(scopeId);
    if (m) for (const e of m.values()) e.state = 'deleted';
  }

  addExecution(e: ExecutionRow) { this.executions.set(e.id, e); this.newExec.add(e.id); }
  touchExecution(e: ExecutionRow) { if (!this.newExec.has(e.id)) this.dirtyExec.add(e.id); }
  removeExecution(id: string) {
    this.executions.delete(id);
    this.deleteScope(id);
    if (this.newExec.delete(id)) return;
    this.dirtyExec.delete(id);
    this.deletedExec.add(id);
  }

  addTask(t: TaskRow) { this.tasks.set(t.id, t); this.newTask.add(t.id); }
  touchTask(t: TaskRow) { if (!this.newTask.has(t.id)) this.dirtyTask.add(t.id); }
  removeTask(id: string) {
    this.tasks.delete(id);
    this.deleteScope(id);
    if (this.newTask.delete(id)) { this.links.delete(id); return; }
    this.dirtyTask.delete(id);
    this.deletedTask.add(id);
  }

  /** The instance's timers and subscriptions (read on first use; see store/event-rows.ts). */
  get events(): EventRows {
    return (this.eventRows ??= new EventRows(this.db, this.instance.id, this.isNewInstance));
  }

  addHiAct(row: HiActRow) { this.hiActs.push(row); }
  /** The activity instance row `id` (in memory or read from the table). */
  hiAct(id: number): HiActRow | undefined {
    let r = this.hiActById.get(id) ?? this.hiActs.find((a) => a.id === id);
    if (!r) {
      const raw = rawStmt(this.db, SQL.hiAct).get(id);
      if (raw) this.hiActById.set(id, (r = rowOf<HiActRow>(HI_ACT_COLS, raw)));
    }
    return r;
  }
  touchHiAct(row: HiActRow) { if (row.id !== null) this.hiActDirty.add(row); }

  private currentActs = new Map<string, HiActRow>();
  /** The open activity instance of a token (the one its current activity started). */
  currentAct(e: ExecutionRow): HiActRow | undefined {
    const a = this.currentActs.get(e.id);
    if (a) return a;
    return e.actInstId !== null ? this.hiAct(e.actInstId) : undefined;
  }
  setCurrentAct(e: ExecutionRow, row: HiActRow) { this.currentActs.set(e.id, row); }

  addHiTask(row: HiTaskRow) { this.hiTasks.set(row.id, { row, isNew: true }); }
  hiTask(id: string): HiTaskRow | undefined {
    let e = this.hiTasks.get(id);
    if (!e) {
      const loaded = this.hiTasksLoaded.get(id);
      if (loaded) {
        this.hiTasks.set(id, (e = { row: loaded, isNew: false }));
        return loaded;
      }
      const raw = rawStmt(this.db, SQL.hiTask).get(id);
      if (!raw) return undefined;
      this.hiTasks.set(id, (e = { row: rowOf<HiTaskRow>(HI_TASK_COLS, raw), isNew: false }));
    }
    return e.row;
  }

  /**
   * Makes this unit the instance's committed state, as a load of it would read it (called by
   * InstanceCache.commitUnits once the command's store transaction committed):
   * change tracking emptied, the history rows kept only for the open activities and runtime tasks,
   * variables clean in their stored (JSON) form, timers and subscriptions read again on next use.
   */
  settle(): void {
    this.isNewInstance = false;
    this.loadedRevision = this.instance.revision;
    for (const set of [this.newExec, this.dirtyExec, this.deletedExec, this.newTask, this.dirtyTask, this.deletedTask]) set.clear();
    const known = new Map<number, HiActRow>(this.hiActById);
    for (const a of this.hiActs) if (a.id !== null) known.set(a.id, a);
    for (const a of this.currentActs.values()) if (a.id !== null) known.set(a.id, a);
    this.hiActById = new Map();
    for (const e of this.executions.values()) {
      const a = e.actInstId === null ? undefined : known.get(e.actInstId);
      if (a) this.hiActById.set(a.id!, a);
    }
    this.hiActs = [];
    this.hiActDirty.clear();
    this.currentActs.clear();
    const hiTasks = new Map<string, HiTaskRow>();
    for (const id of this.tasks.keys()) {
      const row = this.hiTasks.get(id)?.row ?? this.hiTasksLoaded.get(id);
      if (row) hiTasks.set(id, row);
    }
    this.hiTasksLoaded = hiTasks;
    this.hiTasks.clear();
    for (const id of this.links.keys()) if (!this.tasks.has(id)) this.links.delete(id);
    for (const [scopeId, m] of this.vars) {
      for (const [name, e] of m) {
        if (e.state === 'deleted') m.delete(name);
        else if (e.state === 'dirty') m.set(name, new VarEntry(JSON.stringify(e.value), undefined, e.type, 'clean'));
      }
      if (m.size === 0) this.vars.delete(scopeId);
    }
    this.comments = [];
    this.ccs = [];
    this.eventRows = undefined;
  }

  /** The open activity row `id` when held in memory (nothing read). */
  heldHiAct(id: number): HiActRow | undefined { return this.hiActById.get(id); }
  /** The history row of runtime task `id` as loaded or settled, when held (nothing read). */
  heldHiTask(id: string): HiTaskRow | undefined { return this.hiTasksLoaded.get(id); }

  /** Writes every change. Throws AppError('conflict', CONCURRENT_UPDATE) when the revision moved. */
  flush() {
    const db = this.db;
    const inst = this.instance;
    inst.machineState = inst.state; // the instance machine has no context: its value is the state
    if (this.isNewInstance) {
      stmt(db, SQL.insInstance).run(pushValues([], inst, INSTANCE_COLS));
    } else {
      inst.revision = this.loadedRevision + 1;
      const values = updateValues(inst, INSTANCE_MUTABLE);
      values.push(this.loadedRevision);
      runExpecting(db, SQL.updInstance, values, 1, () => conflict(CONCURRENT_UPDATE));
    }
    // New activity instances in one multi-row INSERT per chunk; their ids follow from the rowids.
    const newActs = this.hiActs.filter((a) => a.id === null);
    if (newActs.length) {
      const ids = BULK.acts.insertIds(db, newActs);
      newActs.forEach((a, i) => { a.id = ids[i]; });
    }
    const updAct = stmt(db, SQL.updAct);
    for (const a of this.hiActDirty) updAct.run(a.endTime, a.duration, a.deleteReason, a.assignee, a.taskId, a.id);
    // Executions point at their open activity rows (inserted just above when new).
    for (const [execId, act] of this.currentActs) {
      const e = this.executions.get(execId);
      if (e && e.actInstId !== act.id) { e.actInstId = act.id; this.touchExecution(e); }
    }
    const delExec = stmt(db, SQL.delExec);
    for (const id of this.deletedExec) delExec.run(id);
    if (this.newExec.size) BULK.execs.run(db, [...this.newExec].map((id) => this.executions.get(id)!));
    const updExec = stmt(db, SQL.updExec);
    for (const id of this.dirtyExec) { const e = this.executions.get(id); if (e) updExec.run(updateValues(e, EXECUTION_MUTABLE)); }
    const delTask = stmt(db, SQL.delTask);
    for (const id of this.deletedTask) delTask.run(id);
    if (this.newTask.size) {
      BULK.tasks.run(db, [...this.newTask].map((id) => this.tasks.get(id)!));
      const links: unknown[][] = [];
      for (const id of this.newTask) {
        const l = this.links.get(id);
        if (!l) continue;
        for (const u of l.users) links.push([id, inst.id, 'candidate', u, null]);
        for (const g of l.groups) links.push([id, inst.id, 'candidate', null, g]);
      }
      if (links.length) BULK.links.run(db, links, true);
    }
    const updTask = stmt(db, SQL.updTask);
    for (const id of this.dirtyTask) { const t = this.tasks.get(id); if (t) updTask.run(updateValues(t, TASK_MUTABLE)); }
    const upserts: unknown[][] = [];
    const delVar = stmt(db, SQL.delVar);
    for (const [scopeId, m] of this.vars) {
      for (const [name, e] of m) {
        if (e.state === 'dirty') upserts.push([inst.id, scopeId, name, e.type, this.serialise(name, e.value)]);
        else if (e.state === 'deleted') delVar.run(inst.id, scopeId, name);
      }
    }
    if (upserts.length) BULK.vars.run(db, upserts, true);
    const newHi: HiTaskRow[] = [];
    const updHiTask = stmt(db, SQL.updHiTask);
    for (const { row, isNew } of this.hiTasks.values()) {
      if (isNew) newHi.push(row);
      else updHiTask.run(updateValues(row, HI_TASK_MUTABLE));
    }
    if (newHi.length) BULK.hiTasks.run(db, newHi);
    if (this.comments.length) BULK.comments.run(db, this.comments);
    if (this.ccs.length) BULK.ccs.run(db, this.ccs);
    // An ended instance keeps no timer or subscription (also the process-level ones).
    if (this.eventsEnabled && inst.endTime !== null) { if (!this.isNewInstance) EventRows.deleteOfInstance(db, inst.id); }
    else this.eventRows?.flush();
  }
}
