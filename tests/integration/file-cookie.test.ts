/**
 * Issue 41 §3: uploaded files shown by a plain `<img src="/caishui-api/profile/…">`. Sign-in (REST
 * `POST /login` and the client's tRPC `auth.login`) sets an HttpOnly, SameSite=Strict cookie on
 * Path=/ holding a signed value that names the session with purpose `file` (not the bearer token);
 * it authorises GET and HEAD of `/profile/**` only, while the session lives and without extending
 * it; logout clears it; after logout, force-logout, expiry or with a forged value it answers 401 and
 * clears it. The header and `?Authorization=` keep working.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { multipartPayload, TINY_PNG } from '../helpers/factories';

let t: TestApp;
let dir: string;
let admin: string;
let fileUrl: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-cookie-'));
  t = await makeTestApp({ UPLOAD_DIR: dir });
  admin = await login(t.app);
  const { payload, headers } = multipartPayload({ file: { filename: 'logo.png', data: TINY_PNG } });
  const up = await t.app.inject({ method: 'POST', url: '/caishui-api/common/upload', payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
  fileUrl = (up.json() as { url: string }).url;
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const COOKIE = 'caishui_file';
const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : Array.isArray(h) ? h.map(String) : [String(h)];
};
const fileCookieOf = (res: { headers: Record<string, unknown> }) => setCookies(res).find((c) => c.startsWith(`${COOKIE}=`));
/** Signs in over REST as `user` → the bearer token, the file cookie's value and its Set-Cookie line. */
async function signIn(user = 'ry', password = 'admin123', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: user, password }, headers });
  const line = fileCookieOf(res) ?? '';
  return { token: (res.json() as { token: string }).token, cookie: line.split(';')[0].slice(COOKIE.length + 1), line };
}
const withCookie = (method: 'GET' | 'HEAD' | 'POST', url: string, value: string) =>
  t.app.inject({ method, url, headers: { cookie: `other=1; ${COOKIE}=${value}` } });
const isCleared = (res: { headers: Record<string, unknown> }) => /^caishui_file=; Max-Age=0; Path=\/;.*HttpOnly.*SameSite=Strict/.test(fileCookieOf(res) ?? '');

describe('the file cookie is set at sign-in', () => {
  it('POST /login sets an HttpOnly, SameSite=Strict, Path=/ session cookie, Secure only over https', async () => {
    const { token, cookie, line } = await signIn();
    expect(line).toMatch(/^caishui_file=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toBe(token);
    expect(line).not.toContain(token);
    const https = await makeTestApp({ TRUST_PROXY: true });
    try {
      const res = await https.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: 'ry', password: 'admin123' }, headers: { 'x-forwarded-proto': 'https' } });
      expect(fileCookieOf(res)).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    } finally {
      await https.app.close();
    }
  });

  it('the tRPC sign-in of our own client sets it too, and its logout clears it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/trpc/auth.login', payload: { username: 'ry', password: 'admin123' } });
    expect(res.statusCode).toBe(200);
    const line = fileCookieOf(res) ?? '';
    expect(line).toMatch(/^caishui_file=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict$/);
    const cookie = line.split(';')[0].slice(COOKIE.length + 1);
    expect((await withCookie('GET', fileUrl, cookie)).statusCode).toBe(200);
    const token = (res.json() as { result: { data: { token: string } } }).result.data.token;
    const out = await t.app.inject({ method: 'POST', url: '/caishui-api/trpc/auth.logout?batch=1', payload: {}, headers: { authorization: `Bearer ${token}` } });
    expect(isCleared(out)).toBe(true);
    expect((await withCookie('GET', fileUrl, cookie)).json().code).toBe(401);
  });
});

describe('what the cookie opens', () => {
  it('GET and HEAD of /profile/** with only the cookie answer the file; the header and ?Authorization= still do', async () => {
    const { token, cookie } = await signIn();
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: { authorization: `Bearer ${token}` } })).rawPayload).toEqual(TINY_PNG);
    expect((await t.app.inject({ method: 'GET', url: `${fileUrl}?Authorization=${encodeURIComponent(`Bearer ${token}`)}` })).rawPayload).toEqual(TINY_PNG);
    const res = await withCookie('GET', fileUrl, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload).toEqual(TINY_PNG);
    expect(fileCookieOf(res)).toBeUndefined();
    const head = await withCookie('HEAD', fileUrl, cookie);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('opens no other row, neither over REST nor over tRPC, and is no bearer token', async () => {
    const { cookie } = await signIn();
    expect((await withCookie('GET', fileUrl, cookie)).rawPayload).toEqual(TINY_PNG);
    expect((await withCookie('GET', '/caishui-api/getInfo', cookie)).json().code).toBe(401);
    expect((await withCookie('GET', `/caishui-api/common/download/resource?resource=${encodeURIComponent(fileUrl.slice('/caishui-api'.length))}`, cookie)).json().code).toBe(401);
    expect((await withCookie('POST', '/caishui-api/common/upload', cookie)).json().code).toBe(401);
    const trpc = await withCookie('GET', `/caishui-api/trpc/common.profile?input=${encodeURIComponent(JSON.stringify({ path: fileUrl.split('/profile/')[1] }))}`, cookie);
    expect(trpc.statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/getInfo', cookie)).body.code).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: { authorization: `Bearer ${cookie}` } })).json().code).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${fileUrl}?Authorization=${encodeURIComponent(`Bearer ${cookie}`)}` })).json().code).toBe(401);
  });
});

describe('the cookie ends with its session', () => {
  it('after logout: the logout clears it and the old value answers 401 with a clearing Set-Cookie', async () => {
    const { token, cookie } = await signIn();
    const out = await t.app.inject({ method: 'POST', url: '/caishui-api/logout', headers: { authorization: `Bearer ${token}` } });
    expect(isCleared(out)).toBe(true);
    const res = await withCookie('GET', fileUrl, cookie);
    expect(res.json()).toEqual({ code: 401, msg: '登录状态已过期' });
    expect(isCleared(res)).toBe(true);
  });

  it('after a force logout by admin', async () => {
    const { token, cookie } = await signIn();
    expect((await withCookie('GET', fileUrl, cookie)).statusCode).toBe(200);
    const rows = (await call(t.app, 'GET', '/monitor/online/list?userName=ry', admin)).body.rows as { tokenId: string }[];
    for (const { tokenId } of rows) expect((await call(t.app, 'DELETE', `/monitor/online/${tokenId}`, admin)).body.code).toBe(200);
    const res = await withCookie('GET', fileUrl, cookie);
    expect(res.json().code).toBe(401);
    expect(isCleared(res)).toBe(true);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.code).toBe(401);
  });

  it('after the idle expiry, which its own use does not extend', async () => {
    const { token, cookie } = await signIn();
    t.clock.advance(20 * 60 * 1000);
    expect((await withCookie('GET', fileUrl, cookie)).statusCode).toBe(200);
    t.clock.advance(11 * 60 * 1000);
    const res = await withCookie('GET', fileUrl, cookie);
    expect(res.json().code).toBe(401);
    expect(isCleared(res)).toBe(true);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.code).toBe(401);
    admin = await login(t.app);
  });

  it('a forged, foreign-key, other-purpose or garbled value answers 401 and is cleared', async () => {
    const { token, cookie } = await signIn();
    const sid = JSON.parse(Buffer.from(cookie.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const foreign = await new SignJWT(sid).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-0123456789abcdef'));
    const otherPurpose = await new SignJWT({ ...sid, purpose: 'download' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('test-secret-0123456789abcdef'));
    const [h, , s] = cookie.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...sid, sid: 'x' })).toString('base64url')}.${s}`;
    for (const value of [foreign, otherPurpose, tampered, token, 'garbage', '']) {
      const res = await withCookie('GET', fileUrl, value);
      expect(res.json().code, value).toBe(401);
      expect(isCleared(res), value).toBe(true);
    }
  });
});
