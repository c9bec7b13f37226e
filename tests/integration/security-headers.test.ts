/**
 * HTTP security (issue 11 §4, server/security.ts): helmet's headers and the CSP on the web client
 * and the API, `Cache-Control: no-store` on API answers, uploads served as sandboxed attachments
 * with nosniff (SVG and HTML never with an inline-renderable type), and `?Authorization=` read on
 * the download rows only: every other REST row and tRPC answer as if no token was sent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app';
import { login, makeTestApp, testDatabaseUrl, type TestApp } from '../helpers/app';
import { multipartPayload, TINY_PNG } from '../helpers/factories';
import { restRoutes } from '../../server/rest/routes';
import { ATTACHMENT_CSP } from '../../server/security';

let t: TestApp;
let admin: string;
let uploads: string;
beforeAll(async () => {
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-sec-'));
  t = await makeTestApp({ UPLOAD_DIR: uploads });
  admin = await login(t.app);
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const q = (token: string) => `Authorization=${encodeURIComponent(`Bearer ${token}`)}`;

/** CSP header → directive name → sources. */
function directives(csp: unknown): Record<string, string[]> {
  expect(typeof csp).toBe('string');
  return Object.fromEntries(
    String(csp).split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...sources] = d.split(/\s+/);
      return [name, sources];
    }),
  );
}

function expectBaseHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

function expectClientCsp(csp: unknown) {
  const d = directives(csp);
  expect(d['default-src']).toEqual(["'self'"]);
  expect(d['script-src']).toEqual(["'self'"]);
  expect(d['script-src-attr']).toEqual(["'none'"]);
  expect(d['object-src']).toEqual(["'none'"]);
  expect(d['frame-ancestors']).toEqual(["'self'"]);
  expect(d['base-uri']).toEqual(["'self'"]);
  expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(String(csp)).not.toContain('unsafe-eval');
  // The app speaks plain HTTP on a LAN: upgrading its requests to https would break it.
  expect(d['upgrade-insecure-requests']).toBeUndefined();
}

describe('security headers', () => {
  it('API answers (REST, tRPC, health, 404) carry the CSP, nosniff, a Referrer-Policy and no-store', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/caishui-api/getInfo', headers: bearer(admin) }),
      await t.app.inject({ method: 'GET', url: '/caishui-api/trpc/auth.getInfo', headers: bearer(admin) }),
      await t.app.inject({ method: 'GET', url: '/caishui-api/health' }),
      await t.app.inject({ method: 'GET', url: '/caishui-api/no/such/row' }),
      await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: 'admin', password: 'wrong-one' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 200]);
    for (const res of answers) {
      expectBaseHeaders(res.headers);
      expectClientCsp(res.headers['content-security-policy']);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the web client and the redirects carry the CSP and the headers (client files stay cacheable)', async () => {
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-web-'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    let app: BuiltApp | undefined;
    try {
      app = await buildApp({
        rawEnv: {}, env: { DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-0123456789abcdef' },
        webDir: web, logger: false, checkpointer: false,
      });
      for (const url of ['/caishui/', '/caishui/assets/app.js', '/', '/caishui']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(400);
        expectBaseHeaders(res.headers);
        expectClientCsp(res.headers['content-security-policy']);
        expect(res.headers['cache-control']).not.toBe('no-store');
      }
      const page = await app.inject({ method: 'GET', url: '/caishui/' });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    } finally {
      await app?.close();
      fs.rmSync(web, { recursive: true, force: true });
    }
  });
});

const uploadFile = async (filename: string, data: Buffer, url = '/common/uploadFile') => {
  const { payload, headers } = multipartPayload({ file: { filename, data } });
  const res = await t.app.inject({ method: 'POST', url: `/caishui-api${url}`, payload, headers: { ...headers, ...bearer(admin) } });
  const body = res.json() as { code: number; fileName: string; url: string };
  expect(body.code).toBe(200);
  return body;
};

describe('served uploads', () => {
  it('are attachments with nosniff and a sandbox CSP; SVG and HTML go out as octet-stream', async () => {
    const svg = await uploadFile('evil.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    const html = await uploadFile('page.html', Buffer.from('<script>alert(1)</script>'));
    const htm = await uploadFile('page.htm', Buffer.from('<script>alert(1)</script>'));
    const png = await uploadFile('logo.png', TINY_PNG, '/common/upload');
    const cases: Array<[string, string]> = [
      [svg.url, 'application/octet-stream'], [html.url, 'application/octet-stream'], [htm.url, 'application/octet-stream'],
      [png.url, 'image/png'],
      [`/caishui-api/common/download/resource?resource=${encodeURIComponent(svg.fileName)}`, 'application/octet-stream'],
    ];
    for (const [url, type] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
      expect(String(res.headers['content-disposition']), url).toMatch(/^attachment; filename="/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe(ATTACHMENT_CSP);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('?Authorization= in the URL', () => {
  it('is accepted on the download rows: /profile/**, /common/download/resource and /common/download', async () => {
    const png = await uploadFile('shown.png', TINY_PNG, '/common/upload');
    fs.mkdirSync(path.join(uploads, 'download'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'download', 'abc_report.txt'), 'report');
    const urls = [
      `${png.url}?${q(admin)}`,
      `/caishui-api/common/download/resource?resource=${encodeURIComponent(png.fileName)}&${q(admin)}`,
      `/caishui-api/common/download?fileName=abc_report.txt&${q(admin)}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['content-disposition']), url).toMatch(/^attachment/);
    }
    // Still a session check: a bad token in the URL is refused.
    const bad = await t.app.inject({ method: 'GET', url: `${png.url}?${q('not-a-token')}` });
    expect(bad.json()).toMatchObject({ code: 401 });
  });

  it('is ignored on other rows (401 without the header) and by tRPC', async () => {
    const token = await login(t.app);
    const rest = await t.app.inject({ method: 'GET', url: `/caishui-api/getInfo?${q(token)}` });
    expect(rest.json()).toEqual({ code: 401, msg: '请求访问：/caishui-api/getInfo，认证失败，无法访问系统资源' });
    const exported = await t.app.inject({ method: 'POST', url: `/caishui-api/system/user/export?${q(token)}` });
    expect(exported.headers['content-disposition']).toBeUndefined();
    expect(exported.json()).toMatchObject({ code: 401 });
    const trpc = await t.app.inject({ method: 'GET', url: `/caishui-api/trpc/auth.getInfo?${q(token)}` });
    expect(trpc.statusCode).toBe(401);
    // The same calls with the header work.
    expect((await t.app.inject({ method: 'GET', url: '/caishui-api/getInfo', headers: bearer(token) })).json()).toMatchObject({ code: 200 });
    expect((await t.app.inject({ method: 'GET', url: '/caishui-api/trpc/auth.getInfo', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('changes nothing on any non-download row: each answers as it does with no token at all', async () => {
    const token = await login(t.app);
    const rows = restRoutes.filter((r) => !r.queryToken).flatMap((r) => [r, ...(r.aliases ?? [])]);
    expect(rows.length).toBeGreaterThan(100);
    const seen: string[] = [];
    for (const row of rows) {
      const url = `/caishui-api${row.path.replace(/:[A-Za-z]+/g, '1').replace('*', 'x.png')}`;
      const anonymous = await t.app.inject({ method: row.method, url });
      const withQuery = await t.app.inject({ method: row.method, url: `${url}?${q(token)}` });
      const key = `${row.method} ${row.path}`;
      expect(withQuery.statusCode, key).toBe(anonymous.statusCode);
      const code = (res: typeof anonymous) => (String(res.headers['content-type']).includes('json') ? res.json().code : `binary ${res.statusCode}`);
      expect(code(withQuery), key).toBe(code(anonymous));
      if (code(anonymous) === 401) seen.push(key);
    }
    // Most rows need a session; none of them took the token from the URL.
    expect(seen.length).toBeGreaterThan(100);
    // The token was never used: still valid, logout included.
    expect((await t.app.inject({ method: 'GET', url: '/caishui-api/getInfo', headers: bearer(token) })).json()).toMatchObject({ code: 200 });
  });
});
