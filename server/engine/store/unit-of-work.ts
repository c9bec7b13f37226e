/**
 * One process instance's runtime state loaded into memory for one command, with change
 * tracking, and its flush (all inside the command's transaction). The instance UPDATE checks
 * the optimistic `revision` read at load: if another command changed the instance in between,
 * nothing is written and the command fails (ConcurrencyError → AppError).
 */
import type Database from 'better-sqlite3';
import { fail } from '../../core/errors';
import {
  columns, stmt, insertSql, updateSql, INSTANCE_COLS, EXECUTION_COLS, TASK_COLS, HI_ACT_COLS, HI_TASK_COLS,
  INSTANCE_MUTABLE, EXECUTION_MUTABLE, TASK_MUTABLE, HI_TASK_MUTABLE,
  type CommentRow, type ExecutionRow, type HiActRow, type HiTaskRow, type InstanceRow, type TaskRow,
} from './rows';

// SQL built once (the statement cache is keyed by these strings).
const SQL = {
  loadInstance: `SELECT ${columns(INSTANCE_COLS)} FROM wf_instance WHERE id = ?`,
  loadExecutions: `SELECT ${columns(EXECUTION_COLS)} FROM wf_execution WHERE instance_id = ?`,
  loadTasks: `SELECT ${columns(TASK_COLS)} FROM wf_task WHERE instance_id = ?`,
  hiAct: `SELECT ${columns(HI_ACT_COLS)} FROM wf_hi_actinst WHERE id = ?`,
  hiTask: `SELECT ${columns(HI_TASK_COLS)} FROM wf_hi_taskinst WHERE id = ?`,
  insInstance: insertSql('wf_instance', INSTANCE_COLS),
  updInstance: `${updateSql('wf_instance', INSTANCE_MUTABLE)} AND revision = @loadedRevision`,
  insAct: insertSql('wf_hi_actinst', HI_ACT_COLS.filter((c) => c !== 'id')),
  insExec: insertSql('wf_execution', EXECUTION_COLS),
  updExec: updateSql('wf_execution', EXECUTION_MUTABLE),
  insTask: insertSql('wf_task', TASK_COLS),
  updTask: updateSql('wf_task', TASK_MUTABLE),
  insHiTask: insertSql('wf_hi_taskinst', HI_TASK_COLS),
  updHiTask: updateSql('wf_hi_taskinst', HI_TASK_MUTABLE),
  insComment: insertSql('wf_comment', ['type', 'message', 'userId', 'taskId', 'instanceId', 'time']),
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
  private hiTasks = new Map<string, { row: HiTaskRow; isNew: boolean }>();
  comments: CommentRow[] = [];

  constructor(readonly db: Database.Database) {}

  static create(db: Database.Database, instance: InstanceRow): UnitOfWork {
    const u = new UnitOfWork(db);
    u.instance = instance;
    u.isNewInstance = true;
    return u;
  }

  /** Loads instance `id`, or returns null when it does not exist. */
  static load(db: Database.Database, id: string): UnitOfWork | null {
    const inst = stmt(db, SQL.loadInstance).get(id) as InstanceRow | undefined;
    if (!inst) return null;
    const u = new UnitOfWork(db);
    u.instance = inst;
    u.loadedRevision = inst.revision;
    for (const e of stmt(db, SQL.loadExecutions).all(id) as ExecutionRow[]) u.executions.set(e.id, e);
    for (const t of stmt(db, SQL.loadTasks).all(id) as TaskRow[]) u.tasks.set(t.id, t);
    for (const l of stmt(db, 'SELECT task_id AS taskId, user_id AS userId, group_id AS groupId FROM wf_identity_link WHERE instance_id = ?').all(id) as Array<{ taskId: string; userId: string | null; groupId: string | null }>) {
      const entry = u.linksOf(l.taskId);
      if (l.userId) entry.users.push(l.userId);
      if (l.groupId) entry.groups.push(l.groupId);
    }
    for (const v of stmt(db, 'SELECT scope_id AS scopeId, name, type, value FROM wf_variable WHERE instance_id = ?').all(id) as Array<{ scopeId: string; name: string; type: string; value: string }>) {
      u.scope(v.scopeId).set(v.name, new VarEntry(v.value, undefined, v.type, 'clean'));
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

  addHiAct(row: HiActRow) { this.hiActs.push(row); }
  /** The activity instance row `id` (in memory or read from the table). */
  hiAct(id: number): HiActRow | undefined {
    let r = this.hiActById.get(id) ?? this.hiActs.find((a) => a.id === id);
    if (!r) {
      r = stmt(this.db, SQL.hiAct).get(id) as HiActRow | undefined;
      if (r) this.hiActById.set(id, r);
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
      const row = stmt(this.db, SQL.hiTask).get(id) as HiTaskRow | undefined;
      if (!row) return undefined;
      this.hiTasks.set(id, (e = { row, isNew: false }));
    }
    return e.row;
  }

  /** Writes every change. Throws AppError(500, CONCURRENT_UPDATE) when the revision moved. */
  flush() {
    const db = this.db;
    const inst = this.instance;
    inst.machineState = inst.state; // the instance machine has no context: its value is the state
    if (this.isNewInstance) {
      stmt(db, SQL.insInstance).run(inst);
    } else {
      inst.revision = this.loadedRevision + 1;
      const r = stmt(db, SQL.updInstance).run({ ...strip(inst, INSTANCE_MUTABLE), loadedRevision: this.loadedRevision });
      if (r.changes !== 1) throw fail(CONCURRENT_UPDATE);
    }
    const insAct = stmt(db, SQL.insAct);
    for (const a of this.hiActs) {
      if (a.id === null) {
        const { id: _id, ...rest } = a;
        a.id = Number(insAct.run(rest).lastInsertRowid);
      }
    }
    const updAct = stmt(db, 'UPDATE wf_hi_actinst SET end_time = @endTime, duration = @duration, delete_reason = @deleteReason, assignee = @assignee, task_id = @taskId WHERE id = @id');
    for (const a of this.hiActDirty) updAct.run(a);
    // Executions point at their open activity rows (inserted just above when new).
    for (const [execId, act] of this.currentActs) {
      const e = this.executions.get(execId);
      if (e && e.actInstId !== act.id) { e.actInstId = act.id; this.touchExecution(e); }
    }
    const delExec = stmt(db, 'DELETE FROM wf_execution WHERE id = ?');
    for (const id of this.deletedExec) delExec.run(id);
    const insExec = stmt(db, SQL.insExec);
    const updExec = stmt(db, SQL.updExec);
    for (const id of this.newExec) insExec.run(strip(this.executions.get(id)!, EXECUTION_COLS));
    for (const id of this.dirtyExec) { const e = this.executions.get(id); if (e) updExec.run(strip(e, EXECUTION_MUTABLE)); }
    const delTask = stmt(db, 'DELETE FROM wf_task WHERE id = ?');
    for (const id of this.deletedTask) delTask.run(id);
    const insTask = stmt(db, SQL.insTask);
    const updTask = stmt(db, SQL.updTask);
    const insLink = stmt(db, 'INSERT INTO wf_identity_link (task_id, instance_id, type, user_id, group_id) VALUES (?, ?, \'candidate\', ?, ?)');
    for (const id of this.newTask) {
      insTask.run(strip(this.tasks.get(id)!, TASK_COLS));
      const l = this.links.get(id);
      if (l) {
        for (const u of l.users) insLink.run(id, inst.id, u, null);
        for (const g of l.groups) insLink.run(id, inst.id, null, g);
      }
    }
    for (const id of this.dirtyTask) { const t = this.tasks.get(id); if (t) updTask.run(strip(t, TASK_MUTABLE)); }
    const upsertVar = stmt(db, `INSERT INTO wf_variable (instance_id, scope_id, name, type, value) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (instance_id, scope_id, name) DO UPDATE SET type = excluded.type, value = excluded.value`);
    const delVar = stmt(db, 'DELETE FROM wf_variable WHERE instance_id = ? AND scope_id = ? AND name = ?');
    for (const [scopeId, m] of this.vars) {
      for (const [name, e] of m) {
        if (e.state === 'dirty') upsertVar.run(inst.id, scopeId, name, e.type, JSON.stringify(e.value));
        else if (e.state === 'deleted') delVar.run(inst.id, scopeId, name);
      }
    }
    const insHiTask = stmt(db, SQL.insHiTask);
    const updHiTask = stmt(db, SQL.updHiTask);
    for (const { row, isNew } of this.hiTasks.values()) {
      if (isNew) insHiTask.run(row);
      else updHiTask.run(strip(row, HI_TASK_MUTABLE));
    }
    const insComment = stmt(db, SQL.insComment);
    for (const c of this.comments) insComment.run(c);
  }
}

function strip<T extends object>(row: T, cols: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of cols) out[c] = (row as Record<string, unknown>)[c];
  return out;
}
