/**
 * REST rows of the modules written by the code generator (issue 14; tool/gen): one file per module,
 * `server/rest/routes/<module>-<business>.ts`. The generator owns this file and re-emits it from the
 * modules listed here plus the new one (`server/modules/tool/gen/templates/registry.ts`).
 */
import type { RestRoute } from '../table';

export const generatedRestRoutes: RestRoute[] = [];
