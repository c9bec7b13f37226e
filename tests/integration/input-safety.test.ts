/**
 * Issue 11 §2: no request input, signed in or not, reaches a prototype, and deep bodies get a clean
 * refusal. One test per input kind (query, JSON, urlencoded form, multipart, tRPC's own parsing),
 * each attempted WITHOUT a token (input is read before the sign-in check), followed by what the
 * attack used to break for everyone: fresh sign-ins, list page sizes, a new user's roles.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { multipartPayload, TINY_PNG } from '../helpers/factories';
import { sysUserRole } from '../../server/db/schema';
import { MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from '../../server/core/input';
import { batchingClient, expectRefused } from '../helpers/trpc-client';

let t: TestApp;
let admin: string;
const protoNames = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => t.app.close());
afterEach(() => {
  // Whatever a failing run put on Object.prototype must not leak into the next test.
  const bag = Object.prototype as Record<string, unknown>;
  for (const k of ['issuer', 'pageSize', 'roleIds', 'polluted']) delete bag[k];
});

/** The process is unharmed: nothing new on Object.prototype, a fresh sign-in works and lists page normally. */
async function expectUnharmed() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join(',')).toBe(protoNames);
  const token = await login(t.app);
  expect((await call(t.app, 'GET', '/getInfo', token)).body.code).toBe(200);
  const users = await call(t.app, 'GET', '/system/user/list?pageNum=1', token);
  expect(users.body.code).toBe(200);
  expect(users.body.rows.length).toBeGreaterThan(1);
}

const refusedKey = (key: string) => ({ code: 500, msg: `请求参数包含非法的字段名：${key}` });

describe('query strings', () => {
  it('?__proto__[issuer]=x without a token is refused and every token keeps working', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/caishui-api/flowable/definition/list?__proto__[issuer]=x' });
    expect(res.json()).toEqual(refusedKey('__proto__[issuer]'));
    expect(({} as Record<string, unknown>).issuer).toBeUndefined();
    await expectUnharmed();
  });

  it('?__proto__[pageSize]=1 does not shrink every list', async () => {
    await t.app.inject({ method: 'GET', url: '/caishui-api/system/user/list?__proto__[pageSize]=1' });
    await t.app.inject({ method: 'GET', url: '/caishui-api/system/user/list?constructor[prototype]=1&prototype=2' });
    await expectUnharmed();
  });

  it('keeps RuoYi params[beginTime] filters working', async () => {
    const res = await call(t.app, 'GET', '/system/user/list?params[beginTime]=2000-01-01&params[endTime]=2999-12-31', admin);
    expect(res.body.code).toBe(200);
    expect(res.body.total).toBeGreaterThan(1);
  });
});

describe('JSON bodies', () => {
  it('POST /login with "__proto__[roleIds]" cannot give a later user the admin role', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { '__proto__[roleIds]': [1], username: 'admin', password: 'x' } });
    expect(res.json()).toEqual(refusedKey('__proto__[roleIds]'));
    const created = await call(t.app, 'POST', '/system/user', admin, { userName: 'plainuser', nickName: '普通', password: 'abc12345' });
    expect(created.body.code).toBe(200);
    const [user] = (await call(t.app, 'GET', '/system/user/list?userName=plainuser', admin)).body.rows;
    expect(await t.app.deps.store.db.select().from(sysUserRole).where(eq(sysUserRole.userId, user.userId))).toEqual([]);
    await expectUnharmed();
  });

  it('refuses __proto__ and constructor.prototype keys nested anywhere', async () => {
    for (const payload of ['{"username":"a","x":{"__proto__":{"polluted":1}}}', '{"constructor":{"prototype":{"polluted":1}}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload, headers: { 'content-type': 'application/json' } });
      expect(res.json().code).toBe(500);
    }
    await expectUnharmed();
  });

  it('refuses a 10,000-deep array and a 1,000,000-deep object with a clean message', async () => {
    for (const payload of ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(999_999) + '{}' + '}'.repeat(999_999)]) {
      const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 500, msg: TOO_DEEP_MESSAGE });
    }
    await expectUnharmed();
  });

  it('accepts a body exactly at the depth limit (the procedure then judges it)', async () => {
    const deep = '{"a":'.repeat(MAX_INPUT_DEPTH - 2) + '{}' + '}'.repeat(MAX_INPUT_DEPTH - 2);
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: `{"username":"admin","password":"x","extra":${deep}}`, headers: { 'content-type': 'application/json' } });
    expect(res.json().msg).not.toBe(TOO_DEEP_MESSAGE);
  });
});

describe('urlencoded forms', () => {
  it('refuses __proto__[x] and constructor[prototype] fields', async () => {
    for (const [body, key] of [['__proto__[roleIds]=1&username=admin', '__proto__[roleIds]'], ['constructor[prototype]=1', 'constructor[prototype]']]) {
      const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.json()).toEqual(refusedKey(key));
    }
    await expectUnharmed();
  });
});

describe('multipart', () => {
  it('refuses a field named __proto__[polluted] before the sign-in check, and a plain __proto__ field', async () => {
    for (const name of ['__proto__[polluted]', '__proto__']) {
      const { payload, headers } = multipartPayload({ [name]: 'yes', file: { filename: 'a.png', contentType: 'image/png', data: TINY_PNG } });
      const res = await t.app.inject({ method: 'POST', url: '/caishui-api/common/upload', payload, headers });
      expect(res.json()).toEqual(refusedKey(name));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await expectUnharmed();
  });

  it('still uploads with ordinary fields', async () => {
    const { payload, headers } = multipartPayload({ file: { filename: 'a.png', contentType: 'image/png', data: TINY_PNG } });
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/common/upload', payload, headers: { ...headers, authorization: `Bearer ${admin}` } });
    expect(res.json().code).toBe(200);
  });
});

describe('tRPC', () => {
  it('refuses __proto__ keys and deep input in ?input= and in JSON bodies', async () => {
    const input = encodeURIComponent(JSON.stringify({ pageNum: 1 }).replace('{', '{"__proto__":{"pageSize":1},'));
    const get = await t.app.inject({ method: 'GET', url: `/caishui-api/trpc/system.user.list?input=${input}`, headers: { authorization: `Bearer ${admin}` } });
    expect(get.json().error.message).toBe('请求参数包含非法的字段名：__proto__');

    // Refused before tRPC parses the text, with tRPC's own error answer (as the key refusal above).
    const tooDeep = (path: string) => ({
      error: { message: TOO_DEEP_MESSAGE, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path, appCode: 500 } },
    });
    const deepGet = await t.app.inject({ method: 'GET', url: `/caishui-api/trpc/system.user.list?input=${encodeURIComponent('['.repeat(500) + ']'.repeat(500))}` });
    expect(deepGet.statusCode).toBe(500);
    expect(deepGet.json()).toEqual(tooDeep('system.user.list'));

    const deepPost = await t.app.inject({ method: 'POST', url: '/caishui-api/trpc/auth.login', payload: '['.repeat(10_000) + ']'.repeat(10_000), headers: { 'content-type': 'application/json' } });
    expect(deepPost.statusCode).toBe(500);
    expect(deepPost.json()).toEqual(tooDeep('auth.login'));

    const deepBatch = await t.app.inject({ method: 'POST', url: '/caishui-api/trpc/system.post.add,system.post.add?batch=1', payload: `{"0":${'['.repeat(500) + ']'.repeat(500)}}`, headers: { 'content-type': 'application/json' } });
    expect(deepBatch.json()).toEqual([tooDeep('system.post.add'), tooDeep('system.post.add')]);
    await expectUnharmed();
  });

  it("refuses deep input sent by the browser's batching client with a message it can read", async () => {
    const client = await batchingClient(t.app, admin);
    const deep: unknown = JSON.parse('['.repeat(MAX_INPUT_DEPTH + 5) + ']'.repeat(MAX_INPUT_DEPTH + 5));
    const results = await Promise.allSettled([
      client.system.user.list.query({ pageNum: 1, userName: deep } as never),
      client.system.post.add.mutate({ postCode: 'deep', postName: deep, postSort: 1 } as never),
    ]);
    // What client/src/lib/request-error.ts shows: the message and data.appCode.
    for (const r of results) expectRefused(r, TOO_DEEP_MESSAGE, 500);
    expect((await call(t.app, 'GET', '/system/post/list?postCode=deep', admin)).body.total).toBe(0);
    // The same client's ordinary calls still work.
    expect((await client.system.user.list.query({ pageNum: 1 } as never) as { total: number }).total).toBeGreaterThan(1);
  });
});
