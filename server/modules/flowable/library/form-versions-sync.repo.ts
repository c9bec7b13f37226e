/**
 * The synchronous part of the deployment form copies (form-versions.repo.ts has the rest, on the
 * async store): the engine's `onDeployed` hook runs inside the engine's synchronous deploy
 * transaction over better-sqlite3 (engine commands/definitions.ts), so the copy it makes goes
 * through the same connection synchronously. To move onto the store when the engine's deploy does
 * (issue 43).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { sysDeployForm, sysDeployFormContent, sysForm } from '../../../db/schema';
import type { DbTx } from '../../common/query.repo';

/** Copies the sys_form rows `formIds` (those that exist) for deployment `deployId`; an existing copy stays. */
function snapshotFormsSync(db: DbTx, deployId: string, formIds: number[]): void {
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
  snapshotFormsSync(db, r.deploymentId, r.formKeys.filter((k) => /^\d+$/.test(k)).map(Number));
  const startFormId = r.startFormKey && /^\d+$/.test(r.startFormKey) ? Number(r.startFormKey) : 0;
  const stored = startFormId && db.select({ formId: sysDeployFormContent.formId }).from(sysDeployFormContent)
    .where(and(eq(sysDeployFormContent.deployId, r.deploymentId), eq(sysDeployFormContent.formId, startFormId))).get();
  if (stored) db.insert(sysDeployForm).values({ formId: startFormId, deployId: r.deploymentId }).onConflictDoNothing().run();
};
