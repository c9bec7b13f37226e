/**
 * Issue 38 §8 over REST: the role dialogs' trees (`roleMenuTreeselect/{roleId}`,
 * `deptTree/{roleId}`, `parkTree/{roleId}`) tell exactly what the role holds, so a dialog saved
 * without changes changes nothing. In 父子联动 mode `checkedKeys` are the granted nodes whose whole
 * subtree is granted (loading them the el-tree way, each key checking its subtree, never ticks a
 * node the role does not hold) and `halfCheckedKeys` the other granted nodes (a granted parent
 * whose children are not all granted, e.g. 普通角色's 我的流程 without its buttons); a client sends
 * back checked + half-checked, as RuoYi does, and gets the stored grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makePark, makeRole } from '../helpers/factories';
import { sysRole, sysRoleDept, sysRoleMenu, sysRolePark } from '../../server/db/schema';

interface Node { id: number; children?: Node[] }

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const db = () => t.app.deps.store.db;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const menusOf = async (roleId: number) => sorted((await db().select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((r) => r.menuId));
const deptsOf = async (roleId: number) => sorted((await db().select().from(sysRoleDept).where(eq(sysRoleDept.roleId, roleId))).map((r) => r.deptId));
const parksOf = async (roleId: number) => sorted((await db().select().from(sysRolePark).where(eq(sysRolePark.roleId, roleId))).map((r) => r.parkId));
const get = async (url: string) => (await call(t.app, 'GET', url, admin)).body;

/** What an el-tree in linked mode ticks after `setChecked(key, true, deep)` of every checked key. */
function elTreeTicks(nodes: Node[], keys: number[]): number[] {
  const out: number[] = [];
  const walk = (list: Node[], inside: boolean) => {
    for (const n of list) {
      const on = inside || keys.includes(n.id);
      if (on) out.push(n.id);
      walk(n.children ?? [], on);
    }
  };
  walk(nodes, false);
  return sorted(out);
}
const subset = (a: number[], b: number[]) => a.filter((x) => !b.includes(x));

describe('role menu tree (issue 38 §8)', () => {
  it('普通角色 holds 我的流程 but not its buttons: the tree says so and a no-change save keeps it', async () => {
    const before = await menusOf(2);
    expect(before).toContain(2026);
    expect(before).not.toContain(2033); // system:deployment:remove
    const r = await get('/system/menu/roleMenuTreeselect/2');
    expect(r.code).toBe(200);
    expect(r.checkedKeys).not.toContain(2026);
    expect(r.halfCheckedKeys).toContain(2026);
    expect(r.halfCheckedKeys).toContain(2023);
    expect(sorted([...r.checkedKeys, ...r.halfCheckedKeys])).toEqual(before);
    expect(subset(elTreeTicks(r.menus, r.checkedKeys), before)).toEqual([]);

    const role = (await get('/system/role/2')).data;
    const saved = await call(t.app, 'PUT', '/system/role', admin, {
      roleId: 2, roleName: role.roleName, roleKey: role.roleKey, roleSort: role.roleSort, status: role.status,
      menuCheckStrictly: role.menuCheckStrictly, remark: role.remark, menuIds: [...r.checkedKeys, ...r.halfCheckedKeys],
    });
    expect(saved.body).toEqual({ code: 200, msg: '操作成功' });
    expect(await menusOf(2)).toEqual(before);
  });

  it('a fully granted subtree is checked; strict roles list every grant and no half-checked key', async () => {
    const id = await makeRole(t.app, { roleKey: 'grants_full', menuIds: [1, 100, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 101] });
    await db().update(sysRole).set({ menuCheckStrictly: true }).where(eq(sysRole.roleId, id));
    const r = await get(`/system/menu/roleMenuTreeselect/${id}`);
    expect(r.checkedKeys).toEqual(expect.arrayContaining([100, 1000, 1006]));
    expect(r.checkedKeys).not.toContain(101); // 角色管理 without its buttons
    expect(r.halfCheckedKeys).toEqual([1, 101]);
    expect(subset(elTreeTicks(r.menus, r.checkedKeys), (await menusOf(id)))).toEqual([]);
    await db().update(sysRole).set({ menuCheckStrictly: false }).where(eq(sysRole.roleId, id));
    const strict = await get(`/system/menu/roleMenuTreeselect/${id}`);
    expect(sorted(strict.checkedKeys)).toEqual(await menusOf(id));
    expect(strict.halfCheckedKeys).toEqual([]);
    expect(await get('/system/menu/roleMenuTreeselect/999')).toMatchObject({ checkedKeys: [], halfCheckedKeys: [] });
    // ry does not see 流程管理 (2020 and below): its grants still come back, so a save keeps them.
    const flowRole = await makeRole(t.app, { roleKey: 'grants_flow', menuIds: [2020, 2022, 1] });
    const ry = await login(t.app, 'ry');
    const seen = (await call(t.app, 'GET', `/system/menu/roleMenuTreeselect/${flowRole}`, ry)).body;
    expect(sorted([...seen.checkedKeys, ...seen.halfCheckedKeys])).toEqual(await menusOf(flowRole));
    expect(seen.halfCheckedKeys).toEqual([1]);
  });
});

describe('data scope trees (issue 38 §8)', () => {
  it('a dept or park parent held without its children is half-checked; a no-change save keeps the grants', async () => {
    const p1 = await makePark(t.app, { parkName: '南园', orderNum: 1 });
    const p11 = await makePark(t.app, { parkName: '南园一期', parentId: p1 });
    const id = await makeRole(t.app, { roleKey: 'grants_scope' });
    const put = await call(t.app, 'PUT', '/system/role/dataScope', admin, { roleId: id, dataScope: '2', deptIds: [100, 101], parkIds: [p1], deptCheckStrictly: true });
    expect(put.body.code).toBe(200);
    const depts = await get(`/system/role/deptTree/${id}`);
    expect(depts.checkedKeys).toEqual([]);
    expect(depts.halfCheckedKeys).toEqual([100, 101]);
    expect(subset(elTreeTicks(depts.depts, depts.checkedKeys), [100, 101])).toEqual([]);
    const parks = await get(`/system/role/parkTree/${id}`);
    expect(parks.checkedKeys).toEqual([]);
    expect(parks.halfCheckedKeys).toEqual([p1]);
    expect(subset(elTreeTicks(parks.parks, parks.checkedKeys), [p1])).toEqual([]);

    await call(t.app, 'PUT', '/system/role/dataScope', admin, {
      roleId: id, dataScope: '2', deptCheckStrictly: true,
      deptIds: [...depts.checkedKeys, ...depts.halfCheckedKeys], parkIds: [...parks.checkedKeys, ...parks.halfCheckedKeys],
    });
    expect(await deptsOf(id)).toEqual([100, 101]);
    expect(await parksOf(id)).toEqual([p1]);
    expect(await parksOf(id)).not.toContain(p11);
  });
});
