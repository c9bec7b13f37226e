/**
 * The raw history of a run (wf_hi_actinst, wf_hi_taskinst), for 流程模拟 (server/modules/flowable/
 * simulate: issue 16 "流程模拟 (dry run)"), which reads its scratch engine's history to draw the
 * path taken, where tokens wait and who received each task. Read only; the rows as stored, in the
 * order they were written (no paging, no display names).
 */
import type { Store } from '../../db/store/port';
import { jsonValues } from './common';

/** One activity an instance entered (a node or a sequence flow), from wf_hi_actinst. */
export interface ActivityHistoryItem {
  activityId: string;
  activityName: string;
  /** The BPMN type without prefix: `userTask`, `sequenceFlow`, `subProcess`, … */
  activityType: string;
  /** False while the activity is still active (no end time). */
  finished: boolean;
}

/** One user task of the history (wf_hi_taskinst), candidates as created. */
export interface HistoricTaskItem {
  taskId: string;
  taskDefKey: string;
  name: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  /** The instance the task belongs to. */
  instanceId: string;
  /** The name of the task's process definition (wf_definition.name). */
  processName: string;
}

/** `a, b` → ['a', 'b']: the stored comma list, each id trimmed, empties dropped. */
const split = (s: string | null): string[] => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/**
 * Every activity instance `instanceId` entered, in the order entered (wf_hi_actinst.id), an
 * activity entered twice listed twice. An unknown instance gives []. Errors: the database's only.
 */
export async function activityHistory(store: Store, instanceId: string): Promise<ActivityHistoryItem[]> {
  const rows = await store.all<{ id: string; name: string; type: string; endTime: number | null }>(
    'SELECT activity_id AS id, activity_name AS name, activity_type AS type, end_time AS "endTime" FROM wf_hi_actinst a WHERE instance_id = ? ORDER BY a.id', [instanceId]);
  return rows.map((r) => ({ activityId: r.id, activityName: r.name, activityType: r.type, finished: r.endTime !== null }));
}

/**
 * The historic user tasks (finished or not) of the instances `instanceIds`, in creation order
 * (create time, then id), each with its process definition's name. Unknown ids add nothing.
 * Errors: the database's only.
 */
export async function historicTasks(store: Store, instanceIds: readonly string[]): Promise<HistoricTaskItem[]> {
  const rows = await store.all<{ id: string; k: string; name: string; assignee: string | null; cu: string; cg: string; inst: string; pn: string }>(
    `SELECT h.id, h.task_def_key AS k, h.name, h.assignee, h.candidate_users AS cu, h.candidate_groups AS cg, h.instance_id AS inst, d.name AS pn
    FROM wf_hi_taskinst h JOIN wf_definition d ON d.id = h.definition_id
    WHERE h.instance_id IN (${jsonValues(store.kind)}) ORDER BY h.create_time, h.id`, [JSON.stringify(instanceIds)]);
  return rows.map((r) => ({ taskId: r.id, taskDefKey: r.k, name: r.name, assignee: r.assignee,
    candidateUsers: split(r.cu), candidateGroups: split(r.cg), instanceId: r.inst, processName: r.pn }));
}
