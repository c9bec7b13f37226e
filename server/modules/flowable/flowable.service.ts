/**
 * Workflow services around the engine (reference §2 Workflow and §6; api-contract "Workflow"):
 * definitions, tasks, instances, deployments and the start helper. The acting user is the
 * signed-in user: engine user id = sys_user.user_id as text, groups = the user's role ids as text.
 * Engine errors are AppError(500, message) and pass through unchanged. Display names
 * (startUserName, assigneeName, deptName, candidate) come from sys_user / sys_dept / sys_role.
 * Reads of instance data check the reader first (access.service.ts: participants and monitors).
 */
import { asc, eq, and, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps';
import { hasPermission, type LoginUser } from '../../core/authz';
import { AppError } from '../../core/errors';
import type { FileReply, UploadedFile } from '../../core/files';
import { sysDept, sysRole, sysUser } from '../../db/schema';
import { exportSheet } from '../common/export-file';
import { contains } from '../common/query';
import type { DeploymentView, NextNode } from '../../engine';
import { expressionOptions, parseForm } from './library.service';
import { diagramSvg } from './diagram-svg';
import type { definitionListInput, deploymentListInput, taskListInput, userPickerInput } from '../../../shared/schemas/flowable';
import { startVariables } from './form-submission';
import { taskFormView, type TaskFormView } from './task-form';
import { actorOf, assertInstanceReader, assertTaskReader } from './access.service';
import { todoPage, type NamedTodoRow } from './todo-page';
import { JsonPage } from '../../core/pre-serialized';
import { mainFormOfDeployment, snapshotOnDeploy } from './form-versions';
import { readableVariables } from './withheld';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'engine' | 'todoReader'>;

/** The engine actor of the signed-in user. */
export { actorOf } from './access.service';

// ---- definitions
/**
 * `GET /flowable/definition/list`: every version, newest deployment first, with the main form;
 * `latestActive` (the 发起流程 dialog) gives each process once, at its newest active version.
 */
export function definitionList(deps: Deps, q: z.output<typeof definitionListInput>) {
  const page = deps.engine.listDefinitions({ pageNum: q.pageNum, pageSize: q.pageSize, name: q.name, category: q.category, key: q.key, latestActive: q.latestActive });
  return {
    total: page.total,
    rows: page.rows.map((d) => {
      const form = mainFormOfDeployment(deps.db, d.deploymentId);
      return {
        // flowKey: upstream's name of the key (流程标识), which RuoYi-flowable's client reads (issue 41 §1).
        id: d.id, key: d.key, flowKey: d.key, name: d.deploymentName || d.name, category: d.category, version: d.version, deploymentId: d.deploymentId,
        suspensionState: d.suspensionState, deploymentTime: d.deploymentTime, formId: form?.formId ?? null, formName: form?.formName ?? null,
      };
    }),
  };
}

/** `POST /flowable/definition/save`: deploys a new version of the model's key. */
export async function definitionSave(deps: Deps, f: { name: string; category?: string; xml: string }) {
  return deps.engine.deploy({ xml: f.xml, name: f.name, category: f.category, onDeployed: snapshotOnDeploy(deps.db) });
}

/** `POST /flowable/definition/import`: a .bpmn / .xml upload. Error: 文件格式不正确 (not XML). */
export async function definitionImport(deps: Deps, f: { file: Pick<UploadedFile, 'filename' | 'data'>; name?: string; category?: string }) {
  if (!/\.(bpmn|xml)$/i.test(f.file.filename)) throw new AppError(500, '文件格式不正确，请导入 .bpmn 或 .xml 文件');
  const xml = f.file.data.toString('utf8');
  return deps.engine.deploy({ xml, name: f.name || f.file.filename.replace(/\.(bpmn20\.xml|bpmn|xml)$/i, ''), category: f.category, onDeployed: snapshotOnDeploy(deps.db) });
}

export const definitionXml = (deps: Deps, deployId: string) => deps.engine.getXml({ deploymentId: deployId });

/** `readImage/{deployId}` → an SVG FileReply. */
export function definitionImage(deps: Deps, deployId: string): FileReply {
  const svg = diagramSvg(deps.engine.getXml({ deploymentId: deployId }));
  return { fileName: `${deployId}.svg`, contentType: 'image/svg+xml', body: Buffer.from(svg, 'utf8') };
}

export function definitionState(deps: Deps, deployId: string, state: 1 | 2): void {
  deps.engine.setDefinitionState({ deploymentId: deployId, state });
}

export function definitionDelete(deps: Deps, deployIds: string[]): void {
  for (const id of deployIds) deps.engine.getDefinition({ deploymentId: id });
  deps.engine.deleteDeployment(deployIds);
}

/**
 * Starts an instance as the signed-in user (INITIATOR = user id). Reply text 流程启动成功. With a
 * main form the values are validated against it first and `variables` is rebuilt from the stored
 * form (form-submission.ts; AppError(500, the first rule's message), nothing written); rich-text
 * form values are sanitised (server/core/rich-text.ts).
 */
export function definitionStart(deps: Deps, login: LoginUser, procDefId: string, variables?: Record<string, unknown>) {
  return deps.engine.start({ definitionId: procDefId, ...actorOf(login), variables: startVariables(deps, procDefId, variables) });
}

/**
 * Throws 403 没有权限，请联系管理员授权 unless the user started every one of `instanceIds` or holds
 * `perm` (the super admin holds all); a missing instance answers 未找到流程实例，流程可能已发生变化.
 * Checked before anything is written (developers' guide: the server checks every permission).
 */
export function assertInstanceAccess(deps: Deps, login: LoginUser, instanceIds: string[], perm: string): void {
  const mayAll = hasPermission(login, perm);
  for (const id of instanceIds) {
    const instance = deps.engine.getInstance(id);
    if (!mayAll && instance.startUserId !== String(login.userId)) throw new AppError(403, '没有权限，请联系管理员授权');
  }
}

/**
 * `userList` (recipient / delegate pickers, any session): enabled, undeleted users as
 * `[{userId, userName, nickName, deptId, deptName}]` by user id, filtered by user / nick name
 * (contains) and dept. No phone number, e-mail or status: any signed-in user may call it (issue 11 §3).
 */
export function userOptions(deps: Deps, f: z.output<typeof userPickerInput>) {
  const where: Array<SQL | undefined> = [eq(sysUser.delFlag, '0'), eq(sysUser.status, '0'), contains(sysUser.userName, f.userName),
    contains(sysUser.nickName, f.nickName), f.deptId ? eq(sysUser.deptId, Number(f.deptId)) : undefined];
  return deps.db.select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName, deptId: sysUser.deptId, deptName: sysDept.deptName })
    .from(sysUser).leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId)).where(and(...where)).orderBy(asc(sysUser.userId)).all();
}
export const roleOptions = (deps: Deps) =>
  deps.db.select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey, status: sysRole.status })
    .from(sysRole).where(eq(sysRole.delFlag, '0')).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId)).all();
export const expOptions = (deps: Deps) => expressionOptions(deps);

// ---- task lists
/** 待办: the user's to-do page (todo-page.ts), read on this thread: `{total, rows}`. */
export function todoList(deps: Deps, login: LoginUser, q: z.output<typeof taskListInput>) {
  return todoPage(deps.db, { ...q, ...actorOf(login) });
}

/**
 * The same page as `todoList`, its rows as JSON bytes for the REST envelope (issue 15): read by
 * the to-do reader's worker thread (todo-reader.ts) when the app has one, else (`:memory:`, the
 * worker not started yet or gone) on this thread. Errors: as todoList.
 */
export async function todoListJson(deps: Deps, login: LoginUser, q: z.output<typeof taskListInput>): Promise<JsonPage<NamedTodoRow>> {
  const query = { ...q, ...actorOf(login) };
  const pending = deps.todoReader?.read(query);
  if (pending) {
    try {
      return (await pending) as JsonPage<NamedTodoRow>;
    } catch {
      // the worker stopped while reading: read here
    }
  }
  const page = todoPage(deps.db, query);
  return new JsonPage(page.total, Buffer.from(JSON.stringify(page.rows)));
}
// 已办任务, 我的流程 and the flow record (issue 40 §3, §4): task-history.service.ts.
export { finishedList, myProcess, flowRecord } from './task-history.service';

// ---- instance views (participants and monitors only: access.service.ts, 403 otherwise)
/** `flowXmlAndNode`: the deployment's XML (any session) and, with `procInsId`, the instance's node data (readers only). */
export function flowXmlAndNode(deps: Deps, login: LoginUser, deployId: string, procInsId?: string) {
  if (procInsId) assertInstanceReader(deps, login, procInsId);
  const xmlData = deps.engine.getXml({ deploymentId: deployId });
  return { xmlData, nodeData: procInsId ? deps.engine.nodeData(procInsId) : [] };
}

/** `flowViewer/{procInsId}/{executionId}`: the instance's node data `[{key, completed}]` (readers only). */
export function flowViewer(deps: Deps, login: LoginUser, procInsId: string) {
  assertInstanceReader(deps, login, procInsId);
  return deps.engine.nodeData(procInsId);
}

/** `processVariables/{taskId}`: the instance variables plus the task's local ones (readers only), without the start-form values hidden from this reader (withheld.ts). */
export function processVariables(deps: Deps, login: LoginUser, taskId: string) {
  const task = assertTaskReader(deps, login, taskId);
  return readableVariables(deps, login, task.procInsId, deps.engine.variables({ taskId }));
}

/**
 * `flowTaskForm` (PRE-VFORM): the filled start form with the node's own form appended editable,
 * the start fields as the node's field permissions show them (task-form.ts: shapes, the issue 16
 * rules). Readers of the task's instance only (else 403).
 */
export function flowTaskForm(deps: Deps, login: LoginUser, taskId: string): TaskFormView {
  const task = assertTaskReader(deps, login, taskId);
  const view = taskFormView(deps, task);
  // Fields hidden from this reader at every node they take part in (withheld.ts) stay out, whichever task is asked.
  if (!view.formData) return view;
  return { ...view, formData: readableVariables(deps, login, task.procInsId, { variables: view.formData }).variables as typeof view.formData };
}

/** `flowFormData?deployId`: the deployment's main form JSON. Error: 请先配置流程表单!. */
export function flowFormData(deps: Deps, deployId: string) {
  const form = mainFormOfDeployment(deps.db, deployId);
  if (!form) throw new AppError(500, '请先配置流程表单!');
  return parseForm(form.formContent);
}

/**
 * `nextFlowNode`: `{data: {type, dataType, vars}}`, or `{msg: '流程已完结!'}` when no user task
 * follows (conditions see the instance variables: readers of the task's instance only).
 */
export function nextFlowNode(deps: Deps, login: LoginUser, taskId: string, variables?: Record<string, unknown>): { data?: NextNode; msg?: string } {
  assertTaskReader(deps, login, taskId);
  const r = deps.engine.nextFlowNode({ taskId, variables });
  return r ? { data: r } : { msg: '流程已完结!' };
}
export const nextFlowNodeByStart = (deps: Deps, q: { deploymentId?: string; procDefId?: string; variables?: Record<string, unknown> }) =>
  deps.engine.nextFlowNodeByStart({ deploymentId: q.deploymentId, definitionId: q.procDefId, variables: q.variables });

/** `DELETE /flowable/task/delete`: Flowable refuses to delete a task of a running process (403 first for non-readers). */
export function deleteTask(deps: Deps, login: LoginUser, taskId: string): never {
  assertTaskReader(deps, login, taskId);
  // Flowable's "The task cannot be deleted because is part of a running process", in Chinese (issue 11 §4).
  throw new AppError(500, '该任务属于流程实例，不能直接删除');
}

// `startFlow` (the start screen's read) is start-flow.ts.

// ---- deployments (management view)
export function deploymentList(deps: Deps, q: Partial<z.output<typeof deploymentListInput>>) {
  const page = deps.engine.listDeployments({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? 100000, name: q.name, category: q.category });
  return page;
}
export function deploymentGet(deps: Deps, deploymentId: string): DeploymentView {
  const d = deps.engine.getDefinition({ deploymentId });
  return { id: d.deploymentId, name: d.deploymentName, category: d.category, deployTime: d.deploymentTime, definitionId: d.id, key: d.key, version: d.version };
}
export function deploymentUpdate(deps: Deps, f: { deploymentId: string; name?: string; category?: string }): void {
  deps.engine.getDefinition({ deploymentId: f.deploymentId });
  deps.engine.updateDeployment(f);
}
export function deploymentExport(deps: Deps, q: Partial<z.output<typeof deploymentListInput>>): Promise<FileReply> {
  return exportSheet<DeploymentView>('流程部署数据', [
    { header: '部署ID', value: 'id' },
    { header: '流程名称', value: 'name' },
    { header: '流程分类', value: 'category' },
    { header: '流程标识', value: 'key' },
    { header: '版本', value: 'version' },
    { header: '部署时间', value: 'deployTime' },
  ], deploymentList(deps, { name: q.name, category: q.category }).rows, deps.clock.now());
}
