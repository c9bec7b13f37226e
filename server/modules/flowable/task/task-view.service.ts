/**
 * Task-side reads and guards around the engine (reference §2 Workflow; api-contract "Workflow"):
 * the to-do lists (todo-page.ts, todo-reader.ts), the history lists (task-history.service.ts),
 * the instance views and next nodes, and the instance guard of the instance commands. Display
 * names (startUserName, assigneeName, deptName, candidate) come from sys_user / sys_dept / sys_role.
 * Reads of instance data check the reader first (../common/access.service.ts: participants and monitors).
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { hasPermission, type LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import type { NextNode } from '../../../engine';
import { parseForm } from '../library/library.service';
import type { taskListInput } from '../../../../shared/schemas/flowable';
import { taskFormView, type TaskFormView } from './task-form';
import { actorOf, assertInstanceReader, assertTaskReader } from '../common/access.service';
import { nameTodoRows, type NamedTodoRow } from './todo-page';
import { people } from '../common/names';
import { JsonPage, SerializedPage } from '../../../core/pre-serialized';
import { mainFormOfDeployment } from '../library/form-versions.repo';
import { readableVariables } from '../common/withheld';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'engine' | 'todoReader'>;

/**
 * Throws 403 没有权限，请联系管理员授权 unless the user started every one of `instanceIds` or holds
 * `perm` (the super admin holds all); a missing instance answers 未找到流程实例，流程可能已发生变化.
 * Checked before anything is written (developers' guide: the server checks every permission).
 */
export async function assertInstanceAccess(deps: Pick<AppDeps, 'engine'>, login: LoginUser, instanceIds: string[], perm: string): Promise<void> {
  const mayAll = hasPermission(login, perm);
  for (const id of instanceIds) {
    const instance = await deps.engine.getInstance(id);
    if (!mayAll && instance.startUserId !== String(login.userId)) throw new AppError('forbidden', '没有权限，请联系管理员授权');
  }
}

// ---- task lists
/**
 * 待办: the user's to-do page (todo-page.ts) as ONE answer for both transports (issue 42: the
 * procedure no longer asks which transport called it): a JsonPage, `{total, rows}` with the rows
 * as the UTF-8 bytes of their JSON array (issue 15). The REST `page` envelope splices the bytes
 * (rest/plugin.ts); tRPC writes the same `{total, rows}` through its toJSON. Read by the to-do
 * reader's worker thread (todo-reader.ts) when the app has one; else (`:memory:`, the worker not
 * started yet or gone) on this thread (the engine's todoList, the names on the async store), kept as a SerializedPage so tRPC writes the row objects
 * without parsing the bytes again. Errors: none of its own (the session is checked before).
 */
export async function todoList(deps: Deps, login: LoginUser, q: z.output<typeof taskListInput>): Promise<JsonPage<NamedTodoRow>> {
  const query = { ...q, ...actorOf(login) };
  const pending = deps.todoReader?.read(query);
  if (pending) {
    try {
      return (await pending) as JsonPage<NamedTodoRow>;
    } catch {
      // the worker stopped while reading: read here
    }
  }
  const page = await deps.engine.todoList(query);
  const rows = nameTodoRows(page.rows, await people(deps.store, page.rows.map((r) => r.startUserId)));
  return new SerializedPage(rows, page.total);
}
// 已办任务, 我的流程 and the flow record (issue 40 §3, §4): task-history.service.ts.
export { finishedList, myProcess, flowRecord } from './task-history.service';

// ---- instance views (participants and monitors only: access.service.ts, 403 otherwise)
/** `flowXmlAndNode`: the deployment's XML (any session) and, with `procInsId`, the instance's node data (readers only). */
export async function flowXmlAndNode(deps: Deps, login: LoginUser, deployId: string, procInsId?: string) {
  if (procInsId) await assertInstanceReader(deps, login, procInsId);
  const xmlData = await deps.engine.getXml({ deploymentId: deployId });
  return { xmlData, nodeData: procInsId ? await deps.engine.nodeData(procInsId) : [] };
}

/** `flowViewer/{procInsId}/{executionId}`: the instance's node data `[{key, completed}]` (readers only). */
export async function flowViewer(deps: Deps, login: LoginUser, procInsId: string) {
  await assertInstanceReader(deps, login, procInsId);
  return deps.engine.nodeData(procInsId);
}

/** `processVariables/{taskId}`: the instance variables plus the task's local ones (readers only), without the start-form values hidden from this reader (withheld.ts). */
export async function processVariables(deps: Deps, login: LoginUser, taskId: string) {
  const task = await assertTaskReader(deps, login, taskId);
  return readableVariables(deps, login, task.procInsId, await deps.engine.variables({ taskId }));
}

/**
 * `flowTaskForm` (PRE-VFORM): the filled start form with the node's own form appended editable,
 * the start fields as the node's field permissions show them (task-form.ts: shapes, the issue 16
 * rules). Readers of the task's instance only (else 403).
 */
export async function flowTaskForm(deps: Deps, login: LoginUser, taskId: string): Promise<TaskFormView> {
  const task = await assertTaskReader(deps, login, taskId);
  const view = await taskFormView(deps, task);
  // Fields hidden from this reader at every node they take part in (withheld.ts) stay out, whichever task is asked.
  if (!view.formData) return view;
  return { ...view, formData: (await readableVariables(deps, login, task.procInsId, { variables: view.formData })).variables as typeof view.formData };
}

/** `flowFormData?deployId`: the deployment's main form JSON. Error: 请先配置流程表单!. */
export async function flowFormData(deps: Deps, deployId: string) {
  const form = await mainFormOfDeployment(deps.store, deployId);
  if (!form) throw new AppError('refused', '请先配置流程表单!');
  return parseForm(form.formContent);
}

/**
 * `nextFlowNode`: `{data: {type, dataType, vars}}`, or `{msg: '流程已完结!'}` when no user task
 * follows (conditions see the instance variables: readers of the task's instance only).
 */
export async function nextFlowNode(deps: Deps, login: LoginUser, taskId: string, variables?: Record<string, unknown>): Promise<{ data?: NextNode; msg?: string }> {
  await assertTaskReader(deps, login, taskId);
  const r = await deps.engine.nextFlowNode({ taskId, variables });
  return r ? { data: r } : { msg: '流程已完结!' };
}
export const nextFlowNodeByStart = (deps: Deps, q: { deploymentId?: string; procDefId?: string; variables?: Record<string, unknown> }) =>
  deps.engine.nextFlowNodeByStart({ deploymentId: q.deploymentId, definitionId: q.procDefId, variables: q.variables });

/** `DELETE /flowable/task/delete`: Flowable refuses to delete a task of a running process (403 first for non-readers). */
export async function deleteTask(deps: Deps, login: LoginUser, taskId: string): Promise<never> {
  await assertTaskReader(deps, login, taskId);
  // Flowable's "The task cannot be deleted because is part of a running process", in Chinese (issue 11 §4).
  throw new AppError('refused', '该任务属于流程实例，不能直接删除');
}
