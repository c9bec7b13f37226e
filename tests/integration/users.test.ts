/**
 * Users `/system/user` over REST (platform spec §7 Users; reference §2, §4): CRUD, uniqueness
 * messages, super-admin protections, soft delete, password reset, status, user↔roles, dept tree,
 * data-scope point checks for `ry`, bad input, and the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';
import { sysOperLog, sysUser, sysUserPost, sysUserRole } from '../../server/db/schema';
import { flushAudit } from '../../server/core/audit';
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
const userRow = async (userName: string) => firstRow(await db().select().from(sysUser).where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0'))).limit(1));
const userCount = async () => firstRow(await db().select({ n: count() }).from(sysUser))!.n;
const newUser = (o: Record<string, unknown> = {}) => ({
  userName: 'zhang3', nickName: '张三', password: 'secret1', deptId: 105, email: 'zhang3@example.com', phonenumber: '13800000001',
  sex: '0', status: '0', roleIds: [2], postIds: [4], remark: '新人', ...o,
});

describe('add, get, update', () => {
  it('adds a user with a bcrypt password, roles and posts, who can sign in', async () => {
    const res = await call(t.app, 'POST', '/system/user', admin, newUser());
    expect(res.body).toEqual({ code: 200, msg: '操作成功' });
    const row = (await userRow('zhang3'))!;
    expect(row.password).toMatch(/^\$2[aby]\$10\$/);
    expect(row.createBy).toBe('admin');
    const got = await call(t.app, 'GET', `/system/user/${row.userId}`, admin);
    expect(got.body).toMatchObject({
      code: 200, roleIds: [2], postIds: [4],
      data: { userName: 'zhang3', nickName: '张三', deptId: 105, dept: { deptName: '测试部门' }, roles: [{ roleKey: 'common' }], admin: false },
    });
    expect(JSON.stringify(got.body)).not.toMatch(/password|\$2a\$/);
    expect(got.body.posts.map((p: { postCode: string }) => p.postCode)).toEqual(['ceo', 'se', 'hr', 'user']);
    expect(got.body.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['common']);
    expect(await login(t.app, 'zhang3', 'secret1')).toBeTruthy();
  });

  it('answers the form options without an id; role 1 only when editing user 1', async () => {
    const bare = await call(t.app, 'GET', '/system/user/', admin);
    expect(bare.body.data).toBeUndefined();
    expect(bare.body.roleIds).toBeUndefined();
    expect(bare.body.roles.map((r: { roleId: number }) => r.roleId)).not.toContain(1);
    const one = await call(t.app, 'GET', '/system/user/1', admin);
    expect(one.body.roles.map((r: { roleId: number }) => r.roleId)).toContain(1);
    expect(one.body.data.admin).toBe(true);
  });

  it('refuses duplicate account, phone and e-mail with the reference texts', async () => {
    const dup = async (o: Record<string, unknown>) => (await call(t.app, 'POST', '/system/user', admin, newUser({ userName: 'li4', phonenumber: '', email: '', ...o }))).body;
    expect(await dup({ userName: 'zhang3' })).toEqual({ code: 500, msg: "新增用户'zhang3'失败，登录账号已存在" });
    expect(await dup({ phonenumber: '13800000001' })).toEqual({ code: 500, msg: "新增用户'li4'失败，手机号码已存在" });
    expect(await dup({ email: 'zhang3@example.com' })).toEqual({ code: 500, msg: "新增用户'li4'失败，邮箱账号已存在" });
    const id = (await userRow('zhang3'))!.userId;
    const upd = async (o: Record<string, unknown>) => (await call(t.app, 'POST', '/system/user/update', admin, { userId: id, nickName: '张三', ...o })).body;
    expect(await upd({ phonenumber: '15666666666' })).toEqual({ code: 500, msg: "修改用户'zhang3'失败，手机号码已存在" });
    expect(await upd({ email: 'ry@qq.com' })).toEqual({ code: 500, msg: "修改用户'zhang3'失败，邮箱账号已存在" });
    expect(await upd({ userName: 'ry' })).toEqual({ code: 500, msg: "修改用户'ry'失败，登录账号已存在" });
  });

  it('updates given fields, replaces links when given, keeps them when omitted (PUT alias too)', async () => {
    const id = (await userRow('zhang3'))!.userId;
    expect((await call(t.app, 'PUT', '/system/user', admin, { userId: id, nickName: '张三丰', sex: '1', postIds: [3, 4] })).body.code).toBe(200);
    let got = (await call(t.app, 'GET', `/system/user/${id}`, admin)).body;
    expect(got.data).toMatchObject({ nickName: '张三丰', sex: '1', email: 'zhang3@example.com', updateBy: 'admin' });
    expect(got.postIds).toEqual([3, 4]);
    expect(got.roleIds).toEqual([2]);
    await call(t.app, 'POST', '/system/user/update', admin, { userId: id, nickName: '张三丰', roleIds: [], email: '' });
    got = (await call(t.app, 'GET', `/system/user/${id}`, admin)).body;
    expect(got.roleIds).toEqual([]);
    expect(got.data.email).toBe('');
  });

  it('never touches the super admin', async () => {
    const msg = { code: 500, msg: '不允许操作超级管理员用户' };
    expect((await call(t.app, 'POST', '/system/user/update', admin, { userId: 1, nickName: 'x' })).body).toEqual(msg);
    expect((await call(t.app, 'POST', '/system/user/resetPwd', admin, { userId: 1, password: 'abcdef' })).body).toEqual(msg);
    expect((await call(t.app, 'POST', '/system/user/changeStatus', admin, { userId: 1, status: '1' })).body).toEqual(msg);
    expect((await call(t.app, 'POST', '/system/user/authRole?userId=1&roleIds=2', admin)).body).toEqual(msg);
    const other = await makeUser(t.app, { userName: 'deleter', roleIds: [await makeRole(t.app, { roleKey: 'deleter', menuIds: [100, 1003] })] });
    expect(other).toBeGreaterThan(2);
    expect((await call(t.app, 'POST', '/system/user/delete/1', await login(t.app, 'deleter'))).body).toEqual(msg);
  });
});

describe('delete, reset password, status', () => {
  it('refuses deleting yourself', async () => {
    expect((await call(t.app, 'POST', '/system/user/delete/1,2', admin)).body).toEqual({ code: 500, msg: '当前用户不能删除' });
    expect(await userRow('ry')).toBeTruthy();
  });

  it('soft-deletes (del_flag 2), removes links, frees the name; DELETE alias', async () => {
    const a = await makeUser(t.app, { userName: 'gone1', roleIds: [2] });
    const b = await makeUser(t.app, { userName: 'gone2' });
    await db().insert(sysUserPost).values({ userId: a, postId: 1 });
    expect((await call(t.app, 'POST', `/system/user/delete/${a}`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
    expect((await call(t.app, 'DELETE', `/system/user/${b}`, admin)).body.code).toBe(200);
    expect(firstRow(await db().select().from(sysUser).where(eq(sysUser.userId, a)).limit(1))!.delFlag).toBe('2');
    expect(await db().select().from(sysUserRole).where(eq(sysUserRole.userId, a))).toEqual([]);
    expect(await db().select().from(sysUserPost).where(eq(sysUserPost.userId, a))).toEqual([]);
    expect((await call(t.app, 'GET', '/system/user/list?userName=gone', admin)).body.total).toBe(0);
    expect((await call(t.app, 'POST', `/system/user/delete/${a}`, admin)).body).toEqual({ code: 500, msg: '操作失败' });
    expect((await call(t.app, 'POST', '/system/user', admin, newUser({ userName: 'gone1', phonenumber: '', email: '' }))).body.code).toBe(200);
  });

  it('resets a password (PUT alias too) and checks its length', async () => {
    const id = await makeUser(t.app, { userName: 'reset1' });
    expect((await call(t.app, 'POST', '/system/user/resetPwd', admin, { userId: id, password: 'newpass1' })).body.code).toBe(200);
    expect(await login(t.app, 'reset1', 'newpass1')).toBeTruthy();
    expect((await call(t.app, 'PUT', '/system/user/resetPwd', admin, { userId: id, password: 'abc' })).body)
      .toEqual({ code: 500, msg: '用户密码长度必须介于 5 和 20 之间' });
    expect((await call(t.app, 'POST', '/system/user/resetPwd', admin, { userId: 99999, password: 'abcdef' })).body)
      .toEqual({ code: 500, msg: '用户不存在' });
  });

  it('disables a user: the session answers 401 and sign-in is refused; enables again', async () => {
    const id = await makeUser(t.app, { userName: 'status1', roleIds: [2] });
    const tok = await login(t.app, 'status1');
    expect((await call(t.app, 'PUT', '/system/user/changeStatus', admin, { userId: id, status: '1' })).body.code).toBe(200);
    expect((await call(t.app, 'GET', '/getInfo', tok)).body.code).toBe(401);
    await expect(login(t.app, 'status1')).rejects.toThrow('用户已封禁');
    await call(t.app, 'POST', '/system/user/changeStatus', admin, { userId: id, status: '0' });
    expect(await login(t.app, 'status1')).toBeTruthy();
    expect((await call(t.app, 'POST', '/system/user/changeStatus', admin, { userId: id, status: '2' })).body.msg).toContain('status');
  });
});

describe('user ↔ roles, dept tree', () => {
  it('lists roles with flag on the assigned ones and saves a new set (query form)', async () => {
    const r = await makeRole(t.app, { roleKey: 'auditor' });
    const id = await makeUser(t.app, { userName: 'auth1', roleIds: [2] });
    const got = (await call(t.app, 'GET', `/system/user/authRole/${id}`, admin)).body;
    expect(got.user).toMatchObject({ userId: id, userName: 'auth1' });
    expect(got.user).not.toHaveProperty('password');
    expect(got.roles.filter((x: { flag: boolean }) => x.flag).map((x: { roleId: number }) => x.roleId)).toEqual([2]);
    expect(got.roles.map((x: { roleId: number }) => x.roleId)).not.toContain(1);
    expect((await call(t.app, 'POST', `/system/user/authRole?userId=${id}&roleIds=2,${r}`, admin)).body).toEqual({ code: 200, msg: '操作成功' });
    const again = (await call(t.app, 'GET', `/system/user/authRole/${id}`, admin)).body;
    expect(again.roles.filter((x: { flag: boolean }) => x.flag).map((x: { roleId: number }) => x.roleId).sort()).toEqual([2, r].sort());
    expect((await call(t.app, 'PUT', `/system/user/authRole?userId=${id}&roleIds=`, admin)).body.code).toBe(200);
    expect(await db().select().from(sysUserRole).where(eq(sysUserRole.userId, id))).toEqual([]);
    expect((await call(t.app, 'POST', `/system/user/authRole?userId=${id}&roleIds=9999`, admin)).body.msg).toContain('roleIds');
  });

  it('answers the dept tree of the caller (ry: 100 → 101 → 105 only)', async () => {
    const all = (await call(t.app, 'GET', '/system/user/deptTree', admin)).body.data;
    expect(all[0]).toMatchObject({ id: 100, label: '若依科技', disabled: false });
    expect(all[0].children.map((d: { id: number }) => d.id)).toEqual([101, 102]);
    const mine = (await call(t.app, 'GET', '/system/user/deptTree', ry)).body.data;
    expect(mine).toEqual([{ id: 100, label: '若依科技', disabled: false, children: [{ id: 101, label: '深圳总公司', disabled: false, children: [{ id: 105, label: '测试部门', disabled: false }] }] }]);
  });
});

describe('data scope point checks for ry (custom depts 100, 101, 105)', () => {
  const NO_USER = { code: 500, msg: '没有权限访问用户数据！' };

  it('cannot reach admin (dept 103) on any point call', async () => {
    expect((await call(t.app, 'GET', '/system/user/1', ry)).body).toEqual(NO_USER);
    expect((await call(t.app, 'GET', '/system/user/authRole/1', ry)).body).toEqual(NO_USER);
    const u103 = await makeUser(t.app, { userName: 'in103', deptId: 103 });
    expect((await call(t.app, 'GET', `/system/user/${u103}`, ry)).body).toEqual(NO_USER);
    expect((await call(t.app, 'POST', '/system/user/update', ry, { userId: u103, nickName: 'x' })).body).toEqual(NO_USER);
    expect((await call(t.app, 'POST', `/system/user/delete/${u103}`, ry)).body).toEqual(NO_USER);
    expect((await call(t.app, 'POST', '/system/user/changeStatus', ry, { userId: u103, status: '1' })).body).toEqual(NO_USER);
    expect((await call(t.app, 'POST', '/system/user/resetPwd', ry, { userId: u103, password: 'abcdef' })).body).toEqual(NO_USER);
    expect((await call(t.app, 'POST', `/system/user/authRole?userId=${u103}&roleIds=2`, ry)).body).toEqual(NO_USER);
    expect((await userRow('in103'))!.status).toBe('0');
  });

  it('reaches users of dept 105, and cannot place users or roles outside the scope', async () => {
    const u105 = await makeUser(t.app, { userName: 'in105', deptId: 105 });
    expect((await call(t.app, 'GET', `/system/user/${u105}`, ry)).body.data.userName).toBe('in105');
    expect((await call(t.app, 'POST', '/system/user/update', ry, { userId: u105, nickName: '一零五' })).body.code).toBe(200);
    expect((await call(t.app, 'POST', '/system/user/update', ry, { userId: u105, nickName: 'x', deptId: 103 })).body)
      .toEqual({ code: 500, msg: '没有权限访问部门数据！' });
    const add = (o: Record<string, unknown>) => call(t.app, 'POST', '/system/user', ry, newUser({ userName: 'byry', phonenumber: '', email: '', ...o }));
    expect((await add({ deptId: 103 })).body).toEqual({ code: 500, msg: '没有权限访问部门数据！' });
    expect((await add({ roleIds: [1] })).body).toEqual({ code: 500, msg: '没有权限访问角色数据！' });
    expect((await add({})).body.code).toBe(200);
    expect((await call(t.app, 'GET', '/system/user/', ry)).body.roles.map((r: { roleId: number }) => r.roleId)).toEqual([2]);
  });
});

describe('bad input', () => {
  it('names the field and writes nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [newUser({ userName: 'bad1', deptId: 'abc' }), 'deptId'],
      [newUser({ userName: 'bad1', roleIds: ['x'] }), 'roleIds'],
      [newUser({ userName: 'bad1', sex: '9' }), 'sex'],
      [newUser({ userName: 'bad1', password: undefined }), '用户密码不能为空'],
      [newUser({ userName: undefined }), '用户账号不能为空'],
      [newUser({ userName: 'bad1', nickName: '' }), '用户昵称不能为空'],
      [newUser({ userName: 'bad1', email: 'not-mail' }), '请输入正确的邮箱地址'],
      [newUser({ userName: 'bad1', phonenumber: '12345' }), '请输入正确的手机号码'],
      [newUser({ userName: 'bad1', postIds: [999] }), 'postIds'],
      [newUser({ userName: 'bad1', deptId: 999 }), 'deptId'],
      [newUser({ userName: '<b>x</b>' }), '用户账号不能包含脚本字符'],
    ];
    for (const [body, named] of cases) {
      const res = await call(t.app, 'POST', '/system/user', admin, body);
      expect(res.body.code, named).toBe(500);
      expect(res.body.msg).toContain(named);
    }
    expect((await call(t.app, 'GET', '/system/user/abc', admin)).body.msg).toContain('userId');
    expect((await call(t.app, 'POST', '/system/user/delete/1,x', admin)).body.msg).toContain('userIds');
    expect(await userCount()).toBe(before);
  });
});

describe('operation log', () => {
  it('records writes with title 用户管理 and no password', async () => {
    await call(t.app, 'POST', '/system/user', admin, newUser({ userName: 'logged1', phonenumber: '', email: '' }));
    await flushAudit(t.app.deps.store);
    const row = firstRow(await db().select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1))!;
    expect(row).toMatchObject({ title: '用户管理', businessType: 1, status: 0, operName: 'admin', requestMethod: 'POST', operUrl: '/caishui-api/system/user' });
    expect(row.operParam).toContain('logged1');
    expect(row.operParam).not.toContain('secret1');
  });
});
