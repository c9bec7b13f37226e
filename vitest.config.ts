import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/workflow/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
    // beforeAll hooks build apps and seed databases; on a busy 2-core machine they pass vitest's 10 s default.
    hookTimeout: 60000,
    pool: 'forks',
  },
});
