/**
 * Roles `/system/role` over REST (platform spec §7 Roles; reference §2, §4; issue 3 "Parks"):
 * list filters, CRUD with menus, uniqueness, role-1 protection, data scope with depts and parks,
 * status, delete refused while assigned, options, export, and the role ↔ users calls, with the
 * data scope of `ry`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makePark, makeRole, makeUser } from '../helpers/factories';
import { sysRole, sysRoleDept, sysRoleMenu, sysRolePark, sysUserRole } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
let ry: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  ry = await login(t.app, 'ry');
});
afterAll(async () => { await t.app.close(); });

const db = () => t.app.deps.store.db;
const roleByKey = async (roleKey: string) => firstRow(await db().select().from(sysRole).where(and(eq(sysRole.roleKey, roleKey), eq(sysRole.delFlag, '0'))).limit(1));
const menusOf = async (roleId: number) => (await db().select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((r) => r.menuId).sort((a, b) => a - b);
const newRole = (o: Record<string, unknown> = {}) => ({ roleName: '会计', roleKey: 'accountant', roleSort: 3, status: '0', menuIds: [1, 100, 1000], remark: '记账', ...o });

describe('list and get', () => {
  it('pages by sort order and filters by name, key, status and date range', async () => {
    const q = async (qs: string) => (await call(t.app, 'GET', `/system/role/list?${qs}`, admin)).body;
    const all = await q('pageNum=1&pageSize=10');
    expect(all).toMatchObject({ code: 200, msg: '查询成功', total: 2 });
    expect(all.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(['admin', 'common']);
    expect(all.rows[0]).toMatchObject({ roleId: 1, roleName: '超级管理员', dataScope: '1', admin: true, flag: false });
    expect((await q(`roleName=${encodeURIComponent('普通')}`)).rows.map((r: { roleId: number }) => r.roleId)).toEqual([2]);
    expect((await q('roleKey=adm')).total).toBe(1);
    expect((await q('status=1')).total).toBe(0);
    expect((await q('params%5BbeginTime%5D=2026-11-22&params%5BendTime%5D=2026-11-22')).total).toBe(2);
    expect((await q('params%5BendTime%5D=2026-11-21')).total).toBe(0);
    expect((await q('orderByColumn=roleSort&isAsc=desc')).rows[0].roleId).toBe(2);
    expect((await q('orderByColumn=password')).msg).toBe('参数不符合规范，不能进行查询');
  });

  it('gets one role; options list every role', async () => {
    expect((await call(t.app, 'GET', '/system/role/2', admin)).body).toMatchObject({ code: 200, data: { roleId: 2, roleKey: 'common' } });
    expect((await call(t.app, 'GET', '/system/role/9999', admin)).body).toEqual({ code: 200, msg: '操作成功' });
    const opts = (await call(t.app, 'GET', '/system/role/optionselect', admin)).body.data;
    expect(opts.map((r: { roleId: number }) => r.roleId)).toEqual([1, 2]);
  });
});

describe('add, update, status, delete', () => {
  it('adds a role with its menus; refuses a duplicate name or key', async () => {
    expect((await call(t.app, 'POST', '/system/role', admin, newRole())).body).toEqual({ code: 200, msg: '操作成功' });
    const role = (await roleByKey('accountant'))!;
    expect(role).toMatchObject({ roleName: '会计', roleSort: 3, dataScope: '1', menuCheckStrictly: true, createBy: 'admin' });
    expect(await menusOf(role.roleId)).toEqual([1, 100, 1000]);
    expect((await call(t.app, 'POST', '/system/role', admin, newRole({ roleKey: 'other' }))).body)
      .toEqual({ code: 500, msg: "新增角色'会计'失败，角色名称已存在" });
    expect((await call(t.app, 'POST', '/system/role', admin, newRole({ roleName: '出纳' }))).body)
      .toEqual({ code: 500, msg: "新增角色'出纳'失败，角色权限已存在" });
  });

  it('updates fields and menus (PUT alias too); uniqueness uses 修改角色', async () => {
    const id = (await roleByKey('accountant'))!.roleId;
    const upd = async (o: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
      (await call(t.app, method, method === 'POST' ? '/system/role/update' : '/system/role', admin, { ...newRole(), roleId: id, ...o })).body;
    expect(await upd({ roleName: '总账会计', menuIds: [1, 101] }, 'PUT')).toEqual({ code: 200, msg: '操作成功' });
    expect(await roleByKey('accountant')).toMatchObject({ roleName: '总账会计', updateBy: 'admin' });
    expect(await menusOf(id)).toEqual([1, 101]);
    expect(await upd({ roleName: '总账会计', menuIds: undefined })).toEqual({ code: 200, msg: '操作成功' });
    expect(await menusOf(id)).toEqual([1, 101]);
    expect(await upd({ roleName: '普通角色' })).toEqual({ code: 500, msg: "修改角色'普通角色'失败，角色名称已存在" });
    expect(await upd({ roleName: '总账会计', roleKey: 'common' })).toEqual({ code: 500, msg: "修改角色'总账会计'失败，角色权限已存在" });
  });

  it('never touches role 1', async () => {
    const msg = { code: 500, msg: '不允许操作超级管理员角色' };
    expect((await call(t.app, 'POST', '/system/role/update', admin, newRole({ roleId: 1 }))).body).toEqual(msg);
    expect((await call(t.app, 'POST', '/system/role/changeStatus', admin, { roleId: 1, status: '1' })).body).toEqual(msg);
    expect((await call(t.app, 'POST', '/system/role/dataScope', admin, { roleId: 1, dataScope: '5' })).body).toEqual(msg);
    expect((await call(t.app, 'POST', '/system/role/delete/1', admin)).body).toEqual(msg);
    expect(await roleByKey('admin')).toMatchObject({ status: '0', dataScope: '1' });
  });

  it('switches status (PUT alias too)', async () => {
    const id = (await roleByKey('accountant'))!.roleId;
    expect((await call(t.app, 'PUT', '/system/role/changeStatus', admin, { roleId: id, status: '1' })).body.code).toBe(200);
    expect((await roleByKey('accountant'))!.status).toBe('1');
    await call(t.app, 'POST', '/system/role/changeStatus', admin, { roleId: id, status: '0' });
    expect((await roleByKey('accountant'))!.status).toBe('0');
  });

  it('refuses to delete an assigned role; soft-deletes a free one with its links (DELETE alias)', async () => {
    expect((await call(t.app, 'POST', '/system/role/delete/2', admin)).body).toEqual({ code: 500, msg: '普通角色已分配,不能删除' });
    const id = (await roleByKey('accountant'))!.roleId;
    const free = await makeRole(t.app, { roleKey: 'free1', menuIds: [1] });
    expect((await call(t.app, 'POST', `/system/role/delete/${id},2`, admin)).body.msg).toBe('普通角色已分配,不能删除');
    expect(await roleByKey('accountant')).toBeTruthy();
    expect((await call(t.app, 'DELETE', `/system/role/${id},${free}`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect(firstRow(await db().select().from(sysRole).where(eq(sysRole.roleId, id)).limit(1))!.delFlag).toBe('2');
    expect(await menusOf(id)).toEqual([]);
    expect((await call(t.app, 'POST', '/system/role', admin, newRole())).body.code).toBe(200);
  });
});

describe('data scope dialog, dept and park trees', () => {
  it('stores custom depts for scope 2 and the parks; trees answer the checked keys', async () => {
    const p1 = await makePark(t.app, { parkName: '高新园', orderNum: 1 });
    const p11 = await makePark(t.app, { parkName: '一期', parentId: p1 });
    const p2 = await makePark(t.app, { parkName: '保税园', orderNum: 2, status: '1' });
    const id = await makeRole(t.app, { roleKey: 'scoped' });
    const res = await call(t.app, 'PUT', '/system/role/dataScope', admin, { roleId: id, dataScope: '2', deptIds: [100, 101, 103], parkIds: [p1, p11], deptCheckStrictly: true });
    expect(res.body).toEqual({ code: 200, msg: '操作成功' });
    expect(firstRow(await db().select().from(sysRole).where(eq(sysRole.roleId, id)).limit(1))!.dataScope).toBe('2');
    const depts = (await call(t.app, 'GET', `/system/role/deptTree/${id}`, admin)).body;
    expect(depts.checkedKeys).toEqual([103]);
    expect(depts.depts[0]).toMatchObject({ id: 100, label: '若依科技' });
    const parks = (await call(t.app, 'GET', `/system/role/parkTree/${id}`, admin)).body;
    expect(parks).toEqual({
      code: 200, msg: '操作成功', checkedKeys: [p1, p11], halfCheckedKeys: [], // issue 38 §8: p1 and all below it are held
      parks: [
        { id: p1, label: '高新园', disabled: false, children: [{ id: p11, label: '一期', disabled: false }] },
        { id: p2, label: '保税园', disabled: true },
      ],
    });
    await call(t.app, 'POST', '/system/role/dataScope', admin, { roleId: id, dataScope: '2', deptIds: [100, 101, 103], deptCheckStrictly: false });
    expect((await call(t.app, 'GET', `/system/role/deptTree/${id}`, admin)).body.checkedKeys).toEqual([100, 101, 103]);
    expect((await call(t.app, 'GET', `/system/role/parkTree/${id}`, admin)).body.checkedKeys).toEqual([p1, p11]);
    await call(t.app, 'POST', '/system/role/dataScope', admin, { roleId: id, dataScope: '4', deptIds: [100], parkIds: [] });
    expect(await db().select().from(sysRoleDept).where(eq(sysRoleDept.roleId, id))).toEqual([]);
    expect(await db().select().from(sysRolePark).where(eq(sysRolePark.roleId, id))).toEqual([]);
  });

  it('names a bad field and writes nothing', async () => {
    const id = await makeRole(t.app, { roleKey: 'scoped2', dataScope: '3' });
    for (const [body, named] of [
      [{ roleId: id, dataScope: '7' }, 'dataScope'],
      [{ roleId: id, dataScope: '2', deptIds: [100, 9999] }, 'deptIds'],
      [{ roleId: id, dataScope: '2', parkIds: [9999] }, 'parkIds'],
      [{ roleId: 'x', dataScope: '2' }, 'roleId'],
    ] as const) {
      const r = await call(t.app, 'POST', '/system/role/dataScope', admin, body);
      expect(r.body.code).toBe(500);
      expect(r.body.msg).toContain(named);
    }
    expect(firstRow(await db().select().from(sysRole).where(eq(sysRole.roleId, id)).limit(1))!.dataScope).toBe('3');
    const roles = async () => firstRow(await db().select({ n: count() }).from(sysRole))!.n;
    const before = await roles();
    for (const [body, named] of [
      [newRole({ roleKey: 'b1', roleName: 'b1', menuIds: [1, 99999] }), 'menuIds'],
      [newRole({ roleKey: 'b1', roleName: 'b1', roleSort: 'abc' }), '显示顺序'],
      [newRole({ roleKey: 'b1', roleName: '' }), '角色名称不能为空'],
      [newRole({ roleName: 'b1', roleKey: undefined }), '权限字符不能为空'],
      [newRole({ roleKey: 'b1', roleName: 'b1', status: '3' }), 'status'],
    ] as const) {
      const r = await call(t.app, 'POST', '/system/role', admin, body);
      expect(r.body.code).toBe(500);
      expect(r.body.msg).toContain(named);
    }
    expect(await roles()).toBe(before);
  });
});

describe('role ↔ users', () => {
  it('lists allocated and unallocated users, selects, cancels one and cancels all', async () => {
    const role = await makeRole(t.app, { roleKey: 'clerk' });
    const a = await makeUser(t.app, { userName: 'clerk_a', deptId: 105 });
    const b = await makeUser(t.app, { userName: 'clerk_b', deptId: 105 });
    const list = async (kind: string, qs = '') => (await call(t.app, 'GET', `/system/role/authUser/${kind}?roleId=${role}${qs}`, admin)).body;
    expect((await list('allocatedList')).total).toBe(0);
    const un = await list('unallocatedList', '&userName=clerk');
    expect(un.rows.map((r: { userName: string }) => r.userName)).toEqual(['clerk_a', 'clerk_b']);
    expect(Object.keys(un.rows[0]).sort()).toEqual(['createTime', 'deptId', 'email', 'nickName', 'phonenumber', 'status', 'userId', 'userName']);
    expect((await call(t.app, 'POST', `/system/role/authUser/selectAll?roleId=${role}&userIds=`, admin)).body).toEqual({ code: 500, msg: '请选择要分配的用户' });
    expect((await call(t.app, 'PUT', `/system/role/authUser/selectAll?roleId=${role}&userIds=${a},${b}`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await list('allocatedList', '&pageSize=1&pageNum=2')).rows.map((r: { userName: string }) => r.userName)).toEqual(['clerk_b']);
    expect((await list('unallocatedList', '&userName=clerk')).total).toBe(0);
    expect((await call(t.app, 'POST', '/system/role/authUser/cancel', admin, { userId: a, roleId: role })).body.code).toBe(200);
    expect((await list('allocatedList')).rows.map((r: { userId: number }) => r.userId)).toEqual([b]);
    expect((await call(t.app, 'PUT', '/system/role/authUser/cancel', admin, { userId: a, roleId: role })).body).toEqual({ code: 500, msg: '操作失败' });
    await call(t.app, 'POST', `/system/role/authUser/selectAll?roleId=${role}&userIds=${a}`, admin);
    expect((await call(t.app, 'POST', `/system/role/authUser/cancelAll?roleId=${role}&userIds=${a},${b}`, admin)).body.code).toBe(200);
    expect(await db().select().from(sysUserRole).where(eq(sysUserRole.roleId, role))).toEqual([]);
    expect((await call(t.app, 'PUT', `/system/role/authUser/selectAll?roleId=${role}&userIds=99999`, admin)).body.msg).toContain('userIds');
    expect((await call(t.app, 'POST', '/system/role/authUser/cancel', admin, { userId: 1, roleId: 1 })).body).toEqual({ code: 500, msg: '不允许操作超级管理员用户' });
  });
});

describe('data scope for ry (custom depts 100, 101, 105)', () => {
  const NO_ROLE = { code: 500, msg: '没有权限访问角色数据！' };

  it('sees only roles held by users of its depts, and is refused the others', async () => {
    const names = async () => (await call(t.app, 'GET', '/system/role/list?pageSize=50', ry)).body.rows.map((r: { roleKey: string }) => r.roleKey);
    expect(await names()).toEqual(['common']);
    const r105 = await makeRole(t.app, { roleKey: 'in105' });
    await makeUser(t.app, { userName: 'holder105', deptId: 105, roleIds: [r105] });
    const r103 = await makeRole(t.app, { roleKey: 'in103' });
    await makeUser(t.app, { userName: 'holder103', deptId: 103, roleIds: [r103] });
    expect(await names()).toEqual(['common', 'in105']);
    expect((await call(t.app, 'GET', '/system/role/optionselect', ry)).body.data.map((r: { roleKey: string }) => r.roleKey)).toEqual(['common', 'in105']);
    expect((await call(t.app, 'GET', '/system/role/1', ry)).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'GET', `/system/role/${r103}`, ry)).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'POST', '/system/role/update', ry, newRole({ roleId: r103, roleName: 'x', roleKey: 'in103' }))).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'POST', '/system/role/changeStatus', ry, { roleId: r103, status: '1' })).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'POST', '/system/role/dataScope', ry, { roleId: r103, dataScope: '1' })).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'POST', `/system/role/delete/${r103}`, ry)).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'POST', `/system/role/authUser/selectAll?roleId=${r103}&userIds=2`, ry)).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'GET', `/system/role/deptTree/${r103}`, ry)).body).toEqual(NO_ROLE);
    expect((await call(t.app, 'POST', '/system/role/changeStatus', ry, { roleId: r105, status: '0' })).body.code).toBe(200);
  });

  it('lists only users of its depts as allocated / unallocated', async () => {
    const un = (await call(t.app, 'GET', '/system/role/authUser/unallocatedList?roleId=2&pageSize=50', ry)).body.rows.map((r: { userName: string }) => r.userName);
    expect(un).toContain('holder105');
    expect(un).not.toContain('holder103');
    expect(un).not.toContain('admin');
    const holder103 = (await call(t.app, 'GET', '/system/user/list?userName=holder103', admin)).body.rows[0].userId;
    expect((await call(t.app, 'POST', `/system/role/authUser/selectAll?roleId=2&userIds=${holder103}`, ry)).body).toEqual({ code: 500, msg: '没有权限访问用户数据！' });
  });
});

describe('export', () => {
  it('answers an xlsx that holds the roles with labels', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/caishui-api/system/role/export', payload: 'roleKey=common',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => { rows.push((row.values as unknown[]).slice(1)); });
    expect(rows).toEqual([['角色序号', '角色名称', '角色权限', '角色排序', '数据范围', '角色状态'], [2, '普通角色', 'common', 2, '自定义数据权限', '正常']]);
  });
});
