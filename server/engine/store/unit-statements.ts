/**
 * The statements of UnitOfWork (unit-of-work.ts): its loads, its multi-row inserts and its
 * single-row updates and deletes, their SQL built once (the statement cache is keyed by these
 * strings). Reads run in raw mode.
 */
import {
  columns, qualified, insertSql, updateSql, BulkInsert, INSTANCE_COLS, EXECUTION_COLS, TASK_COLS,
  HI_ACT_COLS, HI_TASK_COLS, INSTANCE_MUTABLE, EXECUTION_MUTABLE, TASK_MUTABLE, HI_TASK_MUTABLE,
} from './rows';

export const BULK = {
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

/** PostgreSQL: the setting holding the id of the instance row a command locked last (transaction-local). */
const LOCKED_SETTING = 'caishui.locked_instance';
const SET_LOCKED_ID = `set_config('${LOCKED_SETTING}', id, true)`;
// missing_ok: NULL (or '') when no locking read of the transaction found a row: the loads find
// none. After an earlier lock of the same transaction they read its instance's rows, unused.
const LOCKED_ID = `current_setting('${LOCKED_SETTING}', true)`;

/** The loads of an instance's rest (UnitOfWork.loadRest), the instance id given as `id` (SQL text). */
const restLoads = (id: string) => ({
  // Each token with its open activity instance, each task with its history row (read together:
  // a command that moves a token or ends a task needs them; one statement instead of one per row).
  loadExecutions: `SELECT ${qualified('e', EXECUTION_COLS)}, ${qualified('a', HI_ACT_COLS)} FROM wf_execution e
    LEFT JOIN wf_hi_actinst a ON a.id = e.act_inst_id WHERE e.instance_id = ${id}`,
  loadTasks: `SELECT ${qualified('t', TASK_COLS)}, ${qualified('h', HI_TASK_COLS)} FROM wf_task t
    LEFT JOIN wf_hi_taskinst h ON h.id = t.id WHERE t.instance_id = ${id}`,
  // Through the runtime tasks of the instance (indexed), not a scan of every open task's links.
  loadLinks: `SELECT task_id, user_id, group_id FROM wf_identity_link WHERE task_id IN (SELECT id FROM wf_task WHERE instance_id = ${id})`,
  loadVars: `SELECT scope_id, name, type, value FROM wf_variable WHERE instance_id = ${id}`,
});

const REST = restLoads('?');
const LOCKED_REST = restLoads(LOCKED_ID);

/**
 * PostgreSQL (issue 44): the loads of the rest of an instance sent in the round trip of its
 * locking read, after it (SQL.lockInstance / lockInstanceOfTask; replay-db.ts prefetchLocked):
 * `sql` is the statement loadRest asks for (its `?` the instance id), `chained` the same reading
 * the locked row's id from the setting that read set. Each runs once the lock was granted, in a
 * snapshot of its own (READ COMMITTED), so it sees what the lock's previous holder committed.
 */
export const LOCKED_LOADS: ReadonlyArray<{ sql: string; chained: string }> = (['loadExecutions', 'loadTasks', 'loadLinks', 'loadVars'] as const)
  .map((k) => ({ sql: REST[k], chained: LOCKED_REST[k] }));

export const SQL = {
  loadInstance: `SELECT ${columns(INSTANCE_COLS)} FROM wf_instance WHERE id = ?`,
  loadInstanceOfTask: `SELECT ${columns(INSTANCE_COLS)} FROM wf_instance WHERE id = (SELECT instance_id FROM wf_task WHERE id = ?)`,
  // On PostgreSQL a command's load locks the instance row until its transaction ends (issue 44:
  // commands on one instance from several nodes queue instead of failing the revision check). A
  // waiter reads the row as the winner committed it; the task subquery was evaluated before the
  // wait, so the loads after it decide whether the task still exists.
  // The locked row's id also goes into a transaction-local setting the loads sent in the same
  // round trip read (LOCKED_LOADS; replay-db.ts prefetchLocked): an extra last column.
  lockInstance: `SELECT ${columns(INSTANCE_COLS)}, ${SET_LOCKED_ID} FROM wf_instance WHERE id = ? FOR UPDATE`,
  lockInstanceOfTask: `SELECT ${columns(INSTANCE_COLS)}, ${SET_LOCKED_ID} FROM wf_instance WHERE id = (SELECT instance_id FROM wf_task WHERE id = ?) FOR UPDATE`,
  ...REST,
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
