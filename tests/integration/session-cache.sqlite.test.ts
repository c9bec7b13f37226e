/**
 * The session cache (server/modules/auth/session-cache.ts; issue 15) across processes sharing one
 * SQLite file: a role, user or dept change, a logout, force-logout or disable made in one process,
 * or written by hand on a bare better-sqlite3 connection, holds in the other within
 * EXTERNAL_POLL_MS (1 s of the app's clock); a process that did not serve the last request honours
 * the session at most SESSION_LEASE_MS longer. Two apps over one file (appsSharingOneFile), as two
 * server processes; SQLite only (PostgreSQL nodes: tests/cluster/caches.test.ts).
 */
import type Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../server/app';
import { manualClock } from '../../server/core/clock';
import { SESSION_IDLE_MS, SESSION_LEASE_MS } from '../../server/modules/auth/session-cache';
import { EXTERNAL_POLL_MS } from '../../server/db/table-watch';
import { appsSharingOneFile, call, login, type SharedFileApps } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';
import { listCode, menuIdOf } from '../helpers/cache-probes';

describe('another process on the same file', () => {
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
