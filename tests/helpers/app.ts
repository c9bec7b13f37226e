/**
 * Test app over `:memory:` (design.md "Tests"): built with captcha off unless asked, silent
 * logs, and an optional manual clock. `login()` signs in over REST and returns the token.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp, type BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import type { AppEnv } from '../../server/env';

export interface TestApp {
  app: BuiltApp;
  clock: ReturnType<typeof manualClock>;
}

export async function makeTestApp(env: Partial<AppEnv> = {}): Promise<TestApp> {
  const clock = manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime());
  const app = await buildApp({
    rawEnv: {},
    env: { DATABASE_URL: ':memory:', CAPTCHA_ENABLED: false, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef', ...env },
    clock,
    logger: false,
    verifyInstanceCache: true,
  });
  return { app, clock };
}

/** POST /login → token (throws with the envelope when sign-in fails). */
export async function login(app: BuiltApp, username = 'admin', password = 'admin123'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username, password } });
  const body = res.json();
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token as string;
}

/** Sends a JSON request with a bearer token and returns the parsed envelope. */
export async function call(app: BuiltApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  const res = await app.inject({
    method,
    url: `/caishui-api${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

/** Two apps over one SQLite file, as two server processes sharing a database, plus a bare connection writing by hand. */
export interface SharedFileApps {
  a: BuiltApp;
  b: BuiltApp;
  /** A plain better-sqlite3 connection to the same file (a script, the sqlite3 shell). */
  raw: Database.Database;
  /** Closes the connection and both apps and removes the temp folder. */
  close(): Promise<void>;
}

/** Builds SharedFileApps over a new file in a temp folder; both apps use `clock`. */
export async function appsSharingOneFile(clock: ReturnType<typeof manualClock>): Promise<SharedFileApps> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-shared-'));
  const env = { DATABASE_URL: path.join(dir, 'c.db'), CAPTCHA_ENABLED: false, LOG_LEVEL: 'silent' as const, JWT_SECRET: 'test-secret-0123456789abcdef' };
  // No worker threads: the tests drive each connection themselves (the to-do reader has its own tests).
  // Two apps in one thread: no lingering groups (BuildAppOptions.groupLingerTurns).
  const a = await buildApp({ rawEnv: {}, env, clock, logger: false, checkpointer: false, todoReader: false, verifyInstanceCache: true, groupLingerTurns: 0 });
  const b = await buildApp({ rawEnv: {}, env, clock, logger: false, checkpointer: false, todoReader: false, verifyInstanceCache: true, groupLingerTurns: 0 });
  const raw = new Database(env.DATABASE_URL);
  raw.pragma('busy_timeout = 5000');
  return {
    a, b, raw,
    async close() {
      raw.close();
      await a.close();
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
