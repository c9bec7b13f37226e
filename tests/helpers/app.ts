/**
 * Test app over `:memory:` (design.md "Tests"), or over a fresh PostgreSQL database when
 * `CAISHUI_TEST_DB=postgres` (the `integration-pg` vitest project, issue 43): built with captcha
 * off unless asked, silent logs, and an optional manual clock. `login()` signs in over REST and
 * returns the token. Tests reach the database through `app.deps.store` (README "Two databases"),
 * so they run on both; the few that are SQLite-only by nature sit in `*.sqlite.test.ts` files,
 * which the PostgreSQL projects leave out (vitest.config.ts SQLITE_ONLY).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp, type BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import type { AppEnv } from '../../server/env';
import { freshDatabase } from '../pg/fresh-db';

/**
 * True when the run's apps are built over PostgreSQL (`CAISHUI_TEST_DB=postgres`, set by the
 * `integration-pg` project of vitest.config.ts, whose globalSetup starts the cluster).
 */
export const onPostgres = process.env.CAISHUI_TEST_DB === 'postgres';

export interface TestApp {
  app: BuiltApp;
  clock: ReturnType<typeof manualClock>;
}

/**
 * The database a test app is built over: `:memory:`, or on PostgreSQL (`onPostgres`) the URL of an
 * empty database of its own on the run's cluster (tests/pg/fresh-db.ts). For tests that call
 * buildApp themselves (their own logger, options).
 */
export async function testDatabaseUrl(): Promise<string> {
  return onPostgres ? freshDatabase('integration') : ':memory:';
}

/**
 * Builds an app with a manual clock at 2026-11-22 09:00 local time. Its database: `:memory:`, or
 * on PostgreSQL (`onPostgres`) an empty database of its own on the run's cluster
 * (tests/pg/fresh-db.ts), migrated and seeded by buildApp; an explicit `env.DATABASE_URL` (a
 * SQLite file) wins over both.
 */
export async function makeTestApp(env: Partial<AppEnv> = {}): Promise<TestApp> {
  const clock = manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime());
  const DATABASE_URL = env.DATABASE_URL ?? await testDatabaseUrl();
  const app = await buildApp({
    rawEnv: {},
    env: { DATABASE_URL, CAPTCHA_ENABLED: false, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef', ...env },
    clock,
    logger: false,
    verifyInstanceCache: true,
  });
  return { app, clock };
}

/**
 * Runs a script of statements separated by `;` (DDL a test sets up: business tables for the code
 * generator, …) through the app's store, one `store.run` each, in order: on SQLite and PostgreSQL
 * alike (`exec` is better-sqlite3's alone). `;` inside '…' / "…" or after `--` on a line does not
 * split; each statement keeps its comments (SQLite keeps them in the table's stored SQL).
 */
export async function execSql(app: BuiltApp, script: string): Promise<void> {
  for (const statement of splitStatements(script)) await app.deps.store.run(statement);
}

/** The statements of `script` (see execSql), trimmed, empty ones left out. */
export function splitStatements(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < script.length; i++) {
    const c = script[i];
    if (c === "'" || c === '"') {
      const end = script.indexOf(c, i + 1);
      i = end < 0 ? script.length : end;
    } else if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? script.length : end;
    } else if (c === ';') {
      out.push(script.slice(start, i));
      start = i + 1;
    }
  }
  out.push(script.slice(start));
  return out.map((st) => st.trim()).filter((st) => st.replace(/--[^\n]*/g, '').trim() !== '');
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

/**
 * Two apps over one SQLite file, as two server processes sharing a database, plus a bare
 * connection writing by hand. SQLite-only: tests using it sit in `*.sqlite.test.ts` files, which
 * the PostgreSQL projects leave out (vitest.config.ts SQLITE_ONLY).
 */
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
