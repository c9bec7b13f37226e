/**
 * Issue 38 §7: a malformed multipart body answers a Chinese message (上传文件失败，请求不是合法的
 * multipart/form-data 格式) in the envelope, and is logged as one warning without a stack trace;
 * nothing is stored. Drives the REST rows with inject() on an app whose log lines are captured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { login, testDatabaseUrl } from '../helpers/app';

let app: BuiltApp;
let admin: string;
let dir: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-mp-'));
  app = await buildApp({
    rawEnv: {},
    env: { DATABASE_URL: await testDatabaseUrl(), CAPTCHA_ENABLED: false, LOG_LEVEL: 'info', JWT_SECRET: 'test-secret-0123456789abcdef', UPLOAD_DIR: dir },
    clock: manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime()),
    logStream: { write: (line: string) => { lines.push(JSON.parse(line)); } },
  });
  admin = await login(app);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const BAD_BODIES: { name: string; contentType: string; payload: string }[] = [
  { name: 'no closing boundary', contentType: 'multipart/form-data; boundary=XYZ', payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc' },
  { name: 'garbage', contentType: 'multipart/form-data; boundary=XYZ', payload: 'this is not multipart at all' },
  { name: 'no boundary', contentType: 'multipart/form-data', payload: '--XYZ\r\n\r\n' },
];

it.each(BAD_BODIES)('a malformed multipart body ($name) answers the Chinese message, logged as a warning without a stack', async ({ contentType, payload }) => {
  for (const url of ['/common/upload', '/common/uploadFile', '/system/user/profile/avatar']) {
    const from = lines.length;
    const res = await app.inject({ method: 'POST', url: `/caishui-api${url}`, payload, headers: { 'content-type': contentType, authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 500, msg: '上传文件失败，请求不是合法的 multipart/form-data 格式' });
    const logged = lines.slice(from);
    expect(logged.filter((l) => (l.level as number) >= 50)).toEqual([]);
    const warnings = logged.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).not.toContain('stack');
    expect(JSON.stringify(warnings[0])).not.toMatch(/\n\s+at /);
  }
  expect(fs.readdirSync(dir)).toEqual([]);
});

it('more files than the limit answers the count message, not the parser\'s English text', async () => {
  const parts = Array.from({ length: 6 }, (_, i) => `--XYZ\r\nContent-Disposition: form-data; name="f${i}"; filename="a${i}.txt"\r\nContent-Type: text/plain\r\n\r\nabc\r\n`).join('');
  const res = await app.inject({
    method: 'POST', url: '/caishui-api/common/uploadFile', payload: `${parts}--XYZ--\r\n`,
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ', authorization: `Bearer ${admin}` },
  });
  expect(res.json()).toEqual({ code: 500, msg: '上传文件数量不能超过 5 个!' });
  expect(fs.readdirSync(dir)).toEqual([]);
});

it('more text fields than the limit, or one over 1 MB, answers its message and stores nothing (issue 38 §6)', async () => {
  const send = (body: string) => app.inject({
    method: 'POST', url: '/caishui-api/common/uploadFile', payload: `${body}--XYZ--\r\n`,
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ', authorization: `Bearer ${admin}` },
  });
  const field = (name: string, value: string) => `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const many = Array.from({ length: 51 }, (_, i) => field(`k${i}`, 'v')).join('');
  expect((await send(many)).json()).toEqual({ code: 500, msg: '上传请求的表单字段数量不能超过 50 个!' });
  expect((await send(field('big', 'x'.repeat(1024 * 1024 + 1)))).json()).toEqual({ code: 500, msg: '上传请求的表单字段不能超过 1MB!' });
  expect(fs.readdirSync(dir)).toEqual([]);
});
