/**
 * Home page counts (issue 11 §7): home.stats applies the caller's data scope, so each count equals
 * the total of the caller's own list over REST — `ry` (role 2, custom data scope: depts 100, 101,
 * 105) sees 1 user and 3 depts, not every live row; the super admin sees them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
let ry: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  ry = await login(t.app, 'ry');
});
afterAll(async () => { await t.app.close(); });

/** home.stats over tRPC's HTTP GET, as the home page reads it. */
async function stats(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/caishui-api/trpc/home.stats', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json().result.data as { userCount: number; roleCount: number; deptCount: number };
}

/** The totals of the caller's user, role and dept lists over REST. */
async function listTotals(token: string) {
  const users = (await call(t.app, 'GET', '/system/user/list?pageNum=1&pageSize=10', token)).body;
  const roles = (await call(t.app, 'GET', '/system/role/list?pageNum=1&pageSize=10', token)).body;
  const depts = (await call(t.app, 'GET', '/system/dept/list', token)).body;
  expect([users.code, roles.code, depts.code]).toEqual([200, 200, 200]);
  return { userCount: users.total as number, roleCount: roles.total as number, deptCount: (depts.data as unknown[]).length };
}

describe('home.stats', () => {
  it('counts only what ry may see: the totals of his own user, role and dept lists', async () => {
    const own = await listTotals(ry);
    expect(own.userCount).toBe(1);
    expect(own.deptCount).toBe(3);
    expect(await stats(ry)).toEqual(own);
  });

  it('counts every live row for the super admin, equal to his lists', async () => {
    const own = await listTotals(admin);
    expect(own.userCount).toBe(2);
    expect(own.deptCount).toBe(10);
    expect(await stats(admin)).toEqual(own);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/caishui-api/trpc/home.stats' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('认证失败，无法访问系统资源');
  });
});
