/**
 * The designer's libraries (reference §2 Workflow): expressions (`sys_expression`), listeners
 * (`sys_listener`) and stored forms (`sys_form`, with `sys_deploy_form` linking a deployment to
 * its main form). Plain CRUD with paged lists and xlsx exports.
 */
import { and, asc, count, eq, inArray, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../core/deps';
import type { LoginUser } from '../../../core/authz';
import { nowText } from '../../../core/clock';
import { AppError } from '../../../core/errors';
import type { FileReply } from '../../../core/files';
import { sysDeployForm, sysDeployFormContent, sysExpression, sysForm, sysListener } from '../../../db/schema';
import { exportSheet, NORMAL_DISABLE } from '../../common/export-file';
import { contains, orderOf, pageOf } from '../../common/query';
import { sanitizeFormContent } from '../../../core/rich-text';
import { snapshotForms } from './form-versions';
import { formConfigProblem } from '../../../../shared/form/form-safety';
import type {
  expressionAddInput, expressionListInput, expressionUpdateInput, formAddInput, formListInput, formUpdateInput,
  listenerAddInput, listenerListInput, listenerUpdateInput,
} from '../../../../shared/schemas/flowable';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type ExpressionRow = typeof sysExpression.$inferSelect;
export type ListenerRow = typeof sysListener.$inferSelect;
export type FormRow = typeof sysForm.$inferSelect;

const notFound = () => new AppError(500, '操作失败');

// ---- expressions
export function expressionList(deps: Deps, f: Partial<z.output<typeof expressionListInput>>) {
  const where = and(contains(sysExpression.name, f.name), contains(sysExpression.expression, f.expression),
    f.dataType ? eq(sysExpression.dataType, f.dataType) : undefined, f.status ? eq(sysExpression.status, f.status) : undefined);
  const order = orderOf({ id: sysExpression.id, name: sysExpression.name, createTime: sysExpression.createTime }, f, [asc(sysExpression.id)]);
  return pageOf(f, () => deps.db.select({ n: count() }).from(sysExpression).where(where).get()!.n, (limit, offset) => {
    const q = deps.db.select().from(sysExpression).where(where).orderBy(...order);
    return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
  });
}
export const expressionGet = (deps: Deps, id: number) => deps.db.select().from(sysExpression).where(eq(sysExpression.id, id)).get() ?? null;
export function expressionAdd(deps: Deps, login: LoginUser, f: z.output<typeof expressionAddInput>): number {
  return deps.db.insert(sysExpression).values({ ...f, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) })
    .returning({ id: sysExpression.id }).get().id;
}
export function expressionUpdate(deps: Deps, login: LoginUser, f: z.output<typeof expressionUpdateInput>): void {
  const { id, ...v } = f;
  if (deps.db.update(sysExpression).set({ ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }).where(eq(sysExpression.id, id)).run().changes === 0) throw notFound();
}
export function expressionRemove(deps: Deps, ids: number[]): void {
  if (deps.db.delete(sysExpression).where(inArray(sysExpression.id, ids)).run().changes === 0) throw notFound();
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
export const expressionOptions = (deps: Deps) =>
  deps.db.select().from(sysExpression).where(eq(sysExpression.status, '0')).orderBy(asc(sysExpression.id)).all();

// ---- listeners
export function listenerList(deps: Deps, f: Partial<z.output<typeof listenerListInput>>) {
  const where = and(contains(sysListener.name, f.name), f.type ? eq(sysListener.type, f.type) : undefined,
    f.eventType ? eq(sysListener.eventType, f.eventType) : undefined, f.status ? eq(sysListener.status, f.status) : undefined);
  const order = orderOf({ id: sysListener.id, name: sysListener.name, createTime: sysListener.createTime }, f, [asc(sysListener.id)]);
  return pageOf(f, () => deps.db.select({ n: count() }).from(sysListener).where(where).get()!.n, (limit, offset) => {
    const q = deps.db.select().from(sysListener).where(where).orderBy(...order);
    return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
  });
}
export const listenerGet = (deps: Deps, id: number) => deps.db.select().from(sysListener).where(eq(sysListener.id, id)).get() ?? null;
export function listenerAdd(deps: Deps, login: LoginUser, f: z.output<typeof listenerAddInput>): number {
  return deps.db.insert(sysListener).values({ ...f, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) })
    .returning({ id: sysListener.id }).get().id;
}
export function listenerUpdate(deps: Deps, login: LoginUser, f: z.output<typeof listenerUpdateInput>): void {
  const { id, ...v } = f;
  if (deps.db.update(sysListener).set({ ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }).where(eq(sysListener.id, id)).run().changes === 0) throw notFound();
}
export function listenerRemove(deps: Deps, ids: number[]): void {
  if (deps.db.delete(sysListener).where(inArray(sysListener.id, ids)).run().changes === 0) throw notFound();
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
export function formList(deps: Deps, f: Partial<z.output<typeof formListInput>>) {
  const where = contains(sysForm.formName, f.formName);
  const order = orderOf({ formId: sysForm.formId, formName: sysForm.formName, createTime: sysForm.createTime }, f, [asc(sysForm.formId)]);
  return pageOf(f, () => deps.db.select({ n: count() }).from(sysForm).where(where).get()!.n, (limit, offset) => {
    const q = deps.db.select().from(sysForm).where(where).orderBy(...order);
    return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
  });
}
/** Every form `{formId, formName}` (the designer's formKey select). */
export const formOptions = (deps: Deps) =>
  deps.db.select({ formId: sysForm.formId, formName: sysForm.formName }).from(sysForm).orderBy(asc(sysForm.formId)).all();
export const formGet = (deps: Deps, formId: number) => deps.db.select().from(sysForm).where(eq(sysForm.formId, formId)).get() ?? null;
/**
 * Refuses form JSON that may not be stored (issue 38 §1, §6; shared/form/form-safety.ts): a
 * dynamic-options request other than a GET to a declared read-only source, or an unsafe regList
 * pattern. Throws AppError(500, `表单字段「<label>」的…`); text that is not JSON is left to the schema.
 */
function assertStorableForm(content: string | null | undefined): void {
  const problem = formConfigProblem(parseForm(content));
  if (problem) throw new AppError(500, problem.message);
}

export function formAdd(deps: Deps, login: LoginUser, f: z.output<typeof formAddInput>): number {
  assertStorableForm(f.formContent);
  return deps.db.insert(sysForm).values({ formName: f.formName, formContent: sanitizeFormContent(f.formContent) ?? null, remark: f.remark ?? null, createBy: login.userName, createTime: nowText(deps.clock) })
    .returning({ id: sysForm.formId }).get().id;
}
export function formUpdate(deps: Deps, login: LoginUser, f: z.output<typeof formUpdateInput>): void {
  const { formId, ...v } = f;
  assertStorableForm(v.formContent);
  if (v.formContent !== undefined) v.formContent = sanitizeFormContent(v.formContent) ?? undefined;
  if (deps.db.update(sysForm).set({ ...v, updateBy: login.userName, updateTime: nowText(deps.clock) }).where(eq(sysForm.formId, formId)).run().changes === 0) throw notFound();
}
/**
 * Deletes forms and the deployment links that have no copy of them; a deployment that kept a copy
 * (form-versions.ts) keeps its main form, so its instances still show it (issue 16).
 */
export function formRemove(deps: Deps, formIds: number[]): void {
  deps.db.transaction((tx) => {
    tx.delete(sysDeployForm).where(and(inArray(sysDeployForm.formId, formIds), notExists(
      tx.select({ x: sysDeployFormContent.id }).from(sysDeployFormContent)
        .where(and(eq(sysDeployFormContent.deployId, sysDeployForm.deployId), eq(sysDeployFormContent.formId, sysDeployForm.formId))),
    ))).run();
    if (tx.delete(sysForm).where(inArray(sysForm.formId, formIds)).run().changes === 0) throw notFound();
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
 * this deployment (form-versions.ts), in one transaction. A deployment that has a main form (e.g.
 * the start event's, linked on deploy) gets the new one instead while no instance was started on
 * it (issue 40 §2: 配置主表单 stays a way to change it); once one was, instances keep the form they
 * started with: 该流程版本已有流程实例，不能更换主表单；请重新部署后再配置 (500, nothing changed).
 * The same form again is a no-op. Errors: 表单不存在; the engine's definition-missing message.
 */
export function addDeployForm(deps: Pick<AppDeps, 'db' | 'clock' | 'engine'>, formId: number, deployId: string): void {
  if (!formGet(deps, formId)) throw new AppError(500, '表单不存在');
  deps.engine.getDefinition({ deploymentId: deployId });
  const linked = deps.db.select({ formId: sysDeployForm.formId }).from(sysDeployForm).where(eq(sysDeployForm.deployId, deployId)).get();
  if (linked?.formId === formId) return;
  if (linked && deps.engine.deploymentHasInstances(deployId)) throw new AppError(500, '该流程版本已有流程实例，不能更换主表单；请重新部署后再配置');
  deps.db.transaction((tx) => {
    if (linked) tx.update(sysDeployForm).set({ formId }).where(eq(sysDeployForm.deployId, deployId)).run();
    else tx.insert(sysDeployForm).values({ formId, deployId }).onConflictDoNothing().run();
    snapshotForms(tx, deployId, [formId]);
  });
}


/** Parsed form JSON (null when empty or unparsable). */
export function parseForm(content: string | null | undefined): unknown {
  if (!content) return null;
  try { return JSON.parse(content); } catch { return null; }
}
