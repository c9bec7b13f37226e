/**
 * Parks (园区) over REST (issue 3 "Parks"): the dept tree rules over sys_park with 园区 in the
 * messages; the seeded menus hold no park permission, so only admin (`*:*:*`) passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { sysPark } from '../../server/db/schema';
import { restRoutes } from '../../server/rest/routes';
import { makeUserWithPerms } from '../helpers/factories';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);
const park = async (id: number) => firstRow(await t.app.deps.store.db.select().from(sysPark).where(eq(sysPark.parkId, id)).limit(1))!;
const add = async (parentId: number, parkName: string, extra: object = {}) => {
  const r = await api('POST', '/system/park', { parentId, parkName, orderNum: 1, ...extra });
  expect(r.code, r.msg).toBe(200);
  return r.data.parkId as number;
};

let root: number;
let east: number;
let west: number;
let a1: number;

describe('parks', () => {
  it('adds roots and children with ancestors, refuses duplicates and disabled parents', async () => {
    root = await add(0, '总园区');
    east = await add(root, '东园');
    west = await add(root, '西园', { orderNum: 2, remark: '西边' });
    a1 = await add(east, 'A1楼');
    expect((await park(root)).ancestors).toBe('0');
    expect(await park(a1)).toMatchObject({ ancestors: `0,${root},${east}`, createBy: 'admin', status: '0' });
    expect(await api('POST', '/system/park', { parentId: root, parkName: '东园', orderNum: 3 })).toEqual({ code: 500, msg: "新增园区'东园'失败，园区名称已存在" });
    const off = await add(root, '停用园', { status: '1', orderNum: 3 });
    expect(await api('POST', '/system/park', { parentId: off, parkName: 'x', orderNum: 1 })).toEqual({ code: 500, msg: '园区停用，不允许新增' });
    expect((await api('POST', '/system/park', { parentId: 9999, parkName: 'x', orderNum: 1 })).msg).toBe("新增园区'x'失败，上级园区不存在");
  });

  it('lists, trees and gets', async () => {
    const list = (await api('GET', '/system/park/list')).data;
    expect(list.map((p: { parkName: string }) => p.parkName)).toEqual(['总园区', '东园', '西园', '停用园', 'A1楼']);
    expect((await api('GET', '/system/park/list?parkName=园&status=1')).data.map((p: { parkName: string }) => p.parkName)).toEqual(['停用园']);
    const tree = (await api('GET', '/system/park/treeselect')).data;
    expect(tree).toEqual([{ id: root, label: '总园区', disabled: false, children: [
      { id: east, label: '东园', disabled: false, children: [{ id: a1, label: 'A1楼', disabled: false }] },
      { id: west, label: '西园', disabled: false },
      { id: expect.any(Number), label: '停用园', disabled: true },
    ] }]);
    expect((await api('GET', `/system/park/${a1}`)).data).toMatchObject({ parkId: a1, parkName: 'A1楼', parentName: '东园' });
  });

  it('moves a subtree, refuses cycles and disabling over enabled children, enables ancestors', async () => {
    expect((await api('POST', '/system/park/update', { parkId: east, parentId: east, parkName: '东园', orderNum: 1 })).msg).toBe("修改园区'东园'失败，上级园区不能是自己");
    expect((await api('POST', '/system/park/update', { parkId: east, parentId: a1, parkName: '东园', orderNum: 1 })).msg).toBe("修改园区'东园'失败，上级园区不能是自己的下级园区");
    expect((await api('POST', '/system/park/update', { parkId: east, parentId: west, parkName: '东园', orderNum: 1 })).code).toBe(200);
    expect((await park(a1)).ancestors).toBe(`0,${root},${west},${east}`);
    expect(await api('PUT', '/system/park', { parkId: west, parentId: root, parkName: '西园', orderNum: 2, status: '1' })).toEqual({ code: 500, msg: '该园区包含未停用的子园区！' });
    expect((await api('POST', '/system/park/update', { parkId: a1, parentId: east, parkName: 'A1楼', orderNum: 1, status: '1' })).code).toBe(200);
    expect((await api('POST', '/system/park/update', { parkId: east, parentId: west, parkName: '东园', orderNum: 1, status: '1' })).code).toBe(200);
    expect((await api('POST', '/system/park/update', { parkId: west, parentId: root, parkName: '西园', orderNum: 2, status: '1' })).code).toBe(200);
    expect(await park(west)).toMatchObject({ status: '1', remark: '西边' });
    expect((await api('POST', '/system/park/update', { parkId: a1, parentId: east, parkName: 'A1楼', orderNum: 1, status: '0' })).code).toBe(200);
    expect([(await park(east)).status, (await park(west)).status, (await park(root)).status]).toEqual(['0', '0', '0']);
  });

  it('warns on delete with children (601) and soft-deletes a leaf', async () => {
    expect(await api('POST', `/system/park/delete/${east}`)).toEqual({ code: 601, msg: '存在下级园区,不允许删除' });
    expect(await api('DELETE', `/system/park/${a1}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await park(a1)).delFlag).toBe('2');
    expect((await api('GET', `/system/park/${a1}`)).data).toBeUndefined();
    expect((await api('POST', `/system/park/delete/${east}`)).code).toBe(200);
  });

  it('names the bad field and writes nothing', async () => {
    const n = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysPark))!.n;
    const before = await n();
    expect(await api('POST', '/system/park', { parentId: root, orderNum: 1 })).toEqual({ code: 500, msg: '园区名称不能为空' });
    expect(await api('POST', '/system/park', { parkName: 'x', orderNum: 1 })).toEqual({ code: 500, msg: '上级园区不能为空' });
    expect((await api('GET', '/system/park/abc')).msg).toContain('parkId');
    expect(await n()).toBe(before);
  });

  it('answers 403 on every park row for a user without system:park:* perms', async () => {
    await makeUserWithPerms(t.app, 'nopark', ['system:user:list']);
    const ry = await login(t.app, 'nopark');
    const rows = restRoutes.filter((r) => r.path.startsWith('/system/park'));
    expect(rows.length).toBe(6);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const body = await api(method, path.replace(/:\w+/g, String(root)), method === 'GET' ? undefined : { parkId: root, parentId: 0, parkName: 'x', orderNum: 1 }, ry);
        expect(body, `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
  });
});
