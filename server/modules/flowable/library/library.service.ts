/**
 * The designer's libraries (reference §2 Workflow): expressions (`sys_expression`), listeners
 * (`sys_listener`) and stored forms (`sys_form`, with `sys_deploy_form` linking a deployment to
 * its main form). Plain CRUD with paged lists and xlsx exports; the SQL is library.repo.ts (and
 * form-versions.repo.ts for the deployment links and copies).
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

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type { ExpressionRow, FormRow, ListenerRow };

const notFound = () => new AppError('notFound', '操作失败');

// ---- expressions
export const expressionList = (deps: Deps, f: Partial<z.output<typeof expressionListInput>>) => expressionPage(deps.db, f);
export const expressionGet = (deps: Deps, id: number) => findExpression(deps.db, id);
export function expressionAdd(deps: Deps, login: LoginUser, f: z.output<typeof expressionAddInput>): number {
  return insertExpression(deps.db, { ...f, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) });
}
export function expressionUpdate(deps: Deps, login: LoginUser, f: z.output<typeof expressionUpdateInput>): void {
  const { id, ...v } = f;
  if (updateExpression(deps.db, id, { ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }) === 0) throw notFound();
}
export function expressionRemove(deps: Deps, ids: number[]): void {
  if (deleteExpressions(deps.db, ids) === 0) throw notFound();
}
export function expressionExport(deps: Deps, f: Partial<z.output<typeof expressionListInput>>): Promise<FileReply> {
  return exportSheet<ExpressionRow>('流程表达式数据', [
    { header: '表达式主键', value: 'id' },
    { header: '表达式名称', value: 'name' },
    { header: '表达式内容', value: 'expression' },
    { header: '指定类型', value: 'dataType', labels: { fixed: '固定值', dynamic: '动态值' } },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
    { header: '备注', value: 'remark' },
  ], expressionList(deps, f).rows, deps.clock.now());
}
/** The designer's expression picker (`expList`): enabled expressions. */
export const expressionOptions = (deps: Deps) => enabledExpressions(deps.db);

// ---- listeners
export const listenerList = (deps: Deps, f: Partial<z.output<typeof listenerListInput>>) => listenerPage(deps.db, f);
export const listenerGet = (deps: Deps, id: number) => findListener(deps.db, id);
export function listenerAdd(deps: Deps, login: LoginUser, f: z.output<typeof listenerAddInput>): number {
  return insertListener(deps.db, { ...f, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) });
}
export function listenerUpdate(deps: Deps, login: LoginUser, f: z.output<typeof listenerUpdateInput>): void {
  const { id, ...v } = f;
  if (updateListener(deps.db, id, { ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }) === 0) throw notFound();
}
export function listenerRemove(deps: Deps, ids: number[]): void {
  if (deleteListeners(deps.db, ids) === 0) throw notFound();
}
export function listenerExport(deps: Deps, f: Partial<z.output<typeof listenerListInput>>): Promise<FileReply> {
  return exportSheet<ListenerRow>('流程监听数据', [
    { header: '主键', value: 'id' },
    { header: '名称', value: 'name' },
    { header: '监听类型', value: 'type', labels: { 1: '任务监听', 2: '执行监听' } },
    { header: '事件类型', value: 'eventType' },
    { header: '值类型', value: 'valueType' },
    { header: '执行内容', value: 'value' },
    { header: '状态', value: 'status', labels: NORMAL_DISABLE },
  ], listenerList(deps, f).rows, deps.clock.now());
}

// ---- forms
export const formList = (deps: Deps, f: Partial<z.output<typeof formListInput>>) => formPage(deps.db, f);
/** Every form `{formId, formName}` (the designer's formKey select). */
export const formOptions = (deps: Deps) => allFormOptions(deps.db);
export const formGet = (deps: Deps, formId: number) => findForm(deps.db, formId);
/**
 * Refuses form JSON that may not be stored (issue 38 §1, §6; shared/form/form-safety.ts): a
 * dynamic-options request other than a GET to a declared read-only source, or an unsafe regList
 * pattern. Throws AppError('invalid', `表单字段「<label>」的…`); text that is not JSON is left to the schema.
 */
function assertStorableForm(content: string | null | undefined): void {
  const problem = formConfigProblem(parseForm(content));
  if (problem) throw new AppError('invalid', problem.message);
}

export function formAdd(deps: Deps, login: LoginUser, f: z.output<typeof formAddInput>): number {
  assertStorableForm(f.formContent);
  return insertForm(deps.db, { formName: f.formName, formContent: sanitizeFormContent(f.formContent) ?? null, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) });
}
export function formUpdate(deps: Deps, login: LoginUser, f: z.output<typeof formUpdateInput>): void {
  const { formId, ...v } = f;
  assertStorableForm(v.formContent);
  if (v.formContent !== undefined) v.formContent = sanitizeFormContent(v.formContent) ?? undefined;
  if (updateForm(deps.db, formId, { ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }) === 0) throw notFound();
}
/**
 * Deletes forms and the deployment links that have no copy of them; a deployment that kept a copy
 * (form-versions.repo.ts) keeps its main form, so its instances still show it (issue 16).
 */
export function formRemove(deps: Deps, formIds: number[]): void {
  deps.db.transaction((tx) => {
    unlinkFormsWithoutCopy(tx, formIds);
    if (deleteForms(tx, formIds) === 0) throw notFound();
  });
}
export function formExport(deps: Deps, f: Partial<z.output<typeof formListInput>>): Promise<FileReply> {
  return exportSheet<FormRow>('流程表单数据', [
    { header: '表单主键', value: 'formId' },
    { header: '表单名称', value: 'formName' },
    { header: '表单内容', value: 'formContent' },
    { header: '备注', value: 'remark' },
  ], formList(deps, f).rows, deps.clock.now());
}

/**
 * `addDeployForm {formId, deployId}` (配置主表单): links the main form and keeps a copy of it for
 * this deployment (form-versions.repo.ts), in one transaction. A deployment that has a main form (e.g.
 * the start event's, linked on deploy) gets the new one instead while no instance was started on
 * it (issue 40 §2: 配置主表单 stays a way to change it); once one was, instances keep the form they
 * started with: 该流程版本已有流程实例，不能更换主表单；请重新部署后再配置 (500, nothing changed).
 * The same form again is a no-op. Errors: 表单不存在; the engine's definition-missing message.
 */
export function addDeployForm(deps: Pick<AppDeps, 'db' | 'clock' | 'engine'>, formId: number, deployId: string): void {
  if (!formGet(deps, formId)) throw new AppError('notFound', '表单不存在');
  deps.engine.getDefinition({ deploymentId: deployId });
  const linked = linkedMainForm(deps.db, deployId);
  if (linked?.formId === formId) return;
  if (linked && deps.engine.deploymentHasInstances(deployId)) throw new AppError('refused', '该流程版本已有流程实例，不能更换主表单；请重新部署后再配置');
  deps.db.transaction((tx) => {
    if (linked) relinkMainForm(tx, deployId, formId);
    else linkMainForm(tx, deployId, formId);
    snapshotForms(tx, deployId, [formId]);
  });
}


/** Parsed form JSON (null when empty or unparsable). */
export function parseForm(content: string | null | undefined): unknown {
  if (!content) return null;
  try { return JSON.parse(content); } catch { return null; }
}
