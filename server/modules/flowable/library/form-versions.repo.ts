/**
 * The forms of a deployment as it got them (issue 16 "instances keep their own version"; table
 * sys_deploy_form_content): node forms (`flowable:formKey` = a sys_form id) are copied inside the
 * deploy transaction (engine deploy `onDeployed`, which also links the start event's stored form as
 * the main form, issue 40 §2), the main form when it is linked (addDeployForm).
 * `formOfDeployment` reads the copy first and the live sys_form only for deployments made before
 * copies existed, so editing a form changes what new deployments show, never an old instance.
 * Also the main-form content lookup of form submission (`mainFormContentOf`) and the
 * `sys_deploy_form` link of addDeployForm. The only file of the workflow module that queries these
 * tables (issue 42: queries only in repositories).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sysDeployForm, sysDeployFormContent, sysForm } from '../../../db/schema';
import type { DbTx } from '../../common/query.repo';

export interface DeployedForm { formId: number; formName: string; formContent: string | null }

/** Copies the sys_form rows `formIds` (those that exist) for deployment `deployId`; an existing copy stays. */
export function snapshotForms(db: DbTx, deployId: string, formIds: number[]): void {
  const ids = [...new Set(formIds.filter((n) => Number.isSafeInteger(n) && n > 0))];
  if (!ids.length) return;
  const rows = db.select({ formId: sysForm.formId, formName: sysForm.formName, formContent: sysForm.formContent }).from(sysForm).where(inArray(sysForm.formId, ids)).all();
  if (!rows.length) return;
  db.insert(sysDeployFormContent).values(rows.map((r) => ({ deployId, ...r }))).onConflictDoNothing().run();
}

/**
 * The engine's `onDeployed` hook of a deploy: copies the node and start forms its model names by
 * id, and links the start event's form as the deployment's main form (issue 40 §2: the form chosen
 * on the start event in the designer is the one 发起 shows; 配置主表单 can change it) when it names
 * a stored form (a numeric `flowable:formKey`); other keys link nothing.
 */
export const snapshotOnDeploy = (db: DbTx) => (r: { deploymentId: string; formKeys: string[]; startFormKey?: string }) => {
  snapshotForms(db, r.deploymentId, r.formKeys.filter((k) => /^\d+$/.test(k)).map(Number));
  const startFormId = r.startFormKey && /^\d+$/.test(r.startFormKey) ? Number(r.startFormKey) : 0;
  const stored = startFormId && db.select({ formId: sysDeployFormContent.formId }).from(sysDeployFormContent)
    .where(and(eq(sysDeployFormContent.deployId, r.deploymentId), eq(sysDeployFormContent.formId, startFormId))).get();
  if (stored) db.insert(sysDeployForm).values({ formId: startFormId, deployId: r.deploymentId }).onConflictDoNothing().run();
};

/**
 * The lookups of formOfDeployment and mainFormOfDeployment, prepared once per database handle
 * (every complete of a node with a form runs them; the definition list once per row).
 */
function buildQueries(db: DbTx) {
  return {
    link: db.select({ formId: sysDeployForm.formId }).from(sysDeployForm).where(eq(sysDeployForm.deployId, sql.placeholder('deployId'))).prepare(),
    copy: db.select({ formId: sysDeployFormContent.formId, formName: sysDeployFormContent.formName, formContent: sysDeployFormContent.formContent })
      .from(sysDeployFormContent)
      .where(and(eq(sysDeployFormContent.deployId, sql.placeholder('deployId')), eq(sysDeployFormContent.formId, sql.placeholder('formId')))).prepare(),
    live: db.select({ formId: sysForm.formId, formName: sysForm.formName, formContent: sysForm.formContent }).from(sysForm)
      .where(eq(sysForm.formId, sql.placeholder('formId'))).prepare(),
  };
}
const prepared = new WeakMap<object, ReturnType<typeof buildQueries>>();

/** Form `formId` as deployment `deployId` got it: its copy, else the live form (older deployments), else undefined. */
export function formOfDeployment(db: DbTx, deployId: string, formId: number): DeployedForm | undefined {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = buildQueries(db)));
  return q.copy.get({ deployId, formId }) ?? q.live.get({ formId });
}

/** The main form linked to deployment `deployId` (addDeployForm) as it got it, or undefined when none is linked. */
export function mainFormOfDeployment(db: DbTx, deployId: string): DeployedForm | undefined {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = buildQueries(db)));
  const link = q.link.get({ deployId });
  return link ? formOfDeployment(db, deployId, link.formId) : undefined;
}

/**
 * The main-form lookup of form submission (common/form-submission.ts mainForm), prepared once per
 * database: every start and complete runs it, so it must not rebuild and recompile its SQL each
 * time (`npm run bench` drives these services).
 */
function buildMainQueries(db: DbTx) {
  return {
    // The deployment's copy first (issue 16: instances keep their own version), else the live form.
    main: db.select({ content: sql<string | null>`coalesce(${sysDeployFormContent.formContent}, ${sysForm.formContent})` }).from(sysDeployForm)
      .leftJoin(sysDeployFormContent, and(eq(sysDeployFormContent.deployId, sysDeployForm.deployId), eq(sysDeployFormContent.formId, sysDeployForm.formId)))
      .leftJoin(sysForm, eq(sysForm.formId, sysDeployForm.formId))
      .where(eq(sysDeployForm.deployId, sql.placeholder('deployId'))).prepare(),
  };
}
const preparedMain = new WeakMap<object, ReturnType<typeof buildMainQueries>>();

/**
 * The main-form JSON text of deployment `deployId` (its copy, else the live form), or null when
 * none is linked or it has no content. Uncached: the caller (form-submission.ts) keeps the ReadCache.
 */
export function mainFormContentOf(db: DbTx, deployId: string): string | null {
  let q = preparedMain.get(db);
  if (!q) preparedMain.set(db, (q = buildMainQueries(db)));
  return q.main.get({ deployId })?.content ?? null;
}

/** The form linked to deployment `deployId` as its main form (sys_deploy_form), or undefined (addDeployForm). */
export function linkedMainForm(db: DbTx, deployId: string): { formId: number } | undefined {
  return db.select({ formId: sysDeployForm.formId }).from(sysDeployForm).where(eq(sysDeployForm.deployId, deployId)).get();
}

/** Points deployment `deployId`'s existing main-form link at form `formId` (addDeployForm, inside its transaction). */
export function relinkMainForm(tx: DbTx, deployId: string, formId: number): void {
  tx.update(sysDeployForm).set({ formId }).where(eq(sysDeployForm.deployId, deployId)).run();
}

/** Links form `formId` as deployment `deployId`'s main form; an existing link stays (addDeployForm, inside its transaction). */
export function linkMainForm(tx: DbTx, deployId: string, formId: number): void {
  tx.insert(sysDeployForm).values({ formId, deployId }).onConflictDoNothing().run();
}
