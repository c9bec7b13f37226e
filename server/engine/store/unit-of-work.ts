/**
 * One process instance's runtime state loaded into memory for one command, with change
 * tracking, and its flush (all inside the command's transaction). The instance UPDATE checks
 * the optimistic `revision` read at load: if another command changed the instance in between,
 * nothing is written and the command fails (ConcurrencyError → AppError).
 */
import type Database from 'better-sqlite3';
import { fail } from '../../core/errors';
import {
  columns, qualified, stmt, rawStmt, rowOf, pushValues, updateValues, insertSql, updateSql, BulkInsert, CHUNK, INSTANCE_COLS, EXECUTION_COLS, TASK_COLS,
  HI_ACT_COLS, HI_TASK_COLS, INSTANCE_MUTABLE, EXECUTION_MUTABLE, TASK_MUTABLE, HI_TASK_MUTABLE,
  type CcRow, type CommentRow, type ExecutionRow, type HiActRow, type HiTaskRow, type InstanceRow, type TaskRow,
} from './rows';
import { EventRows } from './event-rows';

const BULK = {
  acts: new BulkInsert('wf_hi_actinst', HI_ACT_COLS.filter((c) => c !== 'id')),
  execs: new BulkInsert('wf_execution', EXECUTION_COLS),
  tasks: new BulkInsert('wf_task', TASK_COLS),
  links: new BulkInsert('wf_identity_link', ['taskId', 'instanceId', 'type', 'userId', 'groupId']),
  vars: new BulkInsert('wf_variable', ['instanceId', 'scopeId', 'name', 'type', 'value'],
    ' ON CONFLICT (instance_id, scope_id, name) DO UPDATE SET type = excluded.type, value = excluded.value'),
  hiTasks: new BulkInsert('wf_hi_taskinst', HI_TASK_COLS),
  comments: new BulkInsert('wf_comment', ['type', 'message', 'userId', 'taskId', 'instanceId', 'time']),
  ccs: new BulkInsert('wf_cc', ['instanceId', 'taskId', 'taskDefKey', 'taskName', 'userId', 'senderId', 'kind', 'message', 'createTime']),
};

// SQL built once (the statement cache is keyed by these strings). Reads run in raw mode.
const SQL = {
  loadInstance: `SELECT ${columns(INSTANCE_COLS)} FROM wf_instance WHERE id = ?`,
  loadInstanceOfTask: `SELECT ${columns(INSTANCE_COLS)} FROM wf_instance WHERE id = (SELECT instance_id FROM wf_task WHERE id = ?)`,
  // Each token with its open activity instance, each task with its history row (read together:
  // a command that moves a token or ends a task needs them; one statement instead of one per row).
  loadExecutions: `SELECT ${qualified('e', EXECUTION_COLS)}, ${qualified('a', HI_ACT_COLS)} FROM wf_execution e
    LEFT JOIN wf_hi_actinst a ON a.id = e.act_inst_id WHERE e.instance_id = ?`,
  loadTasks: `SELECT ${qualified('t', TASK_COLS)}, ${qualified('h', HI_TASK_COLS)} FROM wf_task t
    LEFT JOIN wf_hi_taskinst h ON h.id = t.id WHERE t.instance_id = ?`,
  // Through the runtime tasks of the instance (indexed), not a scan of every open task's links.
  loadLinks: 'SELECT task_id, user_id, group_id FROM wf_identity_link WHERE task_id IN (SELECT id FROM wf_task WHERE instance_id = ?)',
  loadVars: 'SELECT scope_id, name, type, value FROM wf_variable WHERE instance_id = ?',
  hiAct: `SELECT ${columns(HI_ACT_COLS)} FROM wf_hi_actinst WHERE id = ?`,
  hiTask: `SELECT ${columns(HI_TASK_COLS)} FROM wf_hi_taskinst WHERE id = ?`,
  insInstance: insertSql('wf_instance', INSTANCE_COLS),
  updInstance: `${updateSql('wf_instance', INSTANCE_MUTABLE)} AND revision = ?`,
  updAct: 'UPDATE wf_hi_actinst SET end_time = ?, duration = ?, delete_reason = ?, assignee = ?, task_id = ? WHERE id = ?',
  delExec: 'DELETE FROM wf_execution WHERE id = ?',
  updExec: updateSql('wf_execution', EXECUTION_MUTABLE),
  delTask: 'DELETE FROM wf_task WHERE id = ?',
  updTask: updateSql('wf_task', TASK_MUTABLE),
  updHiTask: updateSql('wf_hi_taskinst', HI_TASK_MUTABLE),
  delVar: 'DELETE FROM wf_variable WHERE instance_id = ? AND scope_id = ? AND name = ?',
};

/** Text of the optimistic-lock failure (two commands on one instance: one wins). */
export const CONCURRENT_UPDATE = '流程实例已被其他操作更新，请刷新后重试';

/** A variable in memory; a loaded value is parsed from its JSON only when first read (form configs can be large). */
export class VarEntry {
  private raw: string | undefined;
  private parsed: unknown;
  constructor(raw: string | undefined, value: unknown, readonly type: string, public state: 'clean' | 'dirty' | 'deleted') {
    this.raw = raw;
    this.parsed = value;
  }
  get value(): unknown {
    if (this.raw !== undefined) {
      this.parsed = JSON.parse(this.raw);
      this.raw = undefined;
    }
    return this.parsed;
  }
}

export function variableType(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'double';
  return 'json';
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

  /** Loads instance `id`, or returns null when it does not exist. */
  static load(db: Database.Database, id: string): UnitOfWork | null {
    const r = rawStmt(db, SQL.loadInstance).get(id);
    return r ? UnitOfWork.loadRest(db, rowOf<InstanceRow>(INSTANCE_COLS, r)) : null;
  }

  /** Loads the instance of runtime task `taskId` (one statement), or null when the task does not exist. */
  static loadByTask(db: Database.Database, taskId: string): UnitOfWork | null {
    const r = rawStmt(db, SQL.loadInstanceOfTask).get(taskId);
    return r ? UnitOfWork.loadRest(db, rowOf<InstanceRow>(INSTANCE_COLS, r)) : null;
  }

  private static loadRest(db: Database.Database, inst: InstanceRow): UnitOfWork {
    const id = inst.id;
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

  /** Writes every change. Throws AppError(500, CONCURRENT_UPDATE) when the revision moved. */
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
      if (stmt(db, SQL.updInstance).run(values).changes !== 1) throw fail(CONCURRENT_UPDATE);
    }
    // New activity instances in one multi-row INSERT per chunk; their ids follow from the rowids.
    const newActs = this.hiActs.filter((a) => a.id === null);
    if (newActs.length) {
      const lasts = BULK.acts.run(db, newActs);
      newActs.forEach((a, i) => {
        const chunk = Math.floor(i / CHUNK);
        const size = Math.min(CHUNK, newActs.length - chunk * CHUNK);
        a.id = lasts[chunk] - size + 1 + (i % CHUNK);
      });
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
        if (e.state === 'dirty') upserts.push([inst.id, scopeId, name, e.type, JSON.stringify(e.value)]);
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
