/**
 * Row shapes of the wf_ tables as the engine holds them in memory (camelCase of the columns in
 * server/db/schema/engine.ts), and the cached prepared statements of one better-sqlite3 handle.
 */
import type Database from 'better-sqlite3';
import { isReplayDb } from './replay-db';

export interface InstanceRow {
  id: string;
  definitionId: string;
  businessKey: string | null;
  startUserId: string | null;
  startTime: number;
  endTime: number | null;
  endActivityId: string | null;
  deleteReason: string | null;
  state: string;
  revision: number;
  machineState: string;
  /** Call activity: the calling instance and its execution waiting in the call activity. */
  superInstanceId: string | null;
  superExecutionId: string | null;
}

export interface ExecutionRow {
  id: string;
  instanceId: string;
  parentId: string | null;
  activityId: string | null;
  isActive: number;
  isMiRoot: number;
  /** 1 = a scope execution (sub-process token whose children run inside it). */
  isScope: number;
  actInstId: number | null;
  createTime: number;
  machineState: string;
}

export interface TaskRow {
  id: string;
  instanceId: string;
  executionId: string;
  definitionId: string;
  taskDefKey: string;
  name: string;
  description: string | null;
  assignee: string | null;
  owner: string | null;
  delegationState: string | null;
  priority: number;
  dueDate: number | null;
  formKey: string | null;
  createTime: number;
  claimTime: number | null;
  suspended: number;
  machineState: string;
}

export interface HiActRow {
  id: number | null;
  instanceId: string;
  executionId: string;
  activityId: string;
  activityName: string;
  activityType: string;
  taskId: string | null;
  assignee: string | null;
  startTime: number;
  endTime: number | null;
  duration: number | null;
  deleteReason: string | null;
}

export interface HiTaskRow {
  id: string;
  instanceId: string;
  definitionId: string;
  executionId: string;
  taskDefKey: string;
  name: string;
  assignee: string | null;
  owner: string | null;
  candidateUsers: string;
  candidateGroups: string;
  priority: number;
  dueDate: number | null;
  formKey: string | null;
  createTime: number;
  claimTime: number | null;
  endTime: number | null;
  duration: number | null;
  deleteReason: string | null;
}

/** A 抄送 (wf_cc): one recipient of one copy; `kind` 'node' (the model's CC) or 'manual' (from the task screen). */
export interface CcRow {
  instanceId: string;
  taskId: string | null;
  taskDefKey: string;
  taskName: string;
  userId: string;
  senderId: string | null;
  kind: 'node' | 'manual';
  message: string;
  createTime: number;
}

export interface CommentRow {
  type: string;
  message: string;
  userId: string | null;
  taskId: string | null;
  instanceId: string;
  time: number;
}

/** A timer (wf_timer): boundary / intermediate catch / event sub-process start of an instance, or a timer start event (instanceId null). */
export interface TimerRow {
  id: string;
  instanceId: string | null;
  executionId: string | null;
  definitionId: string;
  /** The timer event's node id. */
  activityId: string;
  /** Epoch ms. */
  dueTime: number;
  /** What repeats after this fire (runtime/iso8601.ts repeat text), null = once. */
  repeat: string | null;
  lockOwner: string | null;
  lockExpiry: number | null;
  retries: number;
  lastError: string | null;
  createTime: number;
}

/** A message / signal subscription (wf_event_subscription); instanceId null = a start event of a definition. */
export interface SubscriptionRow {
  id: string;
  type: 'message' | 'signal';
  eventName: string;
  instanceId: string | null;
  executionId: string | null;
  definitionId: string;
  activityId: string;
  createTime: number;
}

export const TIMER_COLS = ['id', 'instanceId', 'executionId', 'definitionId', 'activityId', 'dueTime', 'repeat', 'lockOwner', 'lockExpiry', 'retries',
  'lastError', 'createTime'];
export const SUBSCRIPTION_COLS = ['id', 'type', 'eventName', 'instanceId', 'executionId', 'definitionId', 'activityId', 'createTime'];

const sqlCache = new Map<string, string>();
function cached(key: string, build: () => string): string {
  let s = sqlCache.get(key);
  if (s === undefined) sqlCache.set(key, (s = build()));
  return s;
}

/** snake_case SELECT list for a camelCase row type. */
export function columns(names: string[]): string {
  return cached(`c:${names.join(',')}`, () => names.map((n) => `${n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} AS "${n}"`).join(', '));
}

export const INSTANCE_COLS = ['id', 'definitionId', 'businessKey', 'startUserId', 'startTime', 'endTime', 'endActivityId', 'deleteReason', 'state', 'revision', 'machineState',
  'superInstanceId', 'superExecutionId'];
export const EXECUTION_COLS = ['id', 'instanceId', 'parentId', 'activityId', 'isActive', 'isMiRoot', 'isScope', 'actInstId', 'createTime', 'machineState'];
export const TASK_COLS = ['id', 'instanceId', 'executionId', 'definitionId', 'taskDefKey', 'name', 'description', 'assignee', 'owner',
  'delegationState', 'priority', 'dueDate', 'formKey', 'createTime', 'claimTime', 'suspended', 'machineState'];
export const HI_ACT_COLS = ['id', 'instanceId', 'executionId', 'activityId', 'activityName', 'activityType', 'taskId', 'assignee',
  'startTime', 'endTime', 'duration', 'deleteReason'];
/** Columns a command may change (UPDATE sets only these: unchanged indexed columns stay untouched). */
export const INSTANCE_MUTABLE = ['id', 'endTime', 'endActivityId', 'deleteReason', 'state', 'revision', 'machineState'];
export const EXECUTION_MUTABLE = ['id', 'parentId', 'activityId', 'isActive', 'isMiRoot', 'isScope', 'actInstId', 'machineState'];
export const TASK_MUTABLE = ['id', 'name', 'description', 'assignee', 'owner', 'delegationState', 'priority', 'dueDate', 'formKey', 'claimTime',
  'suspended', 'machineState'];
export const HI_TASK_MUTABLE = ['id', 'assignee', 'owner', 'claimTime', 'endTime', 'duration', 'deleteReason'];
export const HI_TASK_COLS = ['id', 'instanceId', 'definitionId', 'executionId', 'taskDefKey', 'name', 'assignee', 'owner',
  'candidateUsers', 'candidateGroups', 'priority', 'dueDate', 'formKey', 'createTime', 'claimTime', 'endTime', 'duration', 'deleteReason'];

const snake = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `INSERT INTO t (cols) VALUES (?, …)` with positional parameters, the tuple repeated for `rows`
 * rows (better-sqlite3 binds an array much faster than named parameters from an object).
 */
export function insertSql(table: string, cols: string[], rows = 1): string {
  return cached(`i:${table}:${cols.join(',')}:${rows}`, () => {
    const tuple = `(${cols.map(() => '?').join(', ')})`;
    return `INSERT INTO ${table} (${cols.map(snake).join(', ')}) VALUES ${Array(rows).fill(tuple).join(', ')}`;
  });
}

/** `UPDATE t SET col = ?, … WHERE id = ?` for every column of `cols` but id; bind with updateValues. */
export function updateSql(table: string, cols: string[]): string {
  return cached(`u:${table}:${cols.join(',')}`, () => `UPDATE ${table} SET ${cols.filter((c) => c !== 'id').map((c) => `${snake(c)} = ?`).join(', ')} WHERE id = ?`);
}

/** Appends `row`'s values of `cols` (in order) to `out` (positional parameters of insertSql). */
export function pushValues(out: unknown[], row: object, cols: string[]): unknown[] {
  const r = row as Record<string, unknown>;
  for (let i = 0; i < cols.length; i++) out.push(r[cols[i]]);
  return out;
}

/** The positional parameters of updateSql(table, cols): every column but id, then id. */
export function updateValues(row: object, cols: string[]): unknown[] {
  const r = row as Record<string, unknown>;
  const out: unknown[] = [];
  for (let i = 0; i < cols.length; i++) if (cols[i] !== 'id') out.push(r[cols[i]]);
  out.push(r.id);
  return out;
}

/** A row object from a raw (array) result: `cols[i]` = `values[offset + i]`. */
export function rowOf<T>(cols: string[], values: unknown[], offset = 0): T {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < cols.length; i++) o[cols[i]] = values[offset + i];
  return o as T;
}

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A prepared statement for `sql`, cached per database handle. */
export function stmt(db: Database.Database, sql: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare(sql)));
  return s;
}

const rawCaches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * A prepared statement for `sql` in raw mode (rows as arrays: no per-row objects with keyed
 * properties; map them with rowOf), cached per database handle.
 */
export function rawStmt(db: Database.Database, sql: string): Database.Statement<unknown[], unknown[]> {
  let cache = rawCaches.get(db);
  if (!cache) rawCaches.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare(sql).raw(true)));
  return s as Database.Statement<unknown[], unknown[]>;
}

/** `a.col_one, a.col_two` for camelCase names (raw reads map by position). */
export function qualified(alias: string, names: string[]): string {
  return names.map((n) => `${alias}.${n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`).join(', ');
}
/** Rows per multi-row INSERT (well below SQLite's 32,766 bound parameters). */
export const CHUNK = 32;

/**
 * A multi-row INSERT of `cols` into `table` (optionally followed by `tail`, e.g. an upsert
 * clause): statements per row count are prepared once per database handle.
 */
export class BulkInsert {
  private readonly byDb = new WeakMap<Database.Database, Database.Statement[]>();
  constructor(readonly table: string, readonly cols: string[], readonly tail = '') {}

  /**
   * Inserts the values of `rows` (each row's `cols`, or the arrays themselves when `arrays`) in
   * chunks of up to CHUNK rows.
   */
  run(db: Database.Database, rows: ReadonlyArray<object>, arrays = false): void {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const k = Math.min(CHUNK, rows.length - i);
      this.chunk(db, k).run(this.values(rows, i, k, arrays));
    }
  }

  /**
   * As run, for a table whose INTEGER PRIMARY KEY `id` the database assigns: the ids of the rows,
   * in order. SQLite: rowids of one multi-row INSERT are consecutive (row i of a chunk of k gets
   * lastInsertRowid - k + 1 + i); on a ReplayDb (PostgreSQL) they come from its id pool and the
   * INSERT names them (ReplayDb.takeIds).
   */
  insertIds(db: Database.Database, rows: ReadonlyArray<object>): number[] {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const k = Math.min(CHUNK, rows.length - i);
      const values = this.values(rows, i, k, false);
      if (isReplayDb(db)) {
        const taken = db.takeIds(k);
        const n = this.cols.length;
        const withIds: unknown[] = [];
        for (let j = 0; j < k; j++) withIds.push(taken[j], ...values.slice(j * n, (j + 1) * n));
        db.prepare(insertSql(this.table, ['id', ...this.cols], k) + this.tail).run(withIds);
        ids.push(...taken);
      } else {
        const last = Number(this.chunk(db, k).run(values).lastInsertRowid);
        for (let j = 0; j < k; j++) ids.push(last - k + 1 + j);
      }
    }
    return ids;
  }

  private chunk(db: Database.Database, k: number): Database.Statement {
    let list = this.byDb.get(db);
    if (!list) this.byDb.set(db, (list = []));
    return (list[k] ??= db.prepare(insertSql(this.table, this.cols, k) + this.tail));
  }

  private values(rows: ReadonlyArray<object>, from: number, k: number, arrays: boolean): unknown[] {
    const n = this.cols.length;
    const values: unknown[] = new Array(k * n);
    for (let j = 0; j < k; j++) {
      const row = rows[from + j] as Record<string | number, unknown>;
      for (let c = 0; c < n; c++) values[j * n + c] = arrays ? row[c] : row[this.cols[c]];
    }
    return values;
  }
}

/**
 * Runs write `sql` and fails with `error()` unless it changed exactly `changes` rows (the
 * instance's optimistic revision check). On a ReplayDb the check happens when the write is sent.
 */
export function runExpecting(db: Database.Database, sql: string, params: unknown[], changes: number, error: () => Error): void {
  if (isReplayDb(db)) db.write(sql, params, 'run', { changes, error });
  else if (stmt(db, sql).run(params).changes !== changes) throw error();
}

/** Tells a ReplayDb the raw reads a load is about to make (one round trip for all); nothing on SQLite. */
export function prefetchRaw(db: Database.Database, list: ReadonlyArray<[sql: string, params: unknown[]]>): void {
  if (isReplayDb(db)) db.prefetch(list.map(([sql, params]) => ({ sql, params, raw: true })));
}
