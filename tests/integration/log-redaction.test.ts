/**
 * Issue 11 §4 "logs": a failed request keeps its secrets out of the operation log and the pino log,
 * whatever form its body took — a `text/plain` string (JSON or form text), a JSON array, a
 * multipart body. Drives the REST adapter with inject() on an app that logs every line (trace).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { desc, gt } from 'drizzle-orm';
import { buildApp, type BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { sysOperLog } from '../../server/db/schema';
import { flushAudit } from '../../server/core/audit';
import { login, testDatabaseUrl } from '../helpers/app';
import { multipartPayload } from '../helpers/factories';
import { firstRow } from '../../server/db/store/results';

let app: BuiltApp;
let admin: string;
const lines: string[] = [];

beforeAll(async () => {
  app = await buildApp({
    rawEnv: {},
    env: { DATABASE_URL: await testDatabaseUrl(), CAPTCHA_ENABLED: false, LOG_LEVEL: 'trace', JWT_SECRET: 'test-secret-0123456789abcdef' },
    clock: manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime()),
    logStream: { write: (line: string) => { lines.push(line); } },
  });
  admin = await login(app);
});
afterAll(async () => app.close());

const lastOperId = async () => (await flushAudit(app.deps.store), firstRow(await app.deps.store.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1))?.operId ?? 0);
const rowsAfter = async (id: number) => (await flushAudit(app.deps.store), (await app.deps.store.db.select().from(sysOperLog).where(gt(sysOperLog.operId, id))));
const send = (method: 'POST' | 'PUT', url: string, payload: string | Buffer | object, headers: Record<string, string> = {}) =>
  app.inject({ method, url: `/caishui-api${url}`, payload: payload as string, headers: { authorization: `Bearer ${admin}`, ...headers } });

/** Neither the rows written since `since` nor any log line carries one of `secrets`. */
async function expectNoSecret(since: number, secrets: string[]) {
  const rows = await rowsAfter(since);
  const logged = lines.join('\n');
  for (const s of secrets) {
    expect(JSON.stringify(rows), `operation log carries ${s}`).not.toContain(s);
    expect(logged, `pino log carries ${s}`).not.toContain(s);
  }
  return rows;
}

it('a failed text/plain login keeps its password out of both logs', async () => {
  const since = await lastOperId();
  const before = lines.length;
  for (const payload of ['{"username":"admin","password":"Login-secret-1"}', 'username=admin&password=Login-secret-2']) {
    const res = await app.inject({ method: 'POST', url: '/caishui-api/login', payload, headers: { 'content-type': 'text/plain' } });
    expect(res.json().code).toBe(500);
  }
  expect(lines.length).toBeGreaterThan(before);
  await expectNoSecret(since, ['Login-secret-1', 'Login-secret-2']);
});

it('text/plain string bodies (JSON and form text) are logged without their secrets', async () => {
  const since = await lastOperId();
  const text = { 'content-type': 'text/plain' };
  expect((await send('PUT', '/system/user/resetPwd', '{"userId":2,"password":"Plain-secret-3"}', text)).json().code).toBe(500);
  expect((await send('PUT', '/system/user/profile/updatePwd', 'oldPassword=Plain-secret-4&newPassword=Plain-secret-5&confirmPassword=Plain-secret-5', text)).json().code).toBe(500);
  const rows = await expectNoSecret(since, ['Plain-secret-3', 'Plain-secret-4', 'Plain-secret-5']);
  expect(rows.map((r) => [r.operUrl, r.status, r.operParam])).toEqual([
    ['/caishui-api/system/user/resetPwd', 1, JSON.stringify('{"userId":2}')],
    ['/caishui-api/system/user/profile/updatePwd', 1, JSON.stringify('')],
  ]);
});

it('a JSON array body is logged without its secrets', async () => {
  const since = await lastOperId();
  const res = await send('PUT', '/system/user/resetPwd', [{ userId: 2, Password: 'Array-secret-6' }, 'token=Array-secret-7&x=1', '{"secret":"Array-secret-8"}']);
  expect(res.json().code).toBe(500);
  const [row] = await expectNoSecret(since, ['Array-secret-6', 'Array-secret-7', 'Array-secret-8']);
  expect(row.operParam).toBe(JSON.stringify([{ userId: 2 }, 'x=1', '{}']));
});

it('a multipart body is logged without its secret fields', async () => {
  const since = await lastOperId();
  const { payload, headers } = multipartPayload({
    file: { filename: 'users.xlsx', data: Buffer.from('not a workbook') },
    Password: 'Multi-secret-9',
    Authorization: 'Bearer Multi-secret-10',
    extra: 'newPassword=Multi-secret-11&keep=1',
  });
  const res = await send('POST', '/system/user/importData', payload, headers);
  expect(res.json().code).toBe(500);
  const [row] = await expectNoSecret(since, ['Multi-secret-9', 'Multi-secret-10', 'Multi-secret-11']);
  expect(row.status).toBe(1);
  expect(JSON.parse(row.operParam)).toMatchObject({ extra: 'keep=1', file: { filename: 'users.xlsx' } });
});

it('a string body whose secret names are percent-encoded, \\u-escaped or split by `_` / `-` is logged without them', async () => {
  const since = await lastOperId();
  const text = { 'content-type': 'text/plain' };
  expect((await send('PUT', '/system/user/resetPwd', '{"userId":2,"\\u0070assword":"Hidden-value-12"}', text)).json().code).toBe(500);
  expect((await send('PUT', '/system/user/profile/updatePwd', 'old%50assword=Hidden-value-13&new_password=Hidden-value-14&to-ken=Hidden-value-15', text)).json().code).toBe(500);
  const rows = await expectNoSecret(since, ['Hidden-value-12', 'Hidden-value-13', 'Hidden-value-14', 'Hidden-value-15']);
  expect(rows.map((r) => r.operParam)).toEqual([JSON.stringify('{"userId":2}'), JSON.stringify('')]);
});
