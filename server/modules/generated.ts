/**
 * Modules written by the code generator (issue 14; tool/gen). The generator owns this file: when
 * it writes a module it re-emits the file from the modules already listed here plus the new one
 * (`server/modules/tool/gen/templates/registry.ts`), so keep hand edits out of it. Each module
 * name is one domain (modules/manifest.ts), listed after the built-in ones by
 * server/modules/index.ts: its tRPC routers (served at `<module>.<business>.*`, their REST rows on
 * their procedures) and its install steps (table and menu, run once per database by
 * `runModuleInstalls`).
 */

/** The generated domains, one per module name, sorted (appended to server/modules/index.ts's list). */
export const generatedDomains = [] as const;
