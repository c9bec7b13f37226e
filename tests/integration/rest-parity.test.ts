/**
 * One parity case per REST row (design.md "One parity test per row calls both surfaces"): the REST
 * envelope carries what the tRPC procedure answers for the same input. A row without a case
 * fails the last test, so every new row brings its case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/routes';
import { appRouter } from '../../server/trpc/router';
import { createCallerFactory } from '../../server/trpc/init';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await makeTestApp();
  token = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const caller = (tok?: string) =>
  createCallerFactory(appRouter)({ deps: t.app.deps, token: tok, client: { ip: '127.0.0.1', userAgent: 'vitest' } });

type Case = {
  url: string;
  body?: unknown;
  trpc: (c: ReturnType<typeof caller>) => Promise<unknown>;
  /** How the envelope holds the procedure's result. */
  pick: (env: Record<string, any>) => unknown;
  /** Fields that differ call to call (tokens, captcha ids). */
  volatile?: string[];
  anonymous?: boolean;
};

const strip = (v: unknown, keys: string[] = []) => JSON.parse(JSON.stringify(v, (k, x) => (keys.includes(k) ? '<volatile>' : x)));
const without = (o: Record<string, any>, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

const cases: Record<string, Case> = {
  'GET /captchaImage': { url: '/captchaImage', trpc: (c) => c.auth.captchaImage(), pick: (e) => without(e, 'code', 'msg'), anonymous: true },
  'GET /publicKey': { url: '/publicKey', trpc: (c) => c.auth.publicKey(), pick: (e) => without(e, 'code', 'msg'), anonymous: true },
  'POST /login': {
    url: '/login', body: { username: 'ry', password: 'admin123' }, anonymous: true, volatile: ['token'],
    trpc: (c) => c.auth.login({ username: 'ry', password: 'admin123' }), pick: (e) => without(e, 'code', 'msg'),
  },
  'POST /register': {
    url: '/register', body: { username: 'x1', password: 'secret1' }, anonymous: true,
    trpc: (c) => c.auth.register({ username: 'x1', password: 'secret1' }).catch((e: Error) => ({ error: e.message })),
    pick: (e) => (e.code === 200 ? {} : { error: e.msg }),
  },
  'POST /logout': { url: '/logout', anonymous: true, trpc: (c) => c.auth.logout(), pick: (e) => ({ msg: e.msg }) },
  'GET /getInfo': { url: '/getInfo', trpc: (c) => c.auth.getInfo(), pick: (e) => without(e, 'code', 'msg') },
  'GET /getRouters': { url: '/getRouters', trpc: (c) => c.auth.getRouters(), pick: (e) => e.data },
  'GET /system/user/list': {
    url: '/system/user/list?pageNum=1&pageSize=5&deptId=101',
    trpc: (c) => c.system.user.list({ pageNum: 1, pageSize: 5, deptId: 101 }), pick: (e) => ({ rows: e.rows, total: e.total }),
  },
};

describe('REST ↔ tRPC parity', () => {
  for (const route of restRoutes) {
    const key = `${route.method} ${route.path}`;
    const c = cases[key];
    if (!c) continue;
    it(key, async () => {
      const tok = c.anonymous ? undefined : token;
      const rest = await call(t.app, route.method, c.url, tok, c.body);
      expect(rest.status).toBe(200);
      expect([200, 500]).toContain(rest.body.code);
      const direct = await c.trpc(caller(tok));
      expect(strip(c.pick(rest.body), c.volatile)).toEqual(strip(direct, c.volatile));
    });
  }

  it('has a case for every REST row', () => {
    const missing = restRoutes.map((r) => `${r.method} ${r.path}`).filter((k) => !cases[k]);
    expect(missing).toEqual([]);
  });
});
