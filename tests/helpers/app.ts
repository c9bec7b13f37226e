/**
 * Test app over `:memory:` (design.md "Tests"): built with captcha off unless asked, silent
 * logs, and an optional manual clock. `login()` signs in over REST and returns the token.
 */
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
