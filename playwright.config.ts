/**
 * End-to-end tests (stack-notes §5): Debian chromium, one worker, against the server built
 * over an in-memory database on port 18080. The client must be built first (`vite build`;
 * `npm run test:e2e` does that).
 */
import { defineConfig } from '@playwright/test';

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
    baseURL: 'http://127.0.0.1:18080/caishui/',
    browserName: 'chromium',
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: 'http://127.0.0.1:18080/caishui-api/health',
    env: {
      PORT: '18080',
      HOST: '127.0.0.1',
      DATABASE_URL: ':memory:',
      CAPTCHA_ENABLED: 'false',
      UPLOAD_DIR: '.tmp/e2e-uploads',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
