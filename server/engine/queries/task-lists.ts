/**
 * Task lists (ruoyi-flowable.md §6 "Task lists"): to-do, finished, my processes. All take
 * `name` (LIKE on the process definition name), `beginTime`/`endTime` (`yyyy-MM-dd[ HH:mm:ss]`,
 * on the task create time / finish time / instance start time) and paging; newest first.
 * Display names (start user nick name, dept) are the REST layer's job (user table).
 */
import type Database from 'better-sqlite3';
import { rawStmt, stmt } from '../store/rows';
import { durationText, fmt, like, LIKE_ESCAPED, limits, PAGE_SQL, parseBound, type Page, type PageQuery } from './common';
import { HANDLED_SQL, taskResults } from './task-results';

export interface ListFilter extends PageQuery { name?: string; beginTime?: string; endTime?: string }

export interface TodoRow {
  taskId: string; taskDefKey: string; taskName: string; createTime: string | null; assignee: string | null; owner: string | null;
  delegationState: string | null; formKey: string | null; executionId: string; procDefId: string; procDefKey: string; procDefName: string;
  procDefVersion: number; deployId: string; category: string; procInsId: string; businessKey: string | null; startUserId: string | null;
  /** The calling instance when the task's instance was started by a call activity (procDefName is the called process's). */
  superProcInsId: string | null;
}

/**
 * The total of a list whose page `rows` was read with `limit` / `offset`: a page that is not full
 * ends the list (unless it is empty past the first page), so only a full or empty later page
 * runs the COUNT (which grows with the user's history for the finished / my-process lists).
 */
function totalOf(rowCount: number, limit: number, offset: number, count: () => number): number {
  return rowCount < limit && (offset === 0 || rowCount > 0) ? offset + rowCount : count();
}

function where(parts: string[]): string {
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

function range(col: string, f: ListFilter, params: unknown[], parts: string[]) {
  const b = parseBound(f.beginTime);
  const e = parseBound(f.endTime, true);
  if (b !== undefined) { parts.push(`${col} >= ?`); params.push(b); }
  if (e !== undefined) { parts.push(`${col} <= ?`); params.push(e); }
  if (f.name) { parts.push(`d.name ${LIKE_ESCAPED}`); params.push(like(f.name)); }
}

/** Roles named one `?` each in the to-do list's statement; more go in as one JSON array. */
const MAX_LISTED_GROUPS = 32;

/**
 * The to-do rows' filter: the ids of the user's tasks, each branch driven by an index on the
 * user's own rows (tasks assigned to them; candidate links of unassigned tasks by user, then by
 * group), so the list costs what the user holds, not what every open task or history holds.
 * Parameters: user id, user id, then each group id (one `?` per group: a statement per number of
 * roles, prepared once each; `IN (SELECT value FROM json_each(?))` cost ~40 µs more on a 16-row
 * page: ~215–290 against ~175–230 µs between workflow writes, 76 against 37 µs repeated back to
 * back; issue 15); past MAX_LISTED_GROUPS roles one JSON array parameter
 * (`json_each`) keeps the statements few. Without groups the group branch is left out. CROSS JOIN
 * keeps SQLite from driving the candidate branches by the (possibly many) unassigned tasks of others.
 */
function todoIds(groups: number): string {
  const list = groups > MAX_LISTED_GROUPS ? 'SELECT value FROM json_each(?)' : Array(groups).fill('?').join(', ');
  const byGroup = groups === 0 ? '' : `
  UNION ALL SELECT x.id FROM wf_identity_link l CROSS JOIN wf_task x ON x.id = l.task_id
    WHERE l.group_id IN (${list}) AND x.assignee IS NULL`;
  return `t.id IN (SELECT x.id FROM wf_task x WHERE x.assignee = ?
  UNION ALL SELECT x.id FROM wf_identity_link l CROSS JOIN wf_task x ON x.id = l.task_id WHERE l.user_id = ? AND x.assignee IS NULL${byGroup})`;
}

/**
 * To-do of a user: active (not suspended) tasks assigned to `userId`, or unassigned with `userId`
 * as candidate user or a candidate group among `groupIds` (the user's role ids). Statements are
 * prepared once per filter shape and number of groups (every request runs this list).
 */
export function todoList(db: Database.Database, q: ListFilter & { userId: string; groupIds?: string[] }): Page<TodoRow> {
  const groups = [...new Set((q.groupIds ?? []).map(String))];
  const params: unknown[] = [String(q.userId), String(q.userId), ...(groups.length > MAX_LISTED_GROUPS ? [JSON.stringify(groups)] : groups)];
  const parts = ['t.suspended = 0', todoIds(groups.length)];
  range('t.create_time', q, params, parts);
  // The tasks alone are sorted, cut to the page and counted: the instance and definition joins
  // only for the name filter (the foreign keys keep every task's instance and every instance's
  // definition), the page's instances joined after the cut. A queue of 3,000 open tasks: a page
  // ~4.4 → ~2.9 ms, its count ~2.5 → ~1.9 ms (issue 15).
  const from = `FROM wf_task t${q.name ? ' JOIN wf_instance i ON i.id = t.instance_id JOIN wf_definition d ON d.id = i.definition_id' : ''} ${where(parts)}`;
  const { limit, offset } = limits(q);
  // Raw rows (arrays) mapped by one object literal: better-sqlite3 builds a 19-key row object
  // key by key (slow, dictionary-mode objects that stay slow to spread and serialise). The
  // definition columns come once per distinct definition (definitionView), not once per row.
  // The outer ORDER BY keeps the page's order through the join (a subquery's order is not kept).
  const rows = rawStmt(db, `SELECT t.id, t.task_def_key, t.name, t.create_time, t.assignee, t.owner, t.delegation_state, t.form_key,
      t.execution_id, i.definition_id, i.id, i.business_key, i.start_user_id, i.super_instance_id
    FROM (SELECT t.id, t.task_def_key, t.name, t.create_time, t.assignee, t.owner, t.delegation_state, t.form_key, t.execution_id, t.instance_id
      ${from} ORDER BY t.create_time DESC, t.id DESC ${PAGE_SQL}) t
    JOIN wf_instance i ON i.id = t.instance_id ORDER BY t.create_time DESC, t.id DESC`).all(...params, limit, offset);
  const total = totalOf(rows.length, limit, offset, () => (stmt(db, `SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }).n);
  const defs = new Map<string, DefinitionView | undefined>();
  const out: TodoRow[] = [];
  for (const r of rows) {
    const defId = r[9] as string;
    let d = defs.get(defId);
    if (!d && !defs.has(defId)) defs.set(defId, (d = definitionView(db, defId)));
    if (!d) continue; // deleted by another connection since (the join's answer)
    out.push({
      taskId: r[0] as string, taskDefKey: r[1] as string, taskName: r[2] as string, createTime: fmt(r[3] as number),
      assignee: r[4] as string | null, owner: r[5] as string | null, delegationState: r[6] as string | null, formKey: r[7] as string | null,
      executionId: r[8] as string, procDefId: d[0], procDefKey: d[1], procDefName: d[2], procDefVersion: d[3], deployId: d[4], category: d[5],
      procInsId: r[10] as string, businessKey: r[11] as string | null, startUserId: r[12] as string | null, superProcInsId: r[13] as string | null,
    });
  }
  return { total, rows: out };
}

/** id, key, name, version, deployment id, category of a definition (read fresh: the category can change). */
type DefinitionView = [string, string, string, number, string, string];
const definitionView = (db: Database.Database, id: string) =>
  rawStmt(db, 'SELECT id, key, name, version, deployment_id, category FROM wf_definition WHERE id = ?').get(id) as DefinitionView | undefined;

export interface FinishedRow {
  taskId: string; taskDefKey: string; taskName: string; createTime: string | null; finishTime: string | null; duration: string | null;
  durationMs: number | null; deleteReason: string | null; procDefId: string; procDefKey: string; procDefName: string; procDefVersion: number;
  deployId: string; category: string; procInsId: string; startUserId: string | null; instanceEnded: boolean;
  /** The calling instance when the task's instance was started by a call activity. */
  superProcInsId: string | null;
  /** 处理结果 as a comment type (task-results.ts taskResults: '1' 通过, '2' 退回, '7' 撤回, …), or null. */
  resultType: string | null;
}

/**
 * Historic tasks finished by `userId` (assignee) and handled by them (task-results.ts HANDLED_SQL:
 * not those another user's 撤回, reject, stop or countersign took away; issue 40 §4), newest
 * finish first, each with its result type.
 */
export function finishedList(db: Database.Database, q: ListFilter & { userId: string }): Page<FinishedRow> {
  const params: unknown[] = [String(q.userId)];
  const parts = ['h.assignee = ?', 'h.end_time IS NOT NULL', HANDLED_SQL];
  range('h.end_time', q, params, parts);
  const from = `FROM wf_hi_taskinst h JOIN wf_instance i ON i.id = h.instance_id JOIN wf_definition d ON d.id = i.definition_id ${where(parts)}`;
  const { limit, offset } = limits(q);
  const rows = stmt(db, `SELECT h.id AS taskId, h.task_def_key AS taskDefKey, h.name AS taskName, h.create_time AS c, h.end_time AS e,
      h.duration AS durationMs, h.delete_reason AS deleteReason, d.id AS procDefId, d.key AS procDefKey, d.name AS procDefName,
      d.version AS procDefVersion, d.deployment_id AS deployId, d.category, i.id AS procInsId, i.start_user_id AS startUserId,
      i.super_instance_id AS superProcInsId, i.end_time AS ie
    ${from} ORDER BY h.end_time DESC, h.id DESC ${PAGE_SQL}`).all(...params, limit, offset) as Array<Record<string, unknown>>;
  const total = totalOf(rows.length, limit, offset, () => (stmt(db, `SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }).n);
  const results = taskResults(db, rows.map((r) => ({
    taskId: r.taskId as string, procInsId: r.procInsId as string, assignee: String(q.userId), deleteReason: r.deleteReason as string | null,
  })));
  return {
    total,
    rows: rows.map(({ c, e, ie, ...r }) => ({
      ...(r as Omit<FinishedRow, 'createTime' | 'finishTime' | 'duration' | 'instanceEnded' | 'resultType'>),
      createTime: fmt(c as number), finishTime: fmt(e as number), duration: durationText(r.durationMs as number | null), instanceEnded: ie !== null,
      resultType: results.get(r.taskId as string) ?? null,
    })),
  };
}

export interface MyProcessRow {
  procInsId: string; procDefId: string; procDefKey: string; procDefName: string; procDefVersion: number; deployId: string; category: string;
  businessKey: string | null; state: string; createTime: string | null; finishTime: string | null; duration: string | null;
  /**
   * Current task: the first active task of the instance or of an instance its call activities
   * started (any depth), else the most recently ended one of those.
   */
  taskId: string | null; taskName: string | null; assigneeId: string | null;
  /** Set when the current task belongs to a called instance: that instance and its process name. */
  taskProcInsId: string | null; taskProcDefName: string | null;
}

/** Each root id (JSON array parameter) with itself and the instances called from it, any depth. */
const TREES = `WITH RECURSIVE tree(root, id, depth) AS (SELECT value, value, 0 FROM json_each(?) UNION ALL
  SELECT tree.root, i.id, tree.depth + 1 FROM wf_instance i JOIN tree ON i.super_instance_id = tree.id WHERE tree.depth < 20)`;

/**
 * Instances started by `userId`, newest first, with the current (or last) task. Instances started
 * by a call activity are left out: their caller's row stands for them (its current task may be the
 * called instance's). Flowable would list a called instance under the user who completed the task
 * that reached the call activity (startedBy = the authenticated user); here the called instance
 * carries the caller's initiator and is shown inside the caller's flow record instead. Two queries
 * per page (rows, current tasks), none per row.
 */
export function myProcessList(db: Database.Database, q: ListFilter & { userId: string; now: number }): Page<MyProcessRow> {
  const params: unknown[] = [String(q.userId)];
  const parts = ['i.start_user_id = ?', 'i.super_instance_id IS NULL'];
  range('i.start_time', q, params, parts);
  const from = `FROM wf_instance i JOIN wf_definition d ON d.id = i.definition_id ${where(parts)}`;
  const { limit, offset } = limits(q);
  const rows = stmt(db, `SELECT i.id AS procInsId, d.id AS procDefId, d.key AS procDefKey, d.name AS procDefName, d.version AS procDefVersion,
      d.deployment_id AS deployId, d.category, i.business_key AS businessKey, i.state, i.start_time AS s, i.end_time AS e
    ${from} ORDER BY i.start_time DESC, i.id DESC ${PAGE_SQL}`).all(...params, limit, offset) as Array<Record<string, unknown>>;
  const total = totalOf(rows.length, limit, offset, () => (stmt(db, `SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }).n);
  type Current = { root: string; id: string; name: string; assignee: string | null; inst: string; depth: number; pn: string };
  const current = new Map<string, Current>();
  if (rows.length) {
    const ids = JSON.stringify(rows.map((r) => r.procInsId));
    const found = stmt(db, `${TREES} SELECT tree.root, x.id, x.name, x.assignee, x.inst, tree.depth, d.name AS pn FROM (
        SELECT t.id, t.name, t.assignee, t.instance_id AS inst, 0 AS hist, t.create_time AS k1, 0 AS k2 FROM wf_task t WHERE t.instance_id IN (SELECT id FROM tree)
        UNION ALL SELECT h.id, h.name, h.assignee, h.instance_id, 1, -COALESCE(h.end_time, 0), 0 FROM wf_hi_taskinst h WHERE h.instance_id IN (SELECT id FROM tree)
      ) x JOIN tree ON tree.id = x.inst JOIN wf_instance i ON i.id = x.inst JOIN wf_definition d ON d.id = i.definition_id
      ORDER BY x.hist, x.k1, CASE x.hist WHEN 0 THEN x.id END, CASE x.hist WHEN 1 THEN x.id END DESC`).all(ids) as Current[];
    for (const c of found) if (!current.has(c.root)) current.set(c.root, c);
  }
  return {
    total,
    rows: rows.map(({ s, e, ...r }) => {
      const t = current.get(r.procInsId as string);
      return {
        ...(r as Omit<MyProcessRow, 'createTime' | 'finishTime' | 'duration' | 'taskId' | 'taskName' | 'assigneeId' | 'taskProcInsId' | 'taskProcDefName'>),
        createTime: fmt(s as number), finishTime: fmt(e as number | null),
        duration: durationText(((e as number | null) ?? q.now) - (s as number)),
        taskId: t?.id ?? null, taskName: t?.name ?? null, assigneeId: t?.assignee ?? null,
        taskProcInsId: t && t.depth > 0 ? t.inst : null, taskProcDefName: t && t.depth > 0 ? t.pn : null,
      };
    }),
  };
}
