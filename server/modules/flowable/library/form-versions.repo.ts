/**
 * The forms of a deployment as it got them (issue 16 "instances keep their own version"; table
 * sys_deploy_form_content): node forms (`flowable:formKey` = a sys_form id) are copied inside the
 * deploy transaction (engine deploy `onDeployed`, which also links the start event's stored form as
 * the main form, issue 40 §2: form-versions-sync.repo.ts, synchronous like the engine's deploy),
 * the main form when it is linked (addDeployForm).
 * `formOfDeployment` reads the copy first and the live sys_form only for deployments made before
 * copies existed, so editing a form changes what new deployments show, never an old instance.
 * Also the main-form content lookup of form submission (`mainFormContentOf`) and the
 * `sys_deploy_form` link of addDeployForm. With form-versions-sync.repo.ts the only files of the
 * workflow module that query these tables (issue 42: queries only in repositories).
 *
 * On the async store (issue 43): every function takes the store and awaits its Drizzle queries;
 * writes run inside the caller's `store.transaction`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sysDeployForm, sysDeployFormContent, sysForm } from '../../../db/schema';
import type { Db } from '../../../db/client';
import type { Store } from '../../../db/store/port';
import { firstRow } from '../../../db/store/results';

/** The store (or its transaction's handle) these queries run on. */
type FormStore = Pick<Store<Db>, 'db'>;

export interface DeployedForm { formId: number; formName: string; formContent: string | null }

/** Copies the sys_form rows `formIds` (those that exist) for deployment `deployId`; an existing copy stays. */
export async function snapshotForms({ db }: FormStore, deployId: string, formIds: number[]): Promise<void> {
  const ids = [...new Set(formIds.filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (!ids.length) return;
  const rows = await db.select({ formId: sysForm.formId, formName: sysForm.formName, formContent: sysForm.formContent }).from(sysForm).where(inArray(sysForm.formId, ids));
  if (!rows.length) return;
  await db.insert(sysDeployFormContent).values(rows.map((r) => ({ deployId, ...r }))).onConflictDoNothing();
}

/** Form `formId` as deployment `deployId` got it: its copy, else the live form (older deployments), else undefined. */
export async function formOfDeployment({ db }: FormStore, deployId: string, formId: number): Promise<DeployedForm | undefined> {
  const copy = firstRow(await db.select({ formId: sysDeployFormContent.formId, formName: sysDeployFormContent.formName, formContent: sysDeployFormContent.formContent })
    .from(sysDeployFormContent).where(and(eq(sysDeployFormContent.deployId, deployId), eq(sysDeployFormContent.formId, formId))).limit(1));
  if (copy) return copy;
  return firstRow(await db.select({ formId: sysForm.formId, formName: sysForm.formName, formContent: sysForm.formContent }).from(sysForm)
    .where(eq(sysForm.formId, formId)).limit(1));
}

/** The main form linked to deployment `deployId` (addDeployForm) as it got it, or undefined when none is linked. */
export async function mainFormOfDeployment(store: FormStore, deployId: string): Promise<DeployedForm | undefined> {
  const link = await linkedMainForm(store, deployId);
  return link ? formOfDeployment(store, deployId, link.formId) : undefined;
}

/**
 * The main-form JSON text of deployment `deployId` (its copy, else the live form), or null when
 * none is linked or it has no content. Uncached: the caller (form-submission.ts) keeps the ReadCache.
 */
export async function mainFormContentOf({ db }: FormStore, deployId: string): Promise<string | null> {
  // The deployment's copy first (issue 16: instances keep their own version), else the live form.
  const row = firstRow(await db.select({ content: sql<string | null>`coalesce(${sysDeployFormContent.formContent}, ${sysForm.formContent})` }).from(sysDeployForm)
    .leftJoin(sysDeployFormContent, and(eq(sysDeployFormContent.deployId, sysDeployForm.deployId), eq(sysDeployFormContent.formId, sysDeployForm.formId)))
    .leftJoin(sysForm, eq(sysForm.formId, sysDeployForm.formId))
    .where(eq(sysDeployForm.deployId, deployId)).limit(1));
  return row?.content ?? null;
}

/** The form linked to deployment `deployId` as its main form (sys_deploy_form), or undefined (addDeployForm). */
export async function linkedMainForm({ db }: FormStore, deployId: string): Promise<{ formId: number } | undefined> {
  return firstRow(await db.select({ formId: sysDeployForm.formId }).from(sysDeployForm).where(eq(sysDeployForm.deployId, deployId)).limit(1));
}

/** Points deployment `deployId`'s existing main-form link at form `formId` (addDeployForm, inside its transaction). */
export async function relinkMainForm({ db }: FormStore, deployId: string, formId: number): Promise<void> {
  await db.update(sysDeployForm).set({ formId }).where(eq(sysDeployForm.deployId, deployId));
}

/** Links form `formId` as deployment `deployId`'s main form; an existing link stays (addDeployForm, inside its transaction). */
export async function linkMainForm({ db }: FormStore, deployId: string, formId: number): Promise<void> {
  await db.insert(sysDeployForm).values({ formId, deployId }).onConflictDoNothing();
}

/**
 * The engine's `onDeployed` hook on the async store (PostgreSQL, issue 43; SQLite's engine runs
 * the synchronous twin, form-versions-sync.repo.ts `snapshotOnDeploy`): copies the node and start
 * forms the model names by id, and links the start event's stored form as the deployment's main
 * form (issue 40 §2) when its copy exists. Runs in the deploy's transaction (the store's async
 * context): the engine must await the Promise it returns.
 */
export const snapshotOnDeployOn = (store: FormStore) => async (r: { deploymentId: string; formKeys: string[]; startFormKey?: string }): Promise<void> => {
  await snapshotForms(store, r.deploymentId, r.formKeys.filter((k) => /^\d+$/.test(k)).map(Number));
  const startFormId = r.startFormKey && /^\d+$/.test(r.startFormKey) ? Number(r.startFormKey) : 0;
  const stored = startFormId && firstRow(await store.db.select({ formId: sysDeployFormContent.formId }).from(sysDeployFormContent)
    .where(and(eq(sysDeployFormContent.deployId, r.deploymentId), eq(sysDeployFormContent.formId, startFormId))).limit(1));
  if (stored) await linkMainForm(store, r.deploymentId, startFormId);
};
