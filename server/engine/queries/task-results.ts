/**
 * What became of a historic task in its assignee's hands (issue 40 §4): whether the assignee
 * handled it at all (已办任务 lists only those), its result (处理结果: the comment type of what
 * the assignee did), and which completed tasks their assignee took back with 撤回.
 *
 * Comment types: reference §6 FlowComment 1–6, issue 16 7–10 (commands/task-commands.ts).
 */
import type { Store } from '../../db/store/port';
import { jsonValues } from './common';

/**
 * SQL condition on a historic task `h` (wf_hi_taskinst): its assignee handled it. A completed
 * task (no delete reason) was; a cancelled one only when its assignee acted on it with a
 * comment other than 7 撤回 or 8 抄送 (退回, 驳回, 加签 before, 终止 by the initiator, …). Tasks
 * taken away by someone else (another approver's 撤回, a reject that moved a parallel branch, a
 * stop, a countersign ended or a signer removed) were not handled by their assignee. Uses the
 * comment task index.
 */
export const HANDLED_SQL = `(h.delete_reason IS NULL OR EXISTS (SELECT 1 FROM wf_comment hc WHERE hc.task_id = h.id
  AND hc.user_id = h.assignee AND hc.type NOT IN ('7', '8')))`;

/** The part of a historic task the result needs. */
export interface ResultSource { taskId: string; procInsId: string; assignee: string | null; deleteReason: string | null }

/**
 * Ids of the completed tasks whose assignee withdrew them (撤回, move-commands.ts revoke), among
 * the instances `instanceIds`. A withdrawal is a comment of type 7 by user U on task X (the next
 * task it cancelled, or in a running parallel countersign U's own vote): the withdrawn task is X
 * itself when X is U's completed task, else U's latest completed task in the instance at the
 * time of the comment that was created before X (revoke's own choice: latest end time, then the
 * highest id; task ids are time-ordered).
 */
export async function withdrawnTaskIds(store: Store, instanceIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (!instanceIds.length) return out;
  const marks = await store.all<{ i: string; u: string; t: number; x: string }>(`SELECT DISTINCT c.instance_id AS i, c.user_id AS u, c.time AS t, c.task_id AS x
    FROM wf_comment c WHERE c.type = '7' AND c.task_id IS NOT NULL AND c.user_id IS NOT NULL AND c.instance_id IN (${jsonValues(store.kind)})`,
  [JSON.stringify([...new Set(instanceIds)])]);
  for (const m of marks) {
    const own = await store.get<{ id: string }>('SELECT id FROM wf_hi_taskinst WHERE id = ? AND assignee = ? AND end_time IS NOT NULL AND delete_reason IS NULL', [m.x, m.u]);
    const prev = own ?? await store.get<{ id: string }>(`SELECT id FROM wf_hi_taskinst WHERE instance_id = ? AND assignee = ? AND end_time IS NOT NULL
      AND delete_reason IS NULL AND end_time <= ? AND id < ? ORDER BY end_time DESC, id DESC LIMIT 1`, [m.i, m.u, m.t, m.x]);
    if (prev) out.add(prev.id);
  }
  return out;
}

/**
 * The result type of each historic task of `rows` (taskId → comment type, or null): '7' when its
 * assignee withdrew it (withdrawnTaskIds); else the type of the assignee's latest comment on it
 * other than 8 抄送 (2 退回, 3 驳回, 9 加签, …); else '1' (通过) for a completed task; else
 * null. Two statements for a page, plus one per withdrawal in its instances.
 */
export async function taskResults(store: Store, rows: readonly ResultSource[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (!rows.length) return out;
  const withdrawn = await withdrawnTaskIds(store, rows.map((r) => r.procInsId));
  const comments = await store.all<{ taskId: string; type: string; userId: string | null }>(`SELECT task_id AS "taskId", type, user_id AS "userId"
    FROM wf_comment WHERE task_id IN (${jsonValues(store.kind)}) AND type <> '8' ORDER BY time, id`, [JSON.stringify(rows.map((r) => r.taskId))]);
  const latest = new Map<string, string>();
  const assignee = new Map(rows.map((r) => [r.taskId, r.assignee]));
  for (const c of comments) if (c.userId !== null && c.userId === assignee.get(c.taskId)) latest.set(c.taskId, c.type);
  for (const r of rows) {
    out.set(r.taskId, withdrawn.has(r.taskId) ? '7' : latest.get(r.taskId) ?? (r.deleteReason === null ? '1' : null));
  }
  return out;
}
