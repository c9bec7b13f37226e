/**
 * Modules written by the code generator (issue 14; tool/gen). The generator owns this file: when
 * it writes a module it re-emits the file from the modules already listed here plus the new one
 * (`server/modules/tool/gen/templates/registry.ts`), so keep hand edits out of it. Each module
 * contributes its tRPC router (served at `<module>.<business>.*`, its REST rows on its procedures)
 * and its install step (table and menu, run once per database by `runModuleInstalls`).
 */
import type { ModuleInstall } from './tool/gen/module-install';

/** tRPC routers by module name, then business name (spread into the app router). */
export const generatedRouters = {};

/** Install steps, run at boot by buildApp. */
export const generatedInstalls: ModuleInstall[] = [];
