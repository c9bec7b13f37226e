import fs from 'node:fs';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock` / `vi.doMock`: a mock holds for the module
 * registry it is made in, so these run isolated (a fresh registry per file) in the `…:mocked`
 * projects. Found by reading the files, so a new mocking file cannot land in a shared registry
 * (gen.test.ts's mocked templates once leaked into the next gen-* files of its worker).
 */
function mockingFiles(dir: string): string[] {
  return fs.readdirSync(`${import.meta.dirname}/${dir}`, { withFileTypes: true }).flatMap((e) => {
    const file = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : mockingFiles(file);
    return /\.test\.tsx?$/.test(e.name) && /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(`${import.meta.dirname}/${file}`, 'utf8')) ? [file] : [];
  });
}
const MOCKING = ['server', 'shared', 'client/src', 'tests'].flatMap((dir) => mockingFiles(dir));

const UNIT = ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/src/**/*.test.ts'];
const INTEGRATION = ['tests/integration/**/*.test.ts'];
const PG = ['tests/pg/**/*.test.ts', 'server/**/*.pg.test.ts'];
/**
 * Tests of what only the SQLite adapter has (a database file shared by processes, its WAL
 * checkpointer and backups, the synchronous readers, sqlite_master): `*.sqlite.test.ts`, run by
 * the SQLite projects and left out of the PostgreSQL ones, where they have nothing to test.
 */
const SQLITE_ONLY = '**/*.sqlite.test.ts';

/**
 * The PostgreSQL projects (issue 43) run only when asked for by name (`npm run test:pg`, i.e.
 * `vitest run --project pg`, and the `…-pg` ones below): a plain `vitest run` (`npm run
 * test:vitest`) runs every project it is given, and each of these starts a throwaway cluster;
 * `npm test` runs them by name after it. A `--project` pattern (`p*`) selects them too; `!pg` does not.
 */
const PROJECT_FILTERS = process.argv.flatMap((arg, i, argv) =>
  arg === '--project' ? [argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : []);
/**
 * The integration suite on PostgreSQL (`npm run test:integration:pg`, `--project 'integration-pg*'`):
 * the same files as `integration`, each app over a fresh database of one throwaway cluster
 * (tests/helpers/app.ts makeTestApp, `CAISHUI_TEST_DB=postgres`); only when asked for, as `pg` is.
 */
const projectAsked = (name: string) => PROJECT_FILTERS.some((f) => new RegExp(`^${f.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name));
const PG_ASKED = projectAsked('pg');
const INTEGRATION_PG_ASKED = projectAsked('integration-pg');
/** Its files that mock a module, isolated as in `integration:mocked` (`--project 'integration-pg*'`). */
const INTEGRATION_PG_MOCKED_ASKED = projectAsked('integration-pg:mocked');
/**
 * The workflow suite on PostgreSQL (`npm run test:workflow:pg`, `--project workflow-pg`): the same
 * files as `workflow`, each engine over a fresh migrated database of one throwaway cluster
 * (tests/workflow/helpers.ts makeEngine, `CAISHUI_TEST_DB=postgres`; tests/workflow/pg-setup.ts
 * closes a file's stores after it); only when asked for, as `pg` is.
 */
const WORKFLOW_PG_ASKED = projectAsked('workflow-pg');
/**
 * The multi-node tier (`npm run test:cluster`, `--project cluster`, issue 44): tests/cluster starts
 * two or three app processes over one database of the run's throwaway cluster, behind a round-robin
 * front; one file at a time (each holds several Node processes); only when asked for, as `pg` is.
 */
const CLUSTER_ASKED = projectAsked('cluster');

/**
 * Projects, so one tier runs alone (`npm run test:unit`, `test:integration`, `test:workflow`) and
 * `vitest run` runs all of them (issue 42 "a fast, load-proof test loop"):
 * - unit: colocated `*.test.ts` beside the code (server, shared, client);
 * - integration: the whole app over :memory:, driven with inject() and tRPC callers;
 * - workflow: the BPMN corpus and engine behaviour through the app;
 * - pg: the PostgreSQL adapter and its tier (`*.pg.test.ts`, tests/pg) on one throwaway cluster per
 *   run (tests/pg/global-setup.ts); only when asked for (PG_ASKED).
 *
 * They run without isolation (`isolate: false`): a worker loads the server's module graph once and
 * runs file after file in it, instead of a fresh process per file (6.6 → ~3 minutes on 2 cores;
 * importing the graph was most of the time). Every test builds its own app over its own :memory:
 * database, so nothing but module-level caches is shared, and those are keyed by app or database.
 * The few files that mock a module run isolated, in `unit:mocked` and `integration:mocked`.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20000,
    // beforeAll hooks build apps and seed databases; on a busy 2-core machine they pass vitest's 10 s default.
    hookTimeout: 60000,
    pool: 'forks',
    // One worker per core. Vitest's default is cores − 1, i.e. ONE worker on these 2-core machines,
    // which left a core idle through every tier (`vitest run`: 338 → 158 s with 2).
    maxWorkers: os.availableParallelism(),
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: [...configDefaults.exclude, ...MOCKING, 'server/**/*.pg.test.ts'], isolate: false } },
      { extends: true, test: { name: 'unit:mocked', include: MOCKING.filter((f) => !f.startsWith('tests/')) } },
      { extends: true, test: { name: 'integration', include: INTEGRATION, exclude: [...configDefaults.exclude, ...MOCKING], isolate: false } },
      { extends: true, test: { name: 'integration:mocked', include: MOCKING.filter((f) => f.startsWith('tests/')) } },
      { extends: true, test: { name: 'workflow', include: ['tests/workflow/**/*.test.ts'], exclude: [...configDefaults.exclude, ...MOCKING], isolate: false } },
      ...(PG_ASKED ? [{ extends: true as const, test: { name: 'pg', include: PG, globalSetup: ['tests/pg/global-setup.ts'], isolate: false } }] : []),
      ...(INTEGRATION_PG_ASKED ? [{ extends: true as const, test: { name: 'integration-pg', include: INTEGRATION, exclude: [...configDefaults.exclude, ...MOCKING, SQLITE_ONLY],
        globalSetup: ['tests/pg/global-setup.ts'], env: { CAISHUI_TEST_DB: 'postgres' }, isolate: false } }] : []),
      ...(INTEGRATION_PG_MOCKED_ASKED ? [{ extends: true as const, test: { name: 'integration-pg:mocked', include: MOCKING.filter((f) => f.startsWith('tests/integration/')), exclude: [...configDefaults.exclude, SQLITE_ONLY],
        globalSetup: ['tests/pg/global-setup.ts'], env: { CAISHUI_TEST_DB: 'postgres' } } }] : []),
      ...(WORKFLOW_PG_ASKED ? [{ extends: true as const, test: { name: 'workflow-pg', include: ['tests/workflow/**/*.test.ts'], exclude: [...configDefaults.exclude, ...MOCKING, SQLITE_ONLY],
        globalSetup: ['tests/pg/global-setup.ts'], setupFiles: ['tests/workflow/pg-setup.ts'], env: { CAISHUI_TEST_DB: 'postgres' }, isolate: false } }] : []),
      ...(CLUSTER_ASKED ? [{ extends: true as const, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], globalSetup: ['tests/pg/global-setup.ts'],
        fileParallelism: false, testTimeout: 120000, hookTimeout: 180000 } }] : []),
    ],
  },
});
