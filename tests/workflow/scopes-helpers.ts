/**
 * Helpers of the scopes / service / call-activity tests: a process wrapper with error and
 * message declarations, and readers of executions, history and variables straight from the tables
 * (through the store: they run on both databases).
 */
import type { Store } from '../../server/db/store/port';
import type { Engine } from '../../server/engine';

/** A definitions document with one process `key` (flowable: namespace, errors E1..E3 declared). */
export const proc = (key: string, body: string, extraRoots = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
  <error id="err1" errorCode="E1"/><error id="err2" errorCode="E2"/><error id="err3" errorCode="E3"/>${extraRoots}
  <process id="${key}" name="${key}">${body}</process></definitions>`;

/** `<sequenceFlow>` shorthand: flow(id, source, target[, condition]). */
export const flow = (id: string, s: string, t: string, cond?: string) => cond
  ? `<sequenceFlow id="${id}" sourceRef="${s}" targetRef="${t}"><conditionExpression xsi:type="tFormalExpression">${cond}</conditionExpression></sequenceFlow>`
  : `<sequenceFlow id="${id}" sourceRef="${s}" targetRef="${t}"/>`;

/** Active task keys of an instance, sorted. */
export const keys = async (engine: Engine, instanceId: string) => (await engine.instanceTasks(instanceId)).map((t) => t.taskDefKey).sort();

/** Completes the active task `key` (as admin). */
export async function done(engine: Engine, instanceId: string, key: string, variables?: Record<string, unknown>) {
  const t = (await engine.instanceTasks(instanceId)).find((x) => x.taskDefKey === key);
  if (!t) throw new Error(`no active task ${key}; active: ${(await keys(engine, instanceId)).join(', ')}`);
  return await engine.complete({ taskId: t.taskId, userId: t.assignee ?? 'admin', variables });
}

/** Executions of an instance, by id: `{ id, parentId, activityId, isScope }`. */
export const executions = (store: Store, instanceId: string) => store.all<{ id: string; parentId: string | null; activityId: string; isScope: number }>(
  'SELECT id, parent_id AS "parentId", activity_id AS "activityId", is_scope AS "isScope" FROM wf_execution WHERE instance_id = ? ORDER BY id', [instanceId],
);

/** History activity rows `activityId:type[:x]` (x = cancelled with a delete reason), in order. */
export const acts = async (store: Store, instanceId: string) => (await store.all<{ a: string; t: string; r: string | null; e: number | null }>(
  "SELECT activity_id AS a, activity_type AS t, delete_reason AS r, end_time AS e FROM wf_hi_actinst WHERE instance_id = ? AND activity_type <> 'sequenceFlow' ORDER BY id", [instanceId],
)).map((r) => `${r.a}:${r.t}${r.r ? ':x' : ''}${r.e === null ? ':open' : ''}`);

/** History task rows `key:deleteReason|ok`. */
export const hiTasks = async (store: Store, instanceId: string) => (await store.all<{ k: string; r: string | null; e: number | null }>(
  'SELECT task_def_key AS k, delete_reason AS r, end_time AS e FROM wf_hi_taskinst WHERE instance_id = ? ORDER BY create_time, id', [instanceId],
)).map((r) => `${r.k}:${r.e === null ? 'open' : r.r ? 'cancelled' : 'done'}`);

/** The instance's row (state, end, caller, business key), or undefined. */
export const instanceRow = (store: Store, instanceId: string) => store.get<{ state: string; endTime: number | null; endActivityId: string | null; deleteReason: string | null; superInstanceId: string | null; businessKey: string | null }>(
  'SELECT state, end_time AS "endTime", end_activity_id AS "endActivityId", delete_reason AS "deleteReason", super_instance_id AS "superInstanceId", business_key AS "businessKey" FROM wf_instance WHERE id = ?', [instanceId],
);

/** Variables stored under execution scopes (not the instance, not tasks): `name=value`. */
export const scopedVars = async (store: Store, instanceId: string) => (await store.all<{ n: string; v: string }>(
  'SELECT v.name AS n, v.value AS v FROM wf_variable v JOIN wf_execution e ON e.id = v.scope_id WHERE v.instance_id = ? ORDER BY v.name', [instanceId],
)).map((r) => `${r.n}=${r.v}`);
