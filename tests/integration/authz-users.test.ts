/**
 * getInfo, getRouters and the user list over REST: permissions (401/403), menu filtering by role,
 * data scope (reference §4) and list filters and paging (reference §2 Users).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeRole, makeUser } from '../helpers/factories';
import type { RouterNode } from '../../shared/schemas/auth';

let t: TestApp;
let admin: string;
let ry: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
  ry = await login(t.app, 'ry');
});
afterAll(async () => { await t.app.close(); });

const titles = (nodes: RouterNode[]): string[] => nodes.flatMap((n) => [n.meta?.title ?? '', ...titles(n.children ?? [])]).filter(Boolean);

describe('getInfo', () => {
  it('gives the super admin role admin and *:*:*, without the password', async () => {
    const { body } = await call(t.app, 'GET', '/getInfo', admin);
    expect(body.roles).toEqual(['admin']);
    expect(body.permissions).toEqual(['*:*:*']);
    expect(body.user).toMatchObject({ userId: 1, userName: 'admin', nickName: '若依', dept: { deptName: '研发部门' } });
    expect(JSON.stringify(body)).not.toMatch(/password|\$2a\$/);
  });

  it('gives ry the common role and its menu permissions', async () => {
    const { body } = await call(t.app, 'GET', '/getInfo', ry);
    expect(body.roles).toEqual(['common']);
    expect(body.permissions).toContain('system:user:list');
    expect(body.permissions).toContain('monitor:job:list');
    expect(body.permissions).not.toContain('*:*:*');
    // Of the workflow permissions only 发起 (issue 40 §1); not deploying, forms or monitoring.
    expect(body.permissions.filter((p: string) => p.startsWith('flowable:'))).toEqual(['flowable:process:start']);
  });
});

describe('getRouters', () => {
  it('builds the RuoYi router tree for admin, workflow menus included', async () => {
    const { body } = await call(t.app, 'GET', '/getRouters', admin);
    const system = body.data.find((n: RouterNode) => n.path === '/system');
    expect(system).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noRedirect', hidden: false, meta: { title: '系统管理', icon: 'system', noCache: false } });
    expect(system.children[0]).toEqual({ hidden: false, name: 'User', path: 'user', component: 'system/user/index', meta: { title: '用户管理', icon: 'user', noCache: false } });
    const log = system.children.find((n: RouterNode) => n.path === 'log');
    expect(log.component).toBe('ParentView');
    const all = titles(body.data);
    expect(all).toEqual(expect.arrayContaining(['流程管理', '流程定义', '任务管理', '待办任务']));
    expect(all).not.toContain('若依官网');
    const todo = body.data.find((n: RouterNode) => n.path === '/task').children.find((n: RouterNode) => n.path === 'todo');
    expect(todo.meta.noCache).toBe(true);
  });

  it('filters by the user menus: ry sees 任务管理 but not 流程管理', async () => {
    const all = titles((await call(t.app, 'GET', '/getRouters', ry)).body.data);
    expect(all).toContain('用户管理');
    expect(all).toEqual(expect.arrayContaining(['任务管理', '我的流程', '待办任务', '已办任务']));
    expect(all).not.toContain('流程管理');
    expect(all).not.toContain('流程定义');
  });
});

describe('GET /system/user/list', () => {
  it('pages with rows and total, no passwords', async () => {
    const { body } = await call(t.app, 'GET', '/system/user/list?pageNum=1&pageSize=1', admin);
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 2 });
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).not.toHaveProperty('password');
    const page2 = await call(t.app, 'GET', '/system/user/list?pageNum=2&pageSize=1', admin);
    expect(page2.body.rows[0].userName).toBe('ry');
  });

  it('filters by name, dept (with descendants), status and date range', async () => {
    const q = async (qs: string) => (await call(t.app, 'GET', `/system/user/list?${qs}`, admin)).body;
    expect((await q('userName=r')).rows.map((r: { userName: string }) => r.userName)).toEqual(['ry']);
    expect((await q('deptId=101')).total).toBe(2);
    expect((await q('deptId=105')).rows.map((r: { userName: string }) => r.userName)).toEqual(['ry']);
    expect((await q('status=1')).total).toBe(0);
    expect((await q('params%5BbeginTime%5D=2026-11-22&params%5BendTime%5D=2026-11-22')).total).toBe(2);
    expect((await q('beginTime=2026-11-23')).total).toBe(0);
    expect((await q('orderByColumn=userName&isAsc=desc')).rows[0].userName).toBe('ry');
  });

  it('applies the data scope: ry (custom depts 100, 101, 105) sees only ry', async () => {
    const { body } = await call(t.app, 'GET', '/system/user/list', ry);
    expect(body.rows.map((r: { userName: string }) => r.userName)).toEqual(['ry']);
  });

  it('scopes 3, 4 and 5 limit to own dept, subtree and self', async () => {
    const r3 = await makeRole(t.app, { roleKey: 'own', dataScope: '3', menuIds: [100] });
    const r4 = await makeRole(t.app, { roleKey: 'sub', dataScope: '4', menuIds: [100] });
    const r5 = await makeRole(t.app, { roleKey: 'self', dataScope: '5', menuIds: [100] });
    await makeUser(t.app, { userName: 'u3', deptId: 103, roleIds: [r3] });
    await makeUser(t.app, { userName: 'u4', deptId: 101, roleIds: [r4] });
    await makeUser(t.app, { userName: 'u5', deptId: 105, roleIds: [r5] });
    const names = async (who: string) => (await call(t.app, 'GET', '/system/user/list?pageSize=50', await login(t.app, who))).body.rows.map((r: { userName: string }) => r.userName).sort();
    expect(await names('u3')).toEqual(['admin', 'u3']);
    expect(await names('u4')).toEqual(['admin', 'ry', 'u3', 'u4', 'u5']);
    expect(await names('u5')).toEqual(['u5']);
  });

  it('answers 403 without system:user:list and 401 without a session', async () => {
    const r = await makeRole(t.app, { roleKey: 'nothing' });
    await makeUser(t.app, { userName: 'nobody1', roleIds: [r] });
    const token = await login(t.app, 'nobody1');
    expect((await call(t.app, 'GET', '/system/user/list', token)).body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect((await call(t.app, 'GET', '/system/user/list')).body.code).toBe(401);
  });

  it('refuses bad input with a message naming the field', async () => {
    const bad = await call(t.app, 'GET', '/system/user/list?pageNum=abc', admin);
    expect(bad.body.code).toBe(500);
    expect(bad.body.msg).toContain('pageNum');
    const order = await call(t.app, 'GET', '/system/user/list?orderByColumn=password', admin);
    expect(order.body).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
    const status = await call(t.app, 'GET', '/system/user/list?status=9', admin);
    expect(status.body.msg).toContain('status');
  });
});
