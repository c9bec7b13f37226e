/**
 * Depts over REST (reference §2 Depts, §4 data scope): list, exclude, tree, get, add / edit /
 * delete rules with RuoYi's messages, ancestors on move, data scope for `ry`, bad input, 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { sysDept, sysOperLog } from '../../server/db/schema';
import { flushAudit } from '../../server/core/audit';
import { restRoutes } from '../../server/rest/routes';
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

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);
const dept = async (id: number) => firstRow(await t.app.deps.store.db.select().from(sysDept).where(eq(sysDept.deptId, id)).limit(1))!;
const deptCount = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysDept))!.n;
const ids = (rows: { deptId: number }[]) => rows.map((r) => r.deptId);

describe('reads', () => {
  it('lists live depts by parent and order, with filters', async () => {
    const all = await api('GET', '/system/dept/list');
    expect(all.code).toBe(200);
    expect(ids(all.data)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    expect(ids((await api('GET', '/system/dept/list?deptName=财务')).data)).toEqual([106, 109]);
    expect((await api('GET', '/system/dept/list?status=1')).data).toEqual([]);
  });

  it('excludes a dept and its subtree, builds the tree, gets one with its parent name', async () => {
    expect(ids((await api('GET', '/system/dept/list/exclude/101')).data)).toEqual([100, 102, 108, 109]);
    const tree = (await api('GET', '/system/dept/treeselect')).data;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 100, label: '若依科技', disabled: false });
    expect(tree[0].children.map((n: { label: string }) => n.label)).toEqual(['深圳总公司', '长沙分公司']);
    expect(tree[0].children[0].children[0]).toEqual({ id: 103, label: '研发部门', disabled: false });
    const one = await api('GET', '/system/dept/103');
    expect(one.data).toMatchObject({ deptId: 103, deptName: '研发部门', parentName: '深圳总公司', ancestors: '0,100,101' });
    expect(await api('GET', '/system/dept/999')).toEqual({ code: 200, msg: '操作成功' });
  });
});

describe('add', () => {
  it('sets ancestors from the parent and refuses a duplicate name under the same parent', async () => {
    const r = await api('POST', '/system/dept', { parentId: 105, deptName: '测试一组', orderNum: 1, leader: '张三', email: 'a@b.cn' });
    expect(r.code).toBe(200);
    expect(await dept(r.data.deptId)).toMatchObject({ ancestors: '0,100,101,105', parentId: 105, createBy: 'admin', status: '0', email: 'a@b.cn' });
    expect(await api('POST', '/system/dept', { parentId: 105, deptName: '测试一组', orderNum: 2 })).toEqual({ code: 500, msg: "新增部门'测试一组'失败，部门名称已存在" });
    expect((await api('POST', '/system/dept', { parentId: 106, deptName: '测试一组', orderNum: 2 })).code).toBe(200);
  });

  it('refuses a disabled parent: 部门停用，不允许新增', async () => {
    const p = (await api('POST', '/system/dept', { parentId: 107, deptName: '停用组', orderNum: 1, status: '1' })).data.deptId;
    expect(await api('POST', '/system/dept', { parentId: p, deptName: '子组', orderNum: 1 })).toEqual({ code: 500, msg: '部门停用，不允许新增' });
  });

  it('writes the operation log (部门管理, insert)', async () => {
    await api('POST', '/system/dept', { parentId: 102, deptName: '日志组', orderNum: 3 });
    await flushAudit(t.app.deps.store);
    const log = firstRow(await t.app.deps.store.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1))!;
    expect(log).toMatchObject({ title: '部门管理', businessType: 1, status: 0, operUrl: '/caishui-api/system/dept', requestMethod: 'POST' });
  });

  it('names the bad field and writes nothing', async () => {
    const before = await deptCount();
    const bad = await api('POST', '/system/dept', { parentId: 101, deptName: 'x', orderNum: 'abc' });
    expect(bad.code).toBe(500);
    expect(bad.msg).toContain('orderNum');
    expect(await api('POST', '/system/dept', { parentId: 101, orderNum: 1 })).toEqual({ code: 500, msg: '部门名称不能为空' });
    expect((await api('POST', '/system/dept', { parentId: 101, deptName: 'y', orderNum: 1, email: 'nope' })).msg).toBe('邮箱格式不正确');
    expect((await api('POST', '/system/dept', { parentId: 101, deptName: 'y', orderNum: 1, status: '7' })).msg).toContain('status');
    expect(await deptCount()).toBe(before);
  });
});

describe('update', () => {
  it('refuses its own parent and its own descendant as parent', async () => {
    expect(await api('POST', '/system/dept/update', { deptId: 101, parentId: 101, deptName: '深圳总公司', orderNum: 1 }))
      .toEqual({ code: 500, msg: "修改部门'深圳总公司'失败，上级部门不能是自己" });
    expect((await api('POST', '/system/dept/update', { deptId: 101, parentId: 103, deptName: '深圳总公司', orderNum: 1 })).msg)
      .toBe("修改部门'深圳总公司'失败，上级部门不能是自己的下级部门");
    expect((await api('POST', '/system/dept/update', { deptId: 104, parentId: 101, deptName: '研发部门', orderNum: 1 })).msg)
      .toBe("修改部门'研发部门'失败，部门名称已存在");
  });

  it('moves a subtree: descendants get the new ancestors; absent fields keep their value', async () => {
    const child = (await api('POST', '/system/dept', { parentId: 104, deptName: '市场一组', orderNum: 1 })).data.deptId;
    const r = await api('POST', '/system/dept/update', { deptId: 104, parentId: 102, deptName: '市场部门(迁)', orderNum: 5 });
    expect(r).toEqual({ code: 200, msg: '操作成功' });
    expect(await dept(104)).toMatchObject({ parentId: 102, ancestors: '0,100,102', leader: '若依', email: 'ry@qq.com', updateBy: 'admin' });
    expect((await dept(child)).ancestors).toBe('0,100,102,104');
    // the RuoYi alias PUT /system/dept is the same row
    expect((await api('PUT', '/system/dept', { deptId: 104, parentId: 101, deptName: '市场部门', orderNum: 2 })).code).toBe(200);
    expect((await dept(child)).ancestors).toBe('0,100,101,104');
  });

  it('refuses disabling while enabled children exist; enabling enables the ancestors', async () => {
    const a = (await api('POST', '/system/dept', { parentId: 109, deptName: 'A', orderNum: 1 })).data.deptId;
    const b = (await api('POST', '/system/dept', { parentId: a, deptName: 'B', orderNum: 1 })).data.deptId;
    expect(await api('POST', '/system/dept/update', { deptId: a, parentId: 109, deptName: 'A', orderNum: 1, status: '1' }))
      .toEqual({ code: 500, msg: '该部门包含未停用的子部门！' });
    expect((await api('POST', '/system/dept/update', { deptId: b, parentId: a, deptName: 'B', orderNum: 1, status: '1' })).code).toBe(200);
    expect((await api('POST', '/system/dept/update', { deptId: a, parentId: 109, deptName: 'A', orderNum: 1, status: '1' })).code).toBe(200);
    expect((await dept(a)).status).toBe('1');
    expect((await api('POST', '/system/dept/update', { deptId: b, parentId: a, deptName: 'B', orderNum: 1, status: '0' })).code).toBe(200);
    expect((await dept(a)).status).toBe('0');
    expect((await dept(109)).status).toBe('0');
  });
});

describe('round trip', () => {
  it('accepts a dept read by GET sent back as the edit form (nulls included)', async () => {
    const id = (await api('POST', '/system/dept', { parentId: 101, deptName: '空字段组', orderNum: 7 })).data.deptId;
    for (const d of [id, 100]) {
      const row = (await api('GET', `/system/dept/${d}`)).data;
      expect(await api('POST', '/system/dept/update', row)).toEqual({ code: 200, msg: '操作成功' });
    }
    expect(await dept(id)).toMatchObject({ leader: null, phone: null, email: '' });
  });
});

describe('delete', () => {
  it('warns (601) with children or users, soft-deletes otherwise', async () => {
    expect(await api('POST', '/system/dept/delete/101')).toEqual({ code: 601, msg: '存在下级部门,不允许删除' });
    expect(await api('POST', '/system/dept/delete/103')).toEqual({ code: 601, msg: '部门存在用户,不允许删除' });
    const d = (await api('POST', '/system/dept', { parentId: 108, deptName: '临时', orderNum: 1 })).data.deptId;
    expect(await api('DELETE', `/system/dept/${d}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await dept(d)).delFlag).toBe('2');
    expect(ids((await api('GET', '/system/dept/list')).data)).not.toContain(d);
    expect((await api('POST', '/system/dept/delete/' + d)).msg).toBe('操作失败');
    // the name is free again
    expect((await api('POST', '/system/dept', { parentId: 108, deptName: '临时', orderNum: 1 })).code).toBe(200);
  });
});

describe('data scope (ry: custom depts 100, 101, 105)', () => {
  it('lists and trees only the scoped depts', async () => {
    expect(ids((await api('GET', '/system/dept/list', undefined, ry)).data)).toEqual([100, 101, 105]);
    const tree = (await api('GET', '/system/dept/treeselect', undefined, ry)).data;
    expect(tree[0].children[0].children.map((n: { id: number }) => n.id)).toEqual([105]);
  });

  it('refuses point access outside the scope: 没有权限访问部门数据！', async () => {
    const denied = { code: 500, msg: '没有权限访问部门数据！' };
    expect((await api('GET', '/system/dept/105', undefined, ry)).data.deptName).toBe('测试部门');
    expect(await api('GET', '/system/dept/103', undefined, ry)).toEqual(denied);
    expect(await api('POST', '/system/dept/update', { deptId: 106, parentId: 101, deptName: '财务部门', orderNum: 4 }, ry)).toEqual(denied);
    expect(await api('POST', '/system/dept/delete/107', undefined, ry)).toEqual(denied);
    expect(await api('POST', '/system/dept', { parentId: 106, deptName: '越权', orderNum: 1 }, ry)).toEqual(denied);
    expect((await api('POST', '/system/dept', { parentId: 105, deptName: 'ry的组', orderNum: 1 }, ry)).code).toBe(200);
  });
});

describe('permissions', () => {
  it('answers 403 on every dept row without the permission, and checks each permission', async () => {
    await makeUserWithPerms(t.app, 'nodept', []);
    const nobody = await login(t.app, 'nodept');
    const rows = restRoutes.filter((r) => r.path.startsWith('/system/dept'));
    expect(rows.length).toBe(7);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const body = await api(method, path.replace(/:\w+/g, '103'), method === 'GET' ? undefined : { deptId: 103, parentId: 101, deptName: 'x', orderNum: 1 }, nobody);
        expect(body, `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
    await makeUserWithPerms(t.app, 'listdept', ['system:dept:list']);
    const lister = await login(t.app, 'listdept');
    expect((await api('GET', '/system/dept/list', undefined, lister)).code).toBe(200);
    expect((await api('GET', '/system/dept/103', undefined, lister)).code).toBe(403);
    expect((await api('POST', '/system/dept', { parentId: 101, deptName: 'z', orderNum: 1 }, lister)).code).toBe(403);
    expect((await call(t.app, 'GET', '/system/dept/list')).body.code).toBe(401);
  });
});
