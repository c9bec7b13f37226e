/**
 * Every REST row of users, roles and profile (`system.user|role|profile.*`), aliases
 * included: 403 for a signed-in user without the permission (nothing written), 401 without a
 * session; the profile rows need only a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';
import { restRoutes } from '../../server/rest/routes';
import { sysRole, sysUser, sysUserRole } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let nobody: string;
beforeAll(async () => {
  t = await makeTestApp();
  await makeUser(t.app, { userName: 'noperm', deptId: 105, roleIds: [await makeRole(t.app, { roleKey: 'noperm', menuIds: [1, 100, 101] })] });
  nobody = await login(t.app, 'noperm');
});
afterAll(async () => { await t.app.close(); });

const systemPeopleRoutes = restRoutes.filter((r) => /^system\.(user|role|profile)\./.test(r.procedure));
const rows = systemPeopleRoutes.flatMap((r) => [{ method: r.method, path: r.path, procedure: r.procedure }, ...(r.aliases ?? []).map((a) => ({ ...a, procedure: r.procedure }))]);
const url = (p: string) => p.replace(/:(\w+)/g, '2');
const LIST_PERMS = new Set(['system.user.list', 'system.user.deptTree', 'system.role.list', 'system.role.allocatedList', 'system.role.unallocatedList']);
const body = { userId: 2, roleId: 2, status: '0', userName: 'x1', nickName: 'x', password: 'abcdef', roleName: 'x', roleKey: 'x', roleSort: 1, dataScope: '1' };

describe('permissions on every user / role / profile row', () => {
  it('covers the rows and their aliases', () => {
    expect(rows.length).toBeGreaterThanOrEqual(45);
  });

  for (const r of rows) {
    const profile = r.procedure.startsWith('system.profile.');
    it(`${r.method} ${r.path} → ${profile ? 'session only' : LIST_PERMS.has(r.procedure) ? 'list permission' : '403'}`, async () => {
      const before = await Promise.all([sysUser, sysRole, sysUserRole].map(async (tb) => firstRow(await t.app.deps.store.db.select({ n: count() }).from(tb))!.n));
      const anon = await call(t.app, r.method, url(r.path), undefined, r.method === 'GET' ? undefined : body);
      expect(anon.body.code).toBe(401);
      const res = await call(t.app, r.method, url(r.path), nobody, r.method === 'GET' ? undefined : body);
      if (profile || LIST_PERMS.has(r.procedure)) expect(res.body.code).not.toBe(403);
      else expect(res.body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      expect(await Promise.all([sysUser, sysRole, sysUserRole].map(async (tb) => firstRow(await t.app.deps.store.db.select({ n: count() }).from(tb))!.n))).toEqual(before);
    });
  }

  it('answers 403 on the list rows for a user without the list permissions', async () => {
    await makeUser(t.app, { userName: 'nolist', roleIds: [await makeRole(t.app, { roleKey: 'nolist' })] });
    const tok = await login(t.app, 'nolist');
    for (const r of rows.filter((x) => LIST_PERMS.has(x.procedure))) {
      expect((await call(t.app, r.method, url(r.path), tok)).body.code, `${r.method} ${r.path}`).toBe(403);
    }
  });
});
