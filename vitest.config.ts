import { defineConfig } from 'vitest/config';

/**
 * Three projects, so one tier runs alone (`npm run test:unit`, `test:integration`, `test:workflow`)
 * and `vitest run` runs all of them (issue 42 "a fast, load-proof test loop"):
 * - unit: colocated `*.test.ts` beside the code (server, shared, client);
 * - integration: the whole app over :memory:, driven with inject() and tRPC callers;
 * - workflow: the BPMN corpus and engine behaviour through the app.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20000,
    // beforeAll hooks build apps and seed databases; on a busy 2-core machine they pass vitest's 10 s default.
    hookTimeout: 60000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
      { extends: true, test: { name: 'workflow', include: ['tests/workflow/**/*.test.ts'] } },
    ],
  },
});
