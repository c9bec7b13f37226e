/**
 * Role members on the store (role-members.repo.ts): the async lookup (the engine's
 * `usersOfGroups` on PostgreSQL) and the snapshot (流程模拟 on PostgreSQL) answer what SQLite's
 * synchronous usersOfRoles answers — enabled, not deleted users of enabled, not deleted roles —
 * ascending, each once, ignoring ids that are not numbers. Runs on the test app's database
 * (SQLite in the unit tier; on PostgreSQL they answer 抄送 to roles in tests/pg/app-boot.test.ts and
 * 流程模拟 in the integration-pg run of tests/integration/flowable-simulate.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, onPostgres, type TestApp } from '../../../../tests/helpers/app';
import { makeRole, makeUser } from '../../../../tests/helpers/factories';
import { usersOfRoles } from '../../system/user/user-sync.repo';
import { roleMembersSnapshot, usersOfRolesOn } from './role-members.repo';

let t: TestApp;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await makeTestApp();
  id.role = await makeRole(t.app, { roleKey: 'members_a' });
  id.off = await makeRole(t.app, { roleKey: 'members_off', status: '1' });
  id.b = await makeUser(t.app, { userName: 'member_b', roleIds: [id.role, id.off] });
  id.a = await makeUser(t.app, { userName: 'member_a', roleIds: [id.role, 2] });
  id.gone = await makeUser(t.app, { userName: 'member_gone', roleIds: [id.role] });
  await t.app.deps.store.run("UPDATE sys_user SET del_flag = '2' WHERE user_id = ?", [id.gone]);
  id.locked = await makeUser(t.app, { userName: 'member_locked', roleIds: [id.role] });
  await t.app.deps.store.run("UPDATE sys_user SET status = '1' WHERE user_id = ?", [id.locked]);
});
afterAll(async () => { await t.app.close(); });

describe('role members on the store', () => {
  it('answers the enabled members of enabled roles, ascending, each once', async () => {
    const lookup = usersOfRolesOn(t.app.deps.store);
    const both = [id.a, id.b].sort((x, y) => x - y).map(String);
    expect(await lookup([String(id.role)])).toEqual(both);
    expect(await lookup([String(id.role), String(id.role), 'x', String(id.off)])).toEqual(both);
    expect(await lookup([String(id.off)])).toEqual([]);
    expect(await lookup(['x'])).toEqual([]);
    expect(await lookup([])).toEqual([]);
    expect(await lookup(['2'])).toEqual(expect.arrayContaining(['2', String(id.a)]));
  });

  it('the snapshot answers the same synchronously', async () => {
    const lookup = usersOfRolesOn(t.app.deps.store);
    const snapshot = await roleMembersSnapshot(t.app.deps.store);
    for (const groups of [[String(id.role)], [String(id.off)], ['2', String(id.role)], ['nope'], []]) {
      expect(snapshot(groups), groups.join()).toEqual(await lookup(groups));
    }
  });

  it.skipIf(onPostgres)('agrees with SQLite\'s synchronous usersOfRoles', async () => {
    const sync = usersOfRoles(t.app.deps.db!.$client);
    const lookup = usersOfRolesOn(t.app.deps.store);
    for (const groups of [[String(id.role)], ['2', String(id.role)], [String(id.off)]]) {
      expect([...sync(groups)].sort((x, y) => Number(x) - Number(y))).toEqual(await lookup(groups));
    }
  });
});
