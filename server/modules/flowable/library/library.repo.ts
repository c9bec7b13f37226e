/**
 * The SQL of the designer's libraries (library.service.ts): expressions (`sys_expression`),
 * listeners (`sys_listener`) and stored forms (`sys_form`, and on delete the `sys_deploy_form`
 * links without a copy). Paged lists (checked order column, contains filters), single rows,
 * inserts, updates and deletes; writes answer the number of changed rows, the service decides what
 * that means. The deployment-form copies and links are form-versions.repo.ts.
 *
 * On the async store (issue 43): every function takes the store and awaits its Drizzle queries
 * (`store.db`, the open transaction's handle inside one), reading results with
 * server/db/store/results.ts; writes run inside the caller's `store.transaction`.
 */
import { and, asc, count, eq, inArray, notExists } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '../../../core/pagination';
import { sysDeployForm, sysDeployFormContent, sysExpression, sysForm, sysListener } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { changesOf, firstRow } from '../../../db/store/results';
import { contains, orderOf, pageOfAsync } from '../../common/query.repo';
import type { expressionListInput, formListInput, listenerListInput } from '../../../../shared/schemas/flowable';

/** The store (or its transaction's handle) the library's queries run on. */
type LibraryStore = Pick<Store<Db>, 'db'>;

export type ExpressionRow = typeof sysExpression.$inferSelect;
export type ListenerRow = typeof sysListener.$inferSelect;
export type FormRow = typeof sysForm.$inferSelect;

// ---- expressions
/**
 * One page of expressions (or all of them without paging) filtered by name and expression text
 * (contains), data type and status; ordered by the checked `orderByColumn` (id, name,
 * createTime), else by id. Error: the order column check's AppError('invalid') (query.repo.ts orderOf).
 */
export async function expressionPage({ db }: LibraryStore, f: Partial<z.output<typeof expressionListInput>>): Promise<Page<ExpressionRow>> {
  const where = and(contains(sysExpression.name, f.name, db), contains(sysExpression.expression, f.expression, db),
    f.dataType ? eq(sysExpression.dataType, f.dataType) : undefined, f.status ? eq(sysExpression.status, f.status) : undefined);
  const order = orderOf({ id: sysExpression.id, name: sysExpression.name, createTime: sysExpression.createTime }, f, [asc(sysExpression.id)]);
  return pageOfAsync(f, async () => firstRow(await db.select({ n: count() }).from(sysExpression).where(where))?.n ?? 0, async (limit, offset) => {
    const q = db.select().from(sysExpression).where(where).orderBy(...order);
    return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
  });
}
/** Expression `id`, or null. */
export const findExpression = async ({ db }: LibraryStore, id: number) => firstRow(await db.select().from(sysExpression).where(eq(sysExpression.id, id)).limit(1)) ?? null;
/** Inserts an expression; answers its id. */
export async function insertExpression({ db }: LibraryStore, values: typeof sysExpression.$inferInsert): Promise<number> {
  const [row] = await db.insert(sysExpression).values(values).returning({ id: sysExpression.id });
  return row.id;
}
/** Updates expression `id` with `set`; answers the number of changed rows (0: no such expression). */
export async function updateExpression({ db }: LibraryStore, id: number, set: Partial<typeof sysExpression.$inferInsert>): Promise<number> {
  return changesOf(await db.update(sysExpression).set(set).where(eq(sysExpression.id, id)));
}
/** Deletes expressions `ids`; answers the number of deleted rows. */
export async function deleteExpressions({ db }: LibraryStore, ids: number[]): Promise<number> {
  return changesOf(await db.delete(sysExpression).where(inArray(sysExpression.id, ids)));
}
/** Enabled expressions (status '0') by id: the designer's picker. */
export const enabledExpressions = async ({ db }: LibraryStore) =>
  db.select().from(sysExpression).where(eq(sysExpression.status, '0')).orderBy(asc(sysExpression.id));

// ---- listeners
/**
 * One page of listeners (or all without paging) filtered by name (contains), type, event type and
 * status; ordered by the checked `orderByColumn` (id, name, createTime), else by id.
 */
export async function listenerPage({ db }: LibraryStore, f: Partial<z.output<typeof listenerListInput>>): Promise<Page<ListenerRow>> {
  const where = and(contains(sysListener.name, f.name, db), f.type ? eq(sysListener.type, f.type) : undefined,
    f.eventType ? eq(sysListener.eventType, f.eventType) : undefined, f.status ? eq(sysListener.status, f.status) : undefined);
  const order = orderOf({ id: sysListener.id, name: sysListener.name, createTime: sysListener.createTime }, f, [asc(sysListener.id)]);
  return pageOfAsync(f, async () => firstRow(await db.select({ n: count() }).from(sysListener).where(where))?.n ?? 0, async (limit, offset) => {
    const q = db.select().from(sysListener).where(where).orderBy(...order);
    return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
  });
}
/** Listener `id`, or null. */
export const findListener = async ({ db }: LibraryStore, id: number) => firstRow(await db.select().from(sysListener).where(eq(sysListener.id, id)).limit(1)) ?? null;
/** Inserts a listener; answers its id. */
export async function insertListener({ db }: LibraryStore, values: typeof sysListener.$inferInsert): Promise<number> {
  const [row] = await db.insert(sysListener).values(values).returning({ id: sysListener.id });
  return row.id;
}
/** Updates listener `id` with `set`; answers the number of changed rows (0: no such listener). */
export async function updateListener({ db }: LibraryStore, id: number, set: Partial<typeof sysListener.$inferInsert>): Promise<number> {
  return changesOf(await db.update(sysListener).set(set).where(eq(sysListener.id, id)));
}
/** Deletes listeners `ids`; answers the number of deleted rows. */
export async function deleteListeners({ db }: LibraryStore, ids: number[]): Promise<number> {
  return changesOf(await db.delete(sysListener).where(inArray(sysListener.id, ids)));
}

// ---- forms
/**
 * One page of stored forms (or all without paging) filtered by form name (contains); ordered by
 * the checked `orderByColumn` (formId, formName, createTime), else by form id.
 */
export async function formPage({ db }: LibraryStore, f: Partial<z.output<typeof formListInput>>): Promise<Page<FormRow>> {
  const where = contains(sysForm.formName, f.formName, db);
  const order = orderOf({ formId: sysForm.formId, formName: sysForm.formName, createTime: sysForm.createTime }, f, [asc(sysForm.formId)]);
  return pageOfAsync(f, async () => firstRow(await db.select({ n: count() }).from(sysForm).where(where))?.n ?? 0, async (limit, offset) => {
    const q = db.select().from(sysForm).where(where).orderBy(...order);
    return limit === undefined ? await q : await q.limit(limit).offset(offset ?? 0);
  });
}
/** Every form `{formId, formName}` by form id (the designer's formKey select). */
export const allFormOptions = async ({ db }: LibraryStore) =>
  db.select({ formId: sysForm.formId, formName: sysForm.formName }).from(sysForm).orderBy(asc(sysForm.formId));
/** Form `formId`, or null. */
export const findForm = async ({ db }: LibraryStore, formId: number) => firstRow(await db.select().from(sysForm).where(eq(sysForm.formId, formId)).limit(1)) ?? null;
/** Inserts a form; answers its id. */
export async function insertForm({ db }: LibraryStore, values: typeof sysForm.$inferInsert): Promise<number> {
  const [row] = await db.insert(sysForm).values(values).returning({ id: sysForm.formId });
  return row.id;
}
/** Updates form `formId` with `set`; answers the number of changed rows (0: no such form). */
export async function updateForm({ db }: LibraryStore, formId: number, set: Partial<typeof sysForm.$inferInsert>): Promise<number> {
  return changesOf(await db.update(sysForm).set(set).where(eq(sysForm.formId, formId)));
}
/**
 * Deletes the main-form links (sys_deploy_form) to forms `formIds` whose deployment has no copy of
 * the form (sys_deploy_form_content); a deployment that kept a copy keeps its link (issue 16).
 * Runs inside the caller's transaction (formRemove).
 */
export async function unlinkFormsWithoutCopy({ db: tx }: LibraryStore, formIds: number[]): Promise<void> {
  await tx.delete(sysDeployForm).where(and(inArray(sysDeployForm.formId, formIds), notExists(
    tx.select({ x: sysDeployFormContent.id }).from(sysDeployFormContent)
      .where(and(eq(sysDeployFormContent.deployId, sysDeployForm.deployId), eq(sysDeployFormContent.formId, sysDeployForm.formId))),
  )));
}
/** Deletes forms `formIds`; answers the number of deleted rows (inside the caller's transaction in formRemove). */
export async function deleteForms({ db: tx }: LibraryStore, formIds: number[]): Promise<number> {
  return changesOf(await tx.delete(sysForm).where(inArray(sysForm.formId, formIds)));
}
