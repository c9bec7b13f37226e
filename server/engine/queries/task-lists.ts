/**
 * Task lists (ruoyi-flowable.md §6 "Task lists"): to-do (todo-list.ts), finished, my processes.
 * All take `name` (contains, on the process definition name), `beginTime`/`endTime`
 * (`yyyy-MM-dd[ HH:mm:ss]`, on the task create time / finish time / instance start time) and
 * paging; newest first. Display names (start user nick name, dept) are the REST layer's job
 * (user table). Statements through the store, on either database (issue 43).
 */
import type { DbKind, SqlParam, Store } from '../../db/store/port';
import { durationText, fmt, jsonFrom, limits, PAGE_SQL, range, totalOf, where, type ListFilter, type Page } from './common';
import { HANDLED_SQL, taskResults } from './task-results';

export type { ListFilter } from './common';
export { todoList, todoListSync, type TodoRow } from './todo-list';

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
export async function finishedList(store: Store, q: ListFilter & { userId: string }): Promise<Page<FinishedRow>> {
  const params: unknown[] = [String(q.userId)];
  const parts = ['h.assignee = ?', 'h.end_time IS NOT NULL', HANDLED_SQL];
  range(store.kind, 'h.end_time', q, params, parts);
  const from = `FROM wf_hi_taskinst h JOIN wf_instance i ON i.id = h.instance_id JOIN wf_definition d ON d.id = i.definition_id ${where(parts)}`;
  const { limit, offset } = limits(q);
  const rows = await store.all<Record<string, unknown>>(`SELECT h.id AS "taskId", h.task_def_key AS "taskDefKey", h.name AS "taskName", h.create_time AS c,
      h.end_time AS e, h.duration AS "durationMs", h.delete_reason AS "deleteReason", d.id AS "procDefId", d.key AS "procDefKey",
      d.name AS "procDefName", d.version AS "procDefVersion", d.deployment_id AS "deployId", d.category, i.id AS "procInsId",
      i.start_user_id AS "startUserId", i.super_instance_id AS "superProcInsId", i.end_time AS ie
    ${from} ORDER BY h.end_time DESC, h.id DESC ${PAGE_SQL}`, [...params, limit, offset] as SqlParam[]);
  const total = totalOf(rows.length, limit, offset) ?? (await store.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, params as SqlParam[]))!.n;
  const results = await taskResults(store, rows.map((r) => ({
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
const trees = (kind: DbKind) => `WITH RECURSIVE tree(root, id, depth) AS (SELECT value, value, 0 FROM ${jsonFrom(kind)} UNION ALL
  SELECT tree.root, i.id, tree.depth + 1 FROM wf_instance i JOIN tree ON i.super_instance_id = tree.id WHERE tree.depth < 20)`;

/**
 * Instances started by `userId`, newest first, with the current (or last) task. Instances started
 * by a call activity are left out: their caller's row stands for them (its current task may be the
 * called instance's). Flowable would list a called instance under the user who completed the task
 * that reached the call activity (startedBy = the authenticated user); here the called instance
 * carries the caller's initiator and is shown inside the caller's flow record instead. Two queries
 * per page (rows, current tasks), none per row.
 */
export async function myProcessList(store: Store, q: ListFilter & { userId: string; now: number }): Promise<Page<MyProcessRow>> {
  const params: unknown[] = [String(q.userId)];
  const parts = ['i.start_user_id = ?', 'i.super_instance_id IS NULL'];
  range(store.kind, 'i.start_time', q, params, parts);
  const from = `FROM wf_instance i JOIN wf_definition d ON d.id = i.definition_id ${where(parts)}`;
  const { limit, offset } = limits(q);
  const rows = await store.all<Record<string, unknown>>(`SELECT i.id AS "procInsId", d.id AS "procDefId", d.key AS "procDefKey", d.name AS "procDefName",
      d.version AS "procDefVersion", d.deployment_id AS "deployId", d.category, i.business_key AS "businessKey", i.state, i.start_time AS s, i.end_time AS e
    ${from} ORDER BY i.start_time DESC, i.id DESC ${PAGE_SQL}`, [...params, limit, offset] as SqlParam[]);
  const total = totalOf(rows.length, limit, offset) ?? (await store.get<{ n: number }>(`SELECT COUNT(*) AS n ${from}`, params as SqlParam[]))!.n;
  type Current = { root: string; id: string; name: string; assignee: string | null; inst: string; depth: number; pn: string };
  const current = new Map<string, Current>();
  if (rows.length) {
    const ids = JSON.stringify(rows.map((r) => r.procInsId));
    const found = await store.all<Current>(`${trees(store.kind)} SELECT tree.root, x.id, x.name, x.assignee, x.inst, tree.depth, d.name AS pn FROM (
        SELECT t.id, t.name, t.assignee, t.instance_id AS inst, 0 AS hist, t.create_time AS k1, 0 AS k2 FROM wf_task t WHERE t.instance_id IN (SELECT id FROM tree)
        UNION ALL SELECT h.id, h.name, h.assignee, h.instance_id, 1, -COALESCE(h.end_time, 0), 0 FROM wf_hi_taskinst h WHERE h.instance_id IN (SELECT id FROM tree)
      ) x JOIN tree ON tree.id = x.inst JOIN wf_instance i ON i.id = x.inst JOIN wf_definition d ON d.id = i.definition_id
      ORDER BY x.hist, x.k1, CASE x.hist WHEN 0 THEN x.id END, CASE x.hist WHEN 1 THEN x.id END DESC`, [ids]);
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
