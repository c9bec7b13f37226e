/**
 * The designer's libraries (reference §2 Workflow): expressions (`sys_expression`), listeners
 * (`sys_listener`) and stored forms (`sys_form`, with `sys_deploy_form` linking a deployment to
 * its main form). Plain CRUD with paged lists and xlsx exports; the SQL is library.repo.ts (and
 * form-versions.repo.ts for the deployment links and copies). On the async store (issue 43): each
 * write is one `store.transaction`.
 */
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import type { FileReply } from '../../../core/files';
import { exportSheet, NORMAL_DISABLE } from '../../common/export-file';
import {
  allFormOptions, deleteExpressions, deleteForms, deleteListeners, enabledExpressions, expressionPage, findExpression, findForm, findListener,
  formPage, insertExpression, insertForm, insertListener, listenerPage, unlinkFormsWithoutCopy, updateExpression, updateForm, updateListener,
  type ExpressionRow, type FormRow, type ListenerRow,
} from './library.repo';
import { sanitizeFormContent } from '../../../core/rich-text';
import { linkedMainForm, linkMainForm, relinkMainForm, snapshotForms } from './form-versions.repo';
import { formConfigProblem } from '../../../../shared/form/form-safety';
import type {
  expressionAddInput, expressionListInput, expressionUpdateInput, formAddInput, formListInput, formUpdateInput,
  listenerAddInput, listenerListInput, listenerUpdateInput,
} from '../../../../shared/schemas/flowable';

type Deps = Pick<AppDeps, 'store' | 'clock'>;
export type { ExpressionRow, FormRow, ListenerRow };

const notFound = () => new AppError('notFound', '操作失败');

// ---- expressions
/** Paged expressions (library.repo.ts expressionPage). Error: 参数不符合规范，不能进行查询 (order column). */
export const expressionList = (deps: Deps, f: Partial<z.output<typeof expressionListInput>>) => expressionPage(deps.store, f);
/** Expression `id`, or null. */
export const expressionGet = (deps: Deps, id: number) => findExpression(deps.store, id);
/** Adds an expression created by the caller → its id. */
export function expressionAdd(deps: Deps, login: LoginUser, f: z.output<typeof expressionAddInput>): Promise<number> {
  return deps.store.transaction(() => insertExpression(deps.store, { ...f, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) }));
}
/** Updates an expression. Error: 操作失败 (no such expression). */
export async function expressionUpdate(deps: Deps, login: LoginUser, f: z.output<typeof expressionUpdateInput>): Promise<void> {
  const { id, ...v } = f;
  const changed = await deps.store.transaction(() => updateExpression(deps.store, id, { ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }));
  if (changed === 0) throw notFound();
}
/** Deletes expressions. Error: 操作失败 (none exists). */
export async function expressionRemove(deps: Deps, ids: number[]): Promise<void> {
  if (await deps.store.transaction(() => deleteExpressions(deps.store, ids)) === 0) throw notFound();
}
/** The expressions filtered as the list (no paging) as an xlsx file. */
export async function expressionExport(deps: Deps, f: Partial<z.output<typeof expressionListInput>>): Promise<FileReply> {
  return exportSheet<ExpressionRow>('流程表达式数据', [
    { header: '表达式主键', value: 'id' },
    { header: '表达式名称', value: 'name' },
    { header: '表达式内容', value: 'expression' },
    { header: '指定类型', value: 'dataType', labels: { fixed: '固定值', dynamic: '动态值' } },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
    { header: '备注', value: 'remark' },
  ], (await expressionList(deps, f)).rows, deps.clock.now());
}
/** The designer's expression picker (`expList`): enabled expressions. */
export const expressionOptions = (deps: Pick<AppDeps, 'store'>) => enabledExpressions(deps.store);

// ---- listeners
/** Paged listeners (library.repo.ts listenerPage). Error: 参数不符合规范，不能进行查询 (order column). */
export const listenerList = (deps: Deps, f: Partial<z.output<typeof listenerListInput>>) => listenerPage(deps.store, f);
/** Listener `id`, or null. */
export const listenerGet = (deps: Deps, id: number) => findListener(deps.store, id);
/** Adds a listener created by the caller → its id. */
export function listenerAdd(deps: Deps, login: LoginUser, f: z.output<typeof listenerAddInput>): Promise<number> {
  return deps.store.transaction(() => insertListener(deps.store, { ...f, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) }));
}
/** Updates a listener. Error: 操作失败 (no such listener). */
export async function listenerUpdate(deps: Deps, login: LoginUser, f: z.output<typeof listenerUpdateInput>): Promise<void> {
  const { id, ...v } = f;
  const changed = await deps.store.transaction(() => updateListener(deps.store, id, { ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }));
  if (changed === 0) throw notFound();
}
/** Deletes listeners. Error: 操作失败 (none exists). */
export async function listenerRemove(deps: Deps, ids: number[]): Promise<void> {
  if (await deps.store.transaction(() => deleteListeners(deps.store, ids)) === 0) throw notFound();
}
/** The listeners filtered as the list (no paging) as an xlsx file. */
export async function listenerExport(deps: Deps, f: Partial<z.output<typeof listenerListInput>>): Promise<FileReply> {
  return exportSheet<ListenerRow>('流程监听数据', [
    { header: '主键', value: 'id' },
    { header: '名称', value: 'name' },
    { header: '监听类型', value: 'type', labels: { 1: '任务监听', 2: '执行监听' } },
    { header: '事件类型', value: 'eventType' },
    { header: '值类型', value: 'valueType' },
    { header: '执行内容', value: 'value' },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
  ], (await listenerList(deps, f)).rows, deps.clock.now());
}

// ---- forms
/** Paged forms (library.repo.ts formPage). Error: 参数不符合规范，不能进行查询 (order column). */
export const formList = (deps: Deps, f: Partial<z.output<typeof formListInput>>) => formPage(deps.store, f);
/** Every form `{formId, formName}` (the designer's formKey select). */
export const formOptions = (deps: Deps) => allFormOptions(deps.store);
/** Form `formId`, or null. */
export const formGet = (deps: Pick<AppDeps, 'store'>, formId: number) => findForm(deps.store, formId);
/**
 * Refuses form JSON that may not be stored (issue 38 §1, §6; shared/form/form-safety.ts): a
 * dynamic-options request other than a GET to a declared read-only source, or an unsafe regList
 * pattern. Throws AppError('invalid', `表单字段「<label>」的…`); text that is not JSON is left to the schema.
 */
function assertStorableForm(content: string | null | undefined): void {
  const problem = formConfigProblem(parseForm(content));
  if (problem) throw new AppError('invalid', problem.message);
}

/** Adds a form created by the caller (checked, rich text sanitised first) → its id. Errors: assertStorableForm's. */
export function formAdd(deps: Deps, login: LoginUser, f: z.output<typeof formAddInput>): Promise<number> {
  assertStorableForm(f.formContent);
  const values = { formName: f.formName, formContent: sanitizeFormContent(f.formContent) ?? null, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) };
  return deps.store.transaction(() => insertForm(deps.store, values));
}
/** Updates a form (checked, sanitised first). Errors: assertStorableForm's; 操作失败 (no such form). */
export async function formUpdate(deps: Deps, login: LoginUser, f: z.output<typeof formUpdateInput>): Promise<void> {
  const { formId, ...v } = f;
  assertStorableForm(v.formContent);
  if (v.formContent !== undefined) v.formContent = sanitizeFormContent(v.formContent) ?? undefined;
  const changed = await deps.store.transaction(() => updateForm(deps.store, formId, { ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }));
  if (changed === 0) throw notFound();
}
/**
 * Deletes forms and the deployment links that have no copy of them; a deployment that kept a copy
 * (form-versions.repo.ts) keeps its main form, so its instances still show it (issue 16).
 */
export async function formRemove(deps: Deps, formIds: number[]): Promise<void> {
  await deps.store.transaction(async () => {
    await unlinkFormsWithoutCopy(deps.store, formIds);
    if (await deleteForms(deps.store, formIds) === 0) throw notFound();
  });
}
/** The forms filtered as the list (no paging) as an xlsx file. */
export async function formExport(deps: Deps, f: Partial<z.output<typeof formListInput>>): Promise<FileReply> {
  return exportSheet<FormRow>('流程表单数据', [
    { header: '表单主键', value: 'formId' },
    { header: '表单名称', value: 'formName' },
    { header: '表单内容', value: 'formContent' },
    { header: '备注', value: 'remark' },
  ], (await formList(deps, f)).rows, deps.clock.now());
}

/**
 * `addDeployForm {formId, deployId}` (配置主表单): links the main form and keeps a copy of it for
 * this deployment (form-versions.repo.ts), in one transaction. A deployment that has a main form (e.g.
 * the start event's, linked on deploy) gets the new one instead while no instance was started on
 * it (issue 40 §2: 配置主表单 stays a way to change it); once one was, instances keep the form they
 * started with: 该流程版本已有流程实例，不能更换主表单；请重新部署后再配置 (500, nothing changed).
 * The same form again is a no-op. Errors: 表单不存在; the engine's definition-missing message.
 */
export async function addDeployForm(deps: Pick<AppDeps, 'store' | 'clock' | 'engine'>, formId: number, deployId: string): Promise<void> {
  if (!(await formGet(deps, formId))) throw new AppError('notFound', '表单不存在');
  await deps.engine.getDefinition({ deploymentId: deployId });
  const linked = await linkedMainForm(deps.store, deployId);
  if (linked?.formId === formId) return;
  if (linked && await deps.engine.deploymentHasInstances(deployId)) throw new AppError('refused', '该流程版本已有流程实例，不能更换主表单；请重新部署后再配置');
  await deps.store.transaction(async () => {
    if (linked) await relinkMainForm(deps.store, deployId, formId);
    else await linkMainForm(deps.store, deployId, formId);
    await snapshotForms(deps.store, deployId, [formId]);
  });
}


/** Parsed form JSON (null when empty or unparsable). */
export function parseForm(content: string | null | undefined): unknown {
  if (!content) return null;
  try { return JSON.parse(content); } catch { return null; }
}
