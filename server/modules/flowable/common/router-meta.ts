/**
 * Operation-log meta shared by the workflow routers (definition, task, instance, library, cc,
 * sign): `log(title, businessType)` for `.meta()` after a permission, `logged(title, businessType)`
 * for writes that need a session but no permission of their own.
 */
import { auditedProcedure } from '../../../trpc/procedures';

export const log = (title: string, businessType: number) => ({ log: { title, businessType } });
/** Authed + operation log (workflow writes without a permission of their own). */
export const logged = (title: string, businessType: number) => auditedProcedure.meta(log(title, businessType));
