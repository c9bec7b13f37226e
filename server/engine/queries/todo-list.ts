/**
 * The to-do list (ruoyi-flowable.md §6 "Task lists" todoList): `name` (contains, on the process
 * definition name), `beginTime`/`endTime` (`yyyy-MM-dd[ HH:mm:ss]`, on the task create time) and
 * paging; newest first. Display names are the REST layer's job.
 *
 * Two runners over ONE statement text (todoStatements): `todoList` through the async store (the
 * engine's door, both databases), `todoListSync` over a better-sqlite3 connection (the to-do
 * reader's worker thread and the request thread's fallback: modules/flowable/task/todo-page.ts,
 * through the light door queries/index.ts).
 */
import type Database from 'better-sqlite3';
import type { DbKind, SqlParam, Store } from '../../db/store/port';
import { rawStmt, stmt } from '../store/rows';
import { fmt, jsonValues, limits, PAGE_SQL, range, totalOf, where, type ListFilter, type Page } from './common';

export interface TodoRow {
  taskId: string; taskDefKey: string; taskName: string; createTime: string | null; assignee: string | null; owner: string | null;
  delegationState: string | null; formKey: string | null; executionId: string; procDefId: string; procDefKey: string; procDefName: string;
  procDefVersion: number; deployId: string; category: string; procInsId: string; businessKey: string | null; startUserId: string | null;
  /** The calling instance when the task's instance was started by a call activity (procDefName is the called process's). */
  superProcInsId: string | null;
}

/** A to-do query: the list filter, the user and the user's candidate groups (role ids). */
export type TodoFilter = ListFilter & { userId: string; groupIds?: string[] };

/** Roles named one `?` each in the to-do list's statement; more go in as one JSON array. */
const MAX_LISTED_GROUPS = 32;

/**
 * The to-do rows' filter: the ids of the user's tasks, each branch driven by an index on the
 * user's own rows (tasks assigned to them; candidate links of unassigned tasks by user, then by
 * group), so the list costs what the user holds, not what every open task or history holds.
 * Parameters: user id, user id, then each group id (one `?` per group: a statement per number of
 * roles, prepared once each; `IN (SELECT value FROM json_each(?))` cost ~40 µs more on a 16-row
 * page: ~215–290 against ~175–230 µs between workflow writes, 76 against 37 µs repeated back to
 * back; issue 15); past MAX_LISTED_GROUPS roles one JSON array parameter (jsonValues) keeps the
 * statements few. Without groups the group branch is left out. SQLite's form (PostgreSQL reads
 * todoRowsSource, the same branches): CROSS JOIN keeps SQLite's planner from driving the candidate
 * branches by the (possibly many) unassigned tasks of others.
 */
function todoIds(groups: number): string {
  const list = groups > MAX_LISTED_GROUPS ? jsonValues('sqlite') : Array(groups).fill('?').join(', ');
  const byGroup = groups === 0 ? '' : `
  UNION ALL SELECT x.id FROM wf_identity_link l CROSS JOIN wf_task x ON x.id = l.task_id
    WHERE l.group_id IN (${list}) AND x.assignee IS NULL`;
  return `t.id IN (SELECT x.id FROM wf_task x WHERE x.assignee = ?
  UNION ALL SELECT x.id FROM wf_identity_link l CROSS JOIN wf_task x ON x.id = l.task_id WHERE l.user_id = ? AND x.assignee IS NULL${byGroup})`;
}

/** The task columns the to-do page and its filters read (PostgreSQL's branches return them whole). */
const TASK_COLS = ['id', 'task_def_key', 'name', 'create_time', 'assignee', 'owner', 'delegation_state', 'form_key', 'execution_id', 'instance_id', 'suspended'];

/**
 * PostgreSQL's to-do rows as a derived table `t`: the same branches as todoIds, each
 * returning the task's columns (TASK_COLS) instead of its id, merged by UNION (a task reached by
 * several branches is one row: the rows of one task are equal). `t.id IN (…)` made the planner
 * read each task twice, once in its branch and again by primary key: a page of 12 read 127 blocks
 * this way and 80 without (issue 44). Parameters as todoIds'.
 */
function todoRowsSource(groups: number): string {
  const cols = TASK_COLS.map((c) => `x.${c}`).join(', ');
  const list = groups > MAX_LISTED_GROUPS ? jsonValues('postgres') : Array(groups).fill('?').join(', ');
  const byGroup = groups === 0 ? '' : `
  UNION SELECT ${cols} FROM wf_identity_link l JOIN wf_task x ON x.id = l.task_id WHERE l.group_id IN (${list}) AND x.assignee IS NULL`;
  return `(SELECT ${cols} FROM wf_task x WHERE x.assignee = ?
  UNION SELECT ${cols} FROM wf_identity_link l JOIN wf_task x ON x.id = l.task_id WHERE l.user_id = ? AND x.assignee IS NULL${byGroup}) t`;
}

/** The statements of one to-do query: the page (bind `params`, `limit`, `offset`), its count (bind `params`). */
export interface TodoStatements { page: string; count: string; params: SqlParam[]; limit: number; offset: number }

/**
 * The to-do query `q` as SQL for database `kind` (the one text both runners execute). The page's
 * columns come in the order `todoRow` reads them (raw rows on the synchronous runner).
 */
export function todoStatements(kind: DbKind, q: TodoFilter): TodoStatements {
  const groups = [...new Set((q.groupIds ?? []).map(String))];
  const params: unknown[] = [String(q.userId), String(q.userId), ...(groups.length > MAX_LISTED_GROUPS ? [JSON.stringify(groups)] : groups)];
  // SQLite filters wf_task by the ids of todoIds; PostgreSQL reads the rows of todoRowsSource.
  const parts = kind === 'postgres' ? ['t.suspended = 0'] : ['t.suspended = 0', todoIds(groups.length)];
  range(kind, 't.create_time', q, params, parts);
  // The tasks alone are sorted, cut to the page and counted: the instance and definition joins
  // only for the name filter (the engine keeps every task's instance, and the foreign key every
  // instance's definition), the page's instances joined after the cut. A queue of 3,000 open
  // tasks: a page ~4.4 → ~2.9 ms, its count ~2.5 → ~1.9 ms (issue 15).
  const tasks = kind === 'postgres' ? todoRowsSource(groups.length) : 'wf_task t';
  const from = `FROM ${tasks}${q.name ? ' JOIN wf_instance i ON i.id = t.instance_id JOIN wf_definition d ON d.id = i.definition_id' : ''} ${where(parts)}`;
  const { limit, offset } = limits(q);
  // The outer ORDER BY keeps the page's order through the join (a subquery's order is not kept).
  // Distinct aliases: the asynchronous runner reads row objects (PostgreSQL folds unquoted names).
  const page = `SELECT t.id, t.task_def_key, t.name, t.create_time, t.assignee, t.owner, t.delegation_state, t.form_key,
      t.execution_id, i.definition_id, i.id AS "procInsId", i.business_key, i.start_user_id, i.super_instance_id
    FROM (SELECT t.id, t.task_def_key, t.name, t.create_time, t.assignee, t.owner, t.delegation_state, t.form_key, t.execution_id, t.instance_id
      ${from} ORDER BY t.create_time DESC, t.id DESC ${PAGE_SQL}) t
    JOIN wf_instance i ON i.id = t.instance_id ORDER BY t.create_time DESC, t.id DESC`;
  return { page, count: `SELECT COUNT(*) AS n ${from}`, params: params as SqlParam[], limit, offset };
}

/** id, key, name, version, deployment id, category of a definition (read fresh: the category can change). */
type DefinitionView = [string, string, string, number, string, string];
const DEFINITION_VIEW = 'SELECT id, key, name, version, deployment_id, category FROM wf_definition WHERE id = ?';

/**
 * The to-do rows of a page read as arrays (todoStatements' column order), each with its
 * definition's view (`defs`, by definition id). A row whose definition is gone (deleted by another
 * connection since the join) is left out.
 */
function todoRows(rows: readonly unknown[][], defs: ReadonlyMap<string, DefinitionView | undefined>): TodoRow[] {
  const out: TodoRow[] = [];
  for (const r of rows) {
    const d = defs.get(r[9] as string);
    if (!d) continue;
    out.push({
      taskId: r[0] as string, taskDefKey: r[1] as string, taskName: r[2] as string, createTime: fmt(r[3] as number),
      assignee: r[4] as string | null, owner: r[5] as string | null, delegationState: r[6] as string | null, formKey: r[7] as string | null,
      executionId: r[8] as string, procDefId: d[0], procDefKey: d[1], procDefName: d[2], procDefVersion: d[3], deployId: d[4], category: d[5],
      procInsId: r[10] as string, businessKey: r[11] as string | null, startUserId: r[12] as string | null, superProcInsId: r[13] as string | null,
    });
  }
  return out;
}

/**
 * To-do of a user: active (not suspended) tasks assigned to `userId`, or unassigned with `userId`
 * as candidate user or a candidate group among `groupIds` (the user's role ids), through the
 * store (either database): `{total, rows}`, newest first. Errors: the database's only.
 */
export async function todoList(store: Store, q: TodoFilter): Promise<Page<TodoRow>> {
  const s = todoStatements(store.kind, q);
  // Rows as arrays in column order: the page's, then its definition's view, read fresh in the same
  // statement (one round trip fewer per list on PostgreSQL, issue 44; LEFT JOIN: a row whose
  // definition is gone keeps its place in the page and its total, and is left out by todoRows as before).
  // Through valuesBatch where the store has it (PostgreSQL): planned as lookups by key, so a plan
  // made while wf_task held a few rows does not scan it whole as deleted rows pile up (a page read
  // 130 blocks after a vacuum and 860 a minute later; issue 44).
  const read = async (sql: string, params: SqlParam[]) => (store.valuesBatch ? (await store.valuesBatch([{ sql, params }]))[0] : store.values(sql, params));
  const rows = await read(pageWithDefinitions(s.page), [...s.params, s.limit, s.offset]);
  const total = totalOf(rows.length, s.limit, s.offset) ?? Number((await read(s.count, s.params))[0][0]);
  const defs = new Map<string, DefinitionView | undefined>();
  for (const r of rows) {
    if (!defs.has(r[9] as string)) defs.set(r[9] as string, r[14] === null ? undefined : [r[9], ...r.slice(14, 19)] as DefinitionView);
  }
  return { total, rows: todoRows(rows, defs) };
}

/** The page statement with DEFINITION_VIEW's columns after its own (columns 14–18: key, name, version, deployment id, category). */
function pageWithDefinitions(page: string): string {
  return `SELECT p.*, d.key AS "defKey", d.name AS "defName", d.version AS "defVersion", d.deployment_id AS "defDeployId", d.category AS "defCategory"
    FROM (${page}) p LEFT JOIN wf_definition d ON d.id = p.definition_id ORDER BY p.create_time DESC, p.id DESC`;
}

/**
 * todoList over a better-sqlite3 connection, synchronously (the to-do reader's worker thread and
 * its fallback on the request thread: SQLite only). Raw rows (arrays) mapped by one object
 * literal: better-sqlite3 builds a 19-key row object key by key (slow, dictionary-mode objects
 * that stay slow to spread and serialise). Statements are prepared once per filter shape and
 * number of groups (every request runs this list).
 */
export function todoListSync(db: Database.Database, q: TodoFilter): Page<TodoRow> {
  const s = todoStatements('sqlite', q);
  const rows = rawStmt(db, s.page).all(...s.params, s.limit, s.offset);
  const total = totalOf(rows.length, s.limit, s.offset) ?? (stmt(db, s.count).get(...s.params) as { n: number }).n;
  const defs = new Map<string, DefinitionView | undefined>();
  for (const r of rows) {
    const id = r[9] as string;
    if (!defs.has(id)) defs.set(id, rawStmt(db, DEFINITION_VIEW).get(id) as DefinitionView | undefined);
  }
  return { total, rows: todoRows(rows, defs) };
}
