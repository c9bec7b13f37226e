/**
 * End-to-end tests (stack-notes §5): Debian chromium against two servers, each built over an
 * in-memory database: port 18080 (or E2E_PORT) for the `parallel` project, the next port (or
 * E2E_SERIAL_PORT) for `serial`. The client must be built first (`vite build`; `npm run test:e2e`
 * does that).
 *
 * Two projects (issue 42, "a fast test loop"), run at the same time on E2E_WORKERS workers
 * (default 2): `parallel` runs most spec files on every free worker — each test works on its own
 * records (names carry `uniq()`, which includes the worker slot) and scopes its assertions to
 * them; `serial` runs, on one worker at a time and against its own server, the specs that own
 * global state another test could see: sys_config values (注册 on/off), a shared dictionary's
 * label, 清理全部 of the caches, the job log's 清空. Before, `serial` ran after `parallel` on the
 * shared server, and one core idled through its 90 s. `npx playwright test --project serial` runs it alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** `E2E_PORT` lets several runs share a machine; `E2E_UPLOAD_DIR` keeps their files apart. */
const PORT = process.env.E2E_PORT ?? '18080';
/** The `serial` project's server (`E2E_SERIAL_PORT`, default E2E_PORT + 1). */
export const SERIAL_PORT = process.env.E2E_SERIAL_PORT ?? String(Number(PORT) + 1);

/** Workers of the run (`E2E_WORKERS`, default 2: the machine's cores), shared by both projects; `serial` uses at most one. */
const WORKERS = Number(process.env.E2E_WORKERS) || 2;

/**
 * Spec files that change state every other test could see, run one at a time against their own server:
 * admin-settings (sys.account.registerUser, the sys_normal_disable label, the login/online lists),
 * signin (立即注册 only while registration is on), ruoyi-monitor (清理全部), jobs (调度日志 清空 and
 * totals of the whole job log).
 */
const SERIAL = ['admin-settings.spec.ts', 'signin.spec.ts', 'ruoyi-monitor.spec.ts', 'jobs.spec.ts'];

/**
 * Debian's `chromium-headless-shell` when installed (Chromium's headless-only build: no browser UI
 * underneath, about 10–20 % less CPU than the full browser on the same specs, which the run is
 * bound by on 2 cores), else Debian's `chromium`. `.ci/run` installs both.
 */
const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';

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

/** An app server over `:memory:` on `port`, uploads in `uploadDir`. */
function server(port: string, uploadDir: string) {
  return {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/caishui-api/health`,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_URL: ':memory:',
      CAPTCHA_ENABLED: 'false',
      UPLOAD_DIR: uploadDir,
      /** A client built elsewhere (`vite build --outDir <dir>`), so parallel runs don't share dist/client. */
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: path.resolve(process.env.E2E_WEB_DIR) } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  workers: WORKERS,
  fullyParallel: false,
  retries: 0,
  // A guard against hangs, not a duration check: two workers and the server share two cores.
  timeout: 120_000,
  // Waits for an effect, not duration checks: generous, so a loaded machine slows the run instead of failing it.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/caishui/`,
    browserName: 'chromium',
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  // `serial` first: its specs are queued first, so one worker works through them (one at a time,
  // `workers: 1`) while the other takes `parallel`'s, instead of one core idling at the end.
  projects: [
    { name: 'serial', testMatch: SERIAL, workers: 1, use: { baseURL: `http://127.0.0.1:${SERIAL_PORT}/caishui/` } },
    { name: 'parallel', testIgnore: SERIAL },
  ],
  webServer: [server(PORT, process.env.E2E_UPLOAD_DIR ?? `.tmp/e2e-uploads-${PORT}`), server(SERIAL_PORT, `${process.env.E2E_UPLOAD_DIR ?? '.tmp/e2e-uploads'}-${SERIAL_PORT}`)],
});
