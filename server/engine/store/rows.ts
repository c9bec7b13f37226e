/**
 * Row shapes of the wf_ tables as the engine holds them in memory (camelCase of the columns in
 * server/db/schema/engine.ts), and the cached prepared statements of one better-sqlite3 handle.
 */
import type Database from 'better-sqlite3';

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
}

export interface ExecutionRow {
  id: string;
  instanceId: string;
  parentId: string | null;
  activityId: string | null;
  isActive: number;
  isMiRoot: number;
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

export interface CommentRow {
  type: string;
  message: string;
  userId: string | null;
  taskId: string | null;
  instanceId: string;
  time: number;
}

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

export const INSTANCE_COLS = ['id', 'definitionId', 'businessKey', 'startUserId', 'startTime', 'endTime', 'endActivityId', 'deleteReason', 'state', 'revision', 'machineState'];
export const EXECUTION_COLS = ['id', 'instanceId', 'parentId', 'activityId', 'isActive', 'isMiRoot', 'actInstId', 'createTime', 'machineState'];
export const TASK_COLS = ['id', 'instanceId', 'executionId', 'definitionId', 'taskDefKey', 'name', 'description', 'assignee', 'owner',
  'delegationState', 'priority', 'dueDate', 'formKey', 'createTime', 'claimTime', 'suspended', 'machineState'];
export const HI_ACT_COLS = ['id', 'instanceId', 'executionId', 'activityId', 'activityName', 'activityType', 'taskId', 'assignee',
  'startTime', 'endTime', 'duration', 'deleteReason'];
/** Columns a command may change (UPDATE sets only these: unchanged indexed columns stay untouched). */
export const INSTANCE_MUTABLE = ['id', 'endTime', 'endActivityId', 'deleteReason', 'state', 'revision', 'machineState'];
export const EXECUTION_MUTABLE = ['id', 'parentId', 'activityId', 'isActive', 'isMiRoot', 'actInstId', 'machineState'];
export const TASK_MUTABLE = ['id', 'name', 'description', 'assignee', 'owner', 'delegationState', 'priority', 'dueDate', 'formKey', 'claimTime',
  'suspended', 'machineState'];
export const HI_TASK_MUTABLE = ['id', 'assignee', 'owner', 'claimTime', 'endTime', 'duration', 'deleteReason'];
export const HI_TASK_COLS = ['id', 'instanceId', 'definitionId', 'executionId', 'taskDefKey', 'name', 'assignee', 'owner',
  'candidateUsers', 'candidateGroups', 'priority', 'dueDate', 'formKey', 'createTime', 'claimTime', 'endTime', 'duration', 'deleteReason'];

const snake = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `INSERT INTO t (cols) VALUES (@cols)` with named parameters. */
export function insertSql(table: string, cols: string[]): string {
  return cached(`i:${table}:${cols.join(',')}`, () => `INSERT INTO ${table} (${cols.map(snake).join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
}

/** `UPDATE t SET col=@col… WHERE id=@id` for every column but id. */
export function updateSql(table: string, cols: string[]): string {
  return cached(`u:${table}:${cols.join(',')}`, () => `UPDATE ${table} SET ${cols.filter((c) => c !== 'id').map((c) => `${snake(c)} = @${c}`).join(', ')} WHERE id = @id`);
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
