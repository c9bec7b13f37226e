/**
 * End-to-end tests (stack-notes §5): Debian chromium, one worker, against the server built
 * over an in-memory database on port 18080 (or E2E_PORT). The client must be built first (`vite build`;
 * `npm run test:e2e` does that).
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** `E2E_PORT` lets several runs share a machine; `E2E_UPLOAD_DIR` keeps their files apart. */
const PORT = process.env.E2E_PORT ?? '18080';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/caishui/`,
    browserName: 'chromium',
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/caishui-api/health`,
    env: {
      PORT,
      HOST: '127.0.0.1',
      DATABASE_URL: ':memory:',
      CAPTCHA_ENABLED: 'false',
      UPLOAD_DIR: process.env.E2E_UPLOAD_DIR ?? `.tmp/e2e-uploads-${PORT}`,
      /** A client built elsewhere (`vite build --outDir <dir>`), so parallel runs don't share dist/client. */
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: path.resolve(process.env.E2E_WEB_DIR) } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
