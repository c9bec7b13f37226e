/**
 * Issue 38 §7 (first bullet): secret-looking query keys (`*password*`, `*pwd*`, `*token*`,
 * `*secret*`, any case, also percent-encoded) are masked in every log line. RuoYi's
 * `PUT /system/user/profile/updatePwd?oldPassword=…&newPassword=…` must not write either password.
 * Drives the REST adapter on an app that logs every line (trace) into a captured stream.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { flushAudit } from '../../server/core/audit';
import { sysOperLog } from '../../server/db/schema';
import { login, testDatabaseUrl } from '../helpers/app';
import { makeUser } from '../helpers/factories';

let app: BuiltApp;
const lines: string[] = [];

beforeAll(async () => {
  app = await buildApp({
    rawEnv: {},
    env: { DATABASE_URL: await testDatabaseUrl(), CAPTCHA_ENABLED: false, LOG_LEVEL: 'trace', JWT_SECRET: 'test-secret-0123456789abcdef' },
    clock: manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime()),
    logStream: { write: (line: string) => { lines.push(line); } },
  });
});
afterAll(async () => app.close());

/** The log lines written while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await run();
  return lines.slice(from).join('\n');
}

it('updatePwd with both passwords in the query writes neither into any log line or the operation log', async () => {
  await makeUser(app, { userName: 'qpwd' });
  const token = await login(app, 'qpwd', 'admin123');
  const text = await logged(async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/caishui-api/system/user/profile/updatePwd?oldPassword=admin123&newPassword=Query-New-77',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().code).toBe(200);
  });
  await login(app, 'qpwd', 'Query-New-77');
  expect(text).toContain('updatePwd');
  expect(text).not.toContain('admin123');
  expect(text).not.toContain('Query-New-77');
  expect(text).toContain('oldPassword=[REDACTED]');
  await flushAudit(app.deps.store);
  expect(JSON.stringify(await app.deps.store.db.select().from(sysOperLog))).not.toContain('Query-New-77');
});

it('the operation log keeps no *pwd* / *passwd* query value either', async () => {
  const token = await login(app, 'qpwd', 'Query-New-77');
  await app.inject({
    method: 'PUT', url: '/caishui-api/system/user/profile/updatePwd?oldPassword=wrong-1&newPassword=Other-2&user_pwd=Op-secret-1&newPasswd=Op-secret-2',
    headers: { authorization: `Bearer ${token}` },
  });
  await flushAudit(app.deps.store);
  const rows = JSON.stringify(await app.deps.store.db.select().from(sysOperLog));
  expect(rows).toContain('updatePwd');
  for (const s of ['wrong-1', 'Other-2', 'Op-secret-1', 'Op-secret-2']) expect(rows).not.toContain(s);
});

it('masks *password*, *pwd*, *token*, *secret* query keys in any case and percent-encoded, keeps the others', async () => {
  const queries = [
    'OLDPASSWORD=Qs-1', 'user_pwd=Qs-2', 'pwd=Qs-3', 'accessToken=Qs-4', 'refresh_token=Qs-5', 'client_secret=Qs-6',
    'old%50assword=Qs-7', '%70wd=Qs-8', 'Secret%4Bey=Qs-9', 'x%5BnewPassword%5D=Qs-10', 'apiToken=Qs-11;a',
  ];
  const text = await logged(async () => {
    await app.inject({ method: 'GET', url: `/caishui-api/system/config/list?pageNum=1&${queries.join('&')}&keep=yes` });
  });
  expect(text).toContain('pageNum=1');
  expect(text).toContain('keep=yes');
  for (let i = 1; i <= 11; i++) expect(text).not.toContain(`Qs-${i}`);
});

it('an unknown path with a secret query (404) and a failed request log no secret either', async () => {
  const text = await logged(async () => {
    await app.inject({ method: 'GET', url: '/caishui-api/no/such/path?newPassword=Nf-secret-1&token=Nf-secret-2' });
    await app.inject({ method: 'POST', url: '/caishui-api/login?password=Nf-secret-3', payload: 'not json', headers: { 'content-type': 'application/json' } });
    // Outside the API: Fastify's own "Route GET:/x?… not found" message quotes the raw URL.
    await app.inject({ method: 'GET', url: '/elsewhere?user_pwd=Nf-secret-4&x=1' });
  });
  expect(text).toContain('/no/such/path');
  expect(text).toContain('/elsewhere?user_pwd=[REDACTED]&x=1 not found');
  for (const s of ['Nf-secret-1', 'Nf-secret-2', 'Nf-secret-3', 'Nf-secret-4']) expect(text).not.toContain(s);
  for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
});
