/**
 * Issue 15 constraints on the session cache (server/modules/auth/session-cache.ts):
 * - a role, menu, user or dept change, a logout, force-logout or disable takes effect on the very
 *   next request in the same process, and within EXTERNAL_POLL_MS (1 s of the app's clock) in
 *   another process sharing the database file (session-cache.sqlite.test.ts);
 * - the idle expiry stays 30 minutes as the user sees it, while the row is written at most once a
 *   minute; a process that did not serve the last request honours the session at most
 *   SESSION_LEASE_MS longer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysMenu, sysSession } from '../../server/db/schema';
import { SESSION_IDLE_MS, SESSION_LEASE_MS, knownTokenSession } from '../../server/modules/auth/session-cache';
import { sessionIdOf } from '../../server/modules/auth/session.service';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';
import { firstRow } from '../../server/db/store/results';
import { listCode, menuIdOf } from '../helpers/cache-probes';

describe('same process: the next request sees every change', () => {
  let t: TestApp;
  let admin: string;
  let roleId: number;
  let menuId: number;
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app);
    menuId = await menuIdOf(t.app, 'system:user:list');
    roleId = await makeRole(t.app, { roleKey: 'cache_role', menuIds: [menuId] });
    await makeUser(t.app, { userName: 'cache_u', roleIds: [roleId] });
  });
  afterAll(() => t.app.close());

  it('role menus, role status and user roles', async () => {
    const token = await login(t.app, 'cache_u');
    expect(await listCode(t.app, token)).toBe(200);
    expect(await listCode(t.app, token)).toBe(200);
    // The role loses the menu (REST role update with an empty menu list).
    const role = (await call(t.app, 'GET', `/system/role/${roleId}`, admin)).body.data;
    expect((await call(t.app, 'PUT', '/system/role', admin, { ...role, menuIds: [] })).body.code).toBe(200);
    expect(await listCode(t.app, token)).toBe(403);
    expect((await call(t.app, 'PUT', '/system/role', admin, { ...role, menuIds: [menuId] })).body.code).toBe(200);
    expect(await listCode(t.app, token)).toBe(200);
    // The role is disabled, then enabled.
    expect((await call(t.app, 'PUT', '/system/role/changeStatus', admin, { roleId, status: '1' })).body.code).toBe(200);
    expect(await listCode(t.app, token)).toBe(403);
    expect((await call(t.app, 'PUT', '/system/role/changeStatus', admin, { roleId, status: '0' })).body.code).toBe(200);
    expect(await listCode(t.app, token)).toBe(200);
    // The user loses the role.
    const userId = (await call(t.app, 'GET', '/getInfo', token)).body.user.userId;
    expect((await call(t.app, 'PUT', `/system/user/authRole?userId=${userId}&roleIds=`, admin)).body.code).toBe(200);
    expect(await listCode(t.app, token)).toBe(403);
    expect((await call(t.app, 'PUT', `/system/user/authRole?userId=${userId}&roleIds=${roleId}`, admin)).body.code).toBe(200);
    expect(await listCode(t.app, token)).toBe(200);
  });

  it('a disabled menu, a renamed dept, a renamed user', async () => {
    const token = await login(t.app, 'cache_u');
    expect(await listCode(t.app, token)).toBe(200);
    await t.app.deps.store.db.update(sysMenu).set({ status: '1' }).where(eq(sysMenu.menuId, menuId));
    expect(await listCode(t.app, token)).toBe(403);
    await t.app.deps.store.db.update(sysMenu).set({ status: '0' }).where(eq(sysMenu.menuId, menuId));
    expect(await listCode(t.app, token)).toBe(200);

    const dept = (await call(t.app, 'GET', '/system/dept/103', admin)).body.data;
    expect((await call(t.app, 'GET', '/getInfo', token)).body.user.dept.deptName).toBe(dept.deptName);
    expect((await call(t.app, 'PUT', '/system/dept', admin, { ...dept, deptName: '研发二部' })).body.code).toBe(200);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.user.dept.deptName).toBe('研发二部');

    const info = (await call(t.app, 'GET', '/getInfo', token)).body.user;
    const user = (await call(t.app, 'GET', `/system/user/${info.userId}`, admin)).body.data;
    expect((await call(t.app, 'PUT', '/system/user', admin, { ...user, nickName: '缓存用户', roleIds: [roleId], postIds: [] })).body.code).toBe(200);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.user.nickName).toBe('缓存用户');
  });

  it('remembers the token signed at login (its first request needs no verify); a forged one is still refused', async () => {
    const token = await login(t.app, 'cache_u');
    const sid = knownTokenSession(t.app.deps.store, token);
    expect(sid).toBeTypeOf('string');
    expect(await sessionIdOf(t.app.deps, token)).toBe(sid);
    expect(await listCode(t.app, token)).toBe(200);
    const [head, body] = token.split('.');
    expect(await listCode(t.app, `${head}.${body}.${'A'.repeat(43)}`)).toBe(401);
  });

  it('logout, force-logout and disable end the session at once', async () => {
    const a = await login(t.app, 'cache_u');
    expect(await listCode(t.app, a)).toBe(200);
    expect((await call(t.app, 'POST', '/logout', a)).body.code).toBe(200);
    expect(await listCode(t.app, a)).toBe(401);

    const b = await login(t.app, 'cache_u');
    expect(await listCode(t.app, b)).toBe(200);
    const online = (await call(t.app, 'GET', '/monitor/online/list?userName=cache_u', admin)).body.rows as { tokenId: string }[];
    for (const row of online) expect((await call(t.app, 'DELETE', `/monitor/online/${row.tokenId}`, admin)).body.code).toBe(200);
    expect(await listCode(t.app, b)).toBe(401);

    const c = await login(t.app, 'cache_u');
    expect(await listCode(t.app, c)).toBe(200);
    const userId = (await call(t.app, 'GET', '/getInfo', c)).body.user.userId;
    expect((await call(t.app, 'PUT', '/system/user/changeStatus', admin, { userId, status: '1' })).body.code).toBe(200);
    expect(await listCode(t.app, c)).toBe(401);
    expect((await call(t.app, 'PUT', '/system/user/changeStatus', admin, { userId, status: '0' })).body.code).toBe(200);
  });
});

describe('idle expiry: 30 minutes as the user sees it, one write a minute', () => {
  let t: TestApp;
  beforeAll(async () => { t = await makeTestApp(); });
  afterAll(() => t.app.close());

  const stored = async (token: string) => {
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).login_user_key as string;
    return firstRow(await t.app.deps.store.db.select().from(sysSession).where(eq(sysSession.sessionId, sid)).limit(1))?.expireTime;
  };

  it('slides on every request but writes the row only when it would fall behind', async () => {
    const token = await login(t.app);
    const start = t.clock.now();
    expect(await listCode(t.app, token)).toBe(200);
    expect(await stored(token)).toBe(start + SESSION_IDLE_MS); // as sign-in wrote it: not behind yet
    t.clock.advance(10 * 1000);
    expect(await listCode(t.app, token)).toBe(200);
    const first = (await stored(token))!;
    expect(first).toBe(t.clock.now() + SESSION_IDLE_MS + SESSION_LEASE_MS);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(10 * 1000);
      expect(await listCode(t.app, token)).toBe(200);
      expect(await stored(token)).toBe(first); // within the lease: no write
    }
    t.clock.advance(15 * 1000); // 65 s after the write: the row would fall behind now (lease 60 s)
    expect(await listCode(t.app, token)).toBe(200);
    expect(await stored(token)).toBe(t.clock.now() + SESSION_IDLE_MS + SESSION_LEASE_MS);
  });

  it('ends exactly 30 idle minutes after the last request, not a lease later', async () => {
    const token = await login(t.app);
    expect(await listCode(t.app, token)).toBe(200);
    t.clock.advance(SESSION_IDLE_MS - 1);
    expect(await listCode(t.app, token)).toBe(200);
    t.clock.advance(SESSION_IDLE_MS);
    expect(await listCode(t.app, token)).toBe(401);
    expect(await stored(token)).toBeUndefined();
  });
});

