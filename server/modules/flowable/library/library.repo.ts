/**
 * The SQL of the designer's libraries (library.service.ts): expressions (`sys_expression`),
 * listeners (`sys_listener`) and stored forms (`sys_form`, and on delete the `sys_deploy_form`
 * links without a copy). Paged lists (checked order column, contains filters), single rows,
 * inserts, updates and deletes; writes answer the number of changed rows, the service decides what
 * that means. The deployment-form copies and links are form-versions.repo.ts.
 */
import { and, asc, count, eq, inArray, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '../../../core/pagination';
import { sysDeployForm, sysDeployFormContent, sysExpression, sysForm, sysListener } from '../../../db/schema';
import { contains, orderOf, pageOf, type DbTx } from '../../common/query.repo';
import type { expressionListInput, formListInput, listenerListInput } from '../../../../shared/schemas/flowable';

export type ExpressionRow = typeof sysExpression.$inferSelect;
export type ListenerRow = typeof sysListener.$inferSelect;
export type FormRow = typeof sysForm.$inferSelect;

// ---- expressions
/**
 * One page of expressions (or all of them without paging) filtered by name and expression text
 * (contains), data type and status; ordered by the checked `orderByColumn` (id, name,
 * createTime), else by id. Error: the order column check's AppError('invalid') (query.repo.ts orderOf).
 */
export function expressionPage(db: DbTx, f: Partial<z.output<typeof expressionListInput>>): Page<ExpressionRow> {
  const where = and(contains(sysExpression.name, f.name), contains(sysExpression.expression, f.expression),
    f.dataType ? eq(sysExpression.dataType, f.dataType) : undefined, f.status ? eq(sysExpression.status, f.status) : undefined);
  const order = orderOf({ id: sysExpression.id, name: sysExpression.name, createTime: sysExpression.createTime }, f, [asc(sysExpression.id)]);
  return pageOf(f, () => db.select({ n: count() }).from(sysExpression).where(where).get()!.n, (limit, offset) => {
    const q = db.select().from(sysExpression).where(where).orderBy(...order);
    return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
  });
}
/** Expression `id`, or null. */
export const findExpression = (db: DbTx, id: number) => db.select().from(sysExpression).where(eq(sysExpression.id, id)).get() ?? null;
/** Inserts an expression; answers its id. */
export function insertExpression(db: DbTx, values: typeof sysExpression.$inferInsert): number {
  return db.insert(sysExpression).values(values).returning({ id: sysExpression.id }).get().id;
}
/** Updates expression `id` with `set`; answers the number of changed rows (0: no such expression). */
export function updateExpression(db: DbTx, id: number, set: Partial<typeof sysExpression.$inferInsert>): number {
  return db.update(sysExpression).set(set).where(eq(sysExpression.id, id)).run().changes;
}
/** Deletes expressions `ids`; answers the number of deleted rows. */
export function deleteExpressions(db: DbTx, ids: number[]): number {
  return db.delete(sysExpression).where(inArray(sysExpression.id, ids)).run().changes;
}
/** Enabled expressions (status '0') by id: the designer's picker. */
export const enabledExpressions = (db: DbTx) =>
  db.select().from(sysExpression).where(eq(sysExpression.status, '0')).orderBy(asc(sysExpression.id)).all();

// ---- listeners
/**
 * One page of listeners (or all without paging) filtered by name (contains), type, event type and
 * status; ordered by the checked `orderByColumn` (id, name, createTime), else by id.
 */
export function listenerPage(db: DbTx, f: Partial<z.output<typeof listenerListInput>>): Page<ListenerRow> {
  const where = and(contains(sysListener.name, f.name), f.type ? eq(sysListener.type, f.type) : undefined,
    f.eventType ? eq(sysListener.eventType, f.eventType) : undefined, f.status ? eq(sysListener.status, f.status) : undefined);
  const order = orderOf({ id: sysListener.id, name: sysListener.name, createTime: sysListener.createTime }, f, [asc(sysListener.id)]);
  return pageOf(f, () => db.select({ n: count() }).from(sysListener).where(where).get()!.n, (limit, offset) => {
    const q = db.select().from(sysListener).where(where).orderBy(...order);
    return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
  });
}
/** Listener `id`, or null. */
export const findListener = (db: DbTx, id: number) => db.select().from(sysListener).where(eq(sysListener.id, id)).get() ?? null;
/** Inserts a listener; answers its id. */
export function insertListener(db: DbTx, values: typeof sysListener.$inferInsert): number {
  return db.insert(sysListener).values(values).returning({ id: sysListener.id }).get().id;
}
/** Updates listener `id` with `set`; answers the number of changed rows (0: no such listener). */
export function updateListener(db: DbTx, id: number, set: Partial<typeof sysListener.$inferInsert>): number {
  return db.update(sysListener).set(set).where(eq(sysListener.id, id)).run().changes;
}
/** Deletes listeners `ids`; answers the number of deleted rows. */
export function deleteListeners(db: DbTx, ids: number[]): number {
  return db.delete(sysListener).where(inArray(sysListener.id, ids)).run().changes;
}

// ---- forms
/**
 * One page of stored forms (or all without paging) filtered by form name (contains); ordered by
 * the checked `orderByColumn` (formId, formName, createTime), else by form id.
 */
export function formPage(db: DbTx, f: Partial<z.output<typeof formListInput>>): Page<FormRow> {
  const where = contains(sysForm.formName, f.formName);
  const order = orderOf({ formId: sysForm.formId, formName: sysForm.formName, createTime: sysForm.createTime }, f, [asc(sysForm.formId)]);
  return pageOf(f, () => db.select({ n: count() }).from(sysForm).where(where).get()!.n, (limit, offset) => {
    const q = db.select().from(sysForm).where(where).orderBy(...order);
    return limit === undefined ? q.all() : q.limit(limit).offset(offset ?? 0).all();
  });
}
/** Every form `{formId, formName}` by form id (the designer's formKey select). */
export const allFormOptions = (db: DbTx) =>
  db.select({ formId: sysForm.formId, formName: sysForm.formName }).from(sysForm).orderBy(asc(sysForm.formId)).all();
/** Form `formId`, or null. */
export const findForm = (db: DbTx, formId: number) => db.select().from(sysForm).where(eq(sysForm.formId, formId)).get() ?? null;
/** Inserts a form; answers its id. */
export function insertForm(db: DbTx, values: typeof sysForm.$inferInsert): number {
  return db.insert(sysForm).values(values).returning({ id: sysForm.formId }).get().id;
}
/** Updates form `formId` with `set`; answers the number of changed rows (0: no such form). */
export function updateForm(db: DbTx, formId: number, set: Partial<typeof sysForm.$inferInsert>): number {
  return db.update(sysForm).set(set).where(eq(sysForm.formId, formId)).run().changes;
}
/**
 * Deletes the main-form links (sys_deploy_form) to forms `formIds` whose deployment has no copy of
 * the form (sys_deploy_form_content); a deployment that kept a copy keeps its link (issue 16).
 * Runs inside the caller's transaction (formRemove).
 */
export function unlinkFormsWithoutCopy(tx: DbTx, formIds: number[]): void {
  tx.delete(sysDeployForm).where(and(inArray(sysDeployForm.formId, formIds), notExists(
    tx.select({ x: sysDeployFormContent.id }).from(sysDeployFormContent)
      .where(and(eq(sysDeployFormContent.deployId, sysDeployForm.deployId), eq(sysDeployFormContent.formId, sysDeployForm.formId))),
  ))).run();
}
/** Deletes forms `formIds`; answers the number of deleted rows (inside the caller's transaction in formRemove). */
export function deleteForms(tx: DbTx, formIds: number[]): number {
  return tx.delete(sysForm).where(inArray(sysForm.formId, formIds)).run().changes;
}
