/**
 * Issue 15 constraints on the session cache (server/modules/auth/session-cache.ts):
 * - a role, menu, user or dept change, a logout, force-logout or disable takes effect on the very
 *   next request in the same process, and within EXTERNAL_POLL_MS (1 s of the app's clock) in
 *   another process sharing the database file (two apps over one file here, plus a bare
 *   better-sqlite3 connection writing by hand);
 * - the idle expiry stays 30 minutes as the user sees it, while the row is written at most once a
 *   minute; a process that did not serve the last request honours the session at most
 *   SESSION_LEASE_MS longer.
 */
import type Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { sysMenu, sysSession } from '../../server/db/schema';
import { SESSION_IDLE_MS, SESSION_LEASE_MS, knownTokenSession } from '../../server/modules/auth/session-cache';
import { sessionIdOf } from '../../server/modules/auth/session.service';
import { EXTERNAL_POLL_MS } from '../../server/db/table-watch';
import { appsSharingOneFile, call, login, makeTestApp, onPostgres, type SharedFileApps, type TestApp } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';
import { firstRow } from '../../server/db/store/results';

const MIN = 60 * 1000;

async function menuIdOf(app: BuiltApp, perms: string): Promise<number> {
  return firstRow(await app.deps.store.db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.perms, perms)).limit(1))!.id;
}

/** code of GET /system/user/list (needs system:user:list) and of GET /getInfo for `token`. */
async function listCode(app: BuiltApp, token: string): Promise<number> {
  return (await call(app, 'GET', '/system/user/list?pageNum=1&pageSize=1', token)).body.code;
}

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

// SQLite-only: two apps over one SQLite file (appsSharingOneFile), as two server processes.
describe.skipIf(onPostgres)('another process on the same file', () => {
  let a: BuiltApp;
  let b: BuiltApp;
  let raw: Database.Database;
  let shared: SharedFileApps;
  const clock = manualClock(new Date(2026, 10, 22, 9, 0, 0).getTime());
  let admin: string;

  beforeAll(async () => {
    shared = await appsSharingOneFile(clock);
    ({ a, b, raw } = shared);
    admin = await login(a);
  });
  afterAll(() => shared.close());
  afterEach(() => { clock.advance(1000); });
  /** Past the poll interval: another process's commits are seen from now on. */
  const later = () => clock.advance(EXTERNAL_POLL_MS);

  it('a change made through one app shows on the next request of the other', async () => {
    const menuId = await menuIdOf(a, 'system:user:list');
    const roleId = await makeRole(a, { roleKey: 'xp_role', menuIds: [menuId] });
    const userId = await makeUser(a, { userName: 'xp_u', roleIds: [roleId] });
    const token = await login(a, 'xp_u');
    expect(await listCode(a, token)).toBe(200);
    expect(await listCode(b, token)).toBe(200);
    expect((await call(a, 'PUT', '/system/role/changeStatus', admin, { roleId, status: '1' })).body.code).toBe(200);
    expect(await listCode(a, token)).toBe(403); // the writer's own process: at once
    later();
    expect(await listCode(b, token)).toBe(403);
    expect((await call(b, 'PUT', '/system/role/changeStatus', admin, { roleId, status: '0' })).body.code).toBe(200);
    later();
    expect(await listCode(a, token)).toBe(200);
    // Disabled in b: a refuses once the poll interval has passed.
    expect((await call(b, 'PUT', '/system/user/changeStatus', admin, { userId, status: '1' })).body.code).toBe(200);
    later();
    expect(await listCode(a, token)).toBe(401);
  });

  it('writes by hand on a third connection (SQL, no service) show on the next request of both', async () => {
    const menuId = await menuIdOf(a, 'system:user:list');
    const roleId = await makeRole(a, { roleKey: 'sql_role', menuIds: [menuId] });
    await makeUser(a, { userName: 'sql_u', roleIds: [roleId] });
    const token = await login(b, 'sql_u');
    expect(await listCode(a, token)).toBe(200);
    expect(await listCode(b, token)).toBe(200);
    raw.prepare('DELETE FROM sys_role_menu WHERE role_id = ?').run(roleId);
    later();
    expect(await listCode(a, token)).toBe(403);
    expect(await listCode(b, token)).toBe(403);
    raw.prepare('INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)').run(roleId, menuId);
    later();
    expect(await listCode(a, token)).toBe(200);
    raw.prepare("UPDATE sys_dept SET dept_name = '手改部门' WHERE dept_id = 103").run();
    later();
    expect((await call(b, 'GET', '/getInfo', token)).body.user.dept.deptName).toBe('手改部门');
    raw.prepare('DELETE FROM sys_session').run();
    later();
    expect(await listCode(a, token)).toBe(401);
    expect(await listCode(b, token)).toBe(401);
  });

  it('force-logout in one app ends the session in the other; the lease bounds the idle expiry elsewhere', async () => {
    admin = await login(a); // the hand-written DELETE above ended every session
    const token = await login(a);
    expect(await listCode(b, token)).toBe(200);
    const rows = (await call(a, 'GET', '/monitor/online/list?userName=admin', admin)).body.rows as { tokenId: string }[];
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).login_user_key as string;
    expect(rows.some((r) => r.tokenId === sid)).toBe(true);
    expect((await call(a, 'DELETE', `/monitor/online/${sid}`, admin)).body.code).toBe(200);
    later();
    expect(await listCode(b, token)).toBe(401);

    // Served by a only; b has never seen the session: a ends it after exactly 30 idle minutes,
    // b at most SESSION_LEASE_MS later.
    const x = await login(a);
    expect(await listCode(a, x)).toBe(200);
    clock.advance(SESSION_IDLE_MS);
    expect(await listCode(a, x)).toBe(401);
    const y = await login(a);
    expect(await listCode(a, y)).toBe(200);
    clock.advance(SESSION_IDLE_MS + SESSION_LEASE_MS);
    expect(await listCode(b, y)).toBe(401);
  });
});
