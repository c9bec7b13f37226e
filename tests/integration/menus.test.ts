/**
 * Menus over REST (reference §2 Menus): lists and trees by role, role menu tree with checked keys
 * (check-strictly rule), add / edit rules (unique name per parent, external link, own parent),
 * delete warnings (601), bad input, 403 on every permission-guarded row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { sysMenu, sysRole } from '../../server/db/schema';
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
const menu = async (id: number) => firstRow(await t.app.deps.store.db.select().from(sysMenu).where(eq(sysMenu.menuId, id)).limit(1))!;
const menus = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysMenu))!.n;
const labels = (nodes: { label: string }[]) => nodes.map((n) => n.label);

describe('reads', () => {
  it('lists all menus for admin and the role menus for ry, with filters', async () => {
    const all = (await api('GET', '/system/menu/list')).data;
    expect(all.length).toBe(await menus());
    expect(all[0]).toMatchObject({ menuId: 1, menuName: '系统管理', parentId: 0 });
    const mine = (await api('GET', '/system/menu/list', undefined, ry)).data;
    expect(mine.some((m: { menuId: number }) => m.menuId === 2020)).toBe(false);
    expect(mine.some((m: { menuId: number }) => m.menuId === 100)).toBe(true);
    expect((await api('GET', '/system/menu/list?menuName=日志')).data.map((m: { menuId: number }) => m.menuId)).toEqual([108, 500, 501, 1041, 1044]);
    expect((await api('GET', '/system/menu/list?status=1')).data).toEqual([]);
    expect((await api('GET', '/system/menu/102')).data).toMatchObject({ menuName: '菜单管理', perms: 'system:menu:list', menuType: 'C' });
  });

  it('builds trees of the caller menus and the role tree with checked keys', async () => {
    expect(labels((await api('GET', '/system/menu/treeselect')).data)).toEqual(['系统管理', '系统监控', '系统工具', '流程管理', '任务管理']);
    expect(labels((await api('GET', '/system/menu/treeselect', undefined, ry)).data)).toEqual(['系统管理', '系统监控', '系统工具', '任务管理']);
    const r = await api('GET', '/system/menu/roleMenuTreeselect/2');
    expect(Object.keys(r).sort()).toEqual(['checkedKeys', 'code', 'halfCheckedKeys', 'menus', 'msg']);
    expect(r.checkedKeys).toEqual(expect.arrayContaining([115, 1000, 1060]));
    // Issue 38 §8: a fully held subtree is checked (系统管理 1, 用户管理 100); 任务管理 2023 and
    // 我的流程 2026 are held without some menus below them: half-checked, never checked.
    expect(r.checkedKeys).toEqual(expect.arrayContaining([1, 100]));
    expect(r.checkedKeys).not.toContain(2026);
    expect(r.halfCheckedKeys).toEqual([2023, 2026]);
    await t.app.deps.store.db.update(sysRole).set({ menuCheckStrictly: false }).where(eq(sysRole.roleId, 2));
    expect((await api('GET', '/system/menu/roleMenuTreeselect/2')).checkedKeys).toEqual(expect.arrayContaining([1, 100, 1000]));
    expect((await api('GET', '/system/menu/roleMenuTreeselect/999')).checkedKeys).toEqual([]);
  });
});

describe('writes', () => {
  let dirId: number;
  it('adds with unique names per parent and the external link rule', async () => {
    const r = await api('POST', '/system/menu', { parentId: 0, menuName: '报税管理', orderNum: 8, menuType: 'M', path: 'tax', icon: 'money' });
    expect(r.code).toBe(200);
    dirId = r.data.menuId;
    expect(await menu(dirId)).toMatchObject({ isFrame: 1, isCache: 0, visible: '0', status: '0', component: null, createBy: 'admin' });
    expect(await api('POST', '/system/menu', { parentId: 0, menuName: '报税管理', orderNum: 9, menuType: 'M', path: 'tax2' })).toEqual({ code: 500, msg: "新增菜单'报税管理'失败，菜单名称已存在" });
    expect(await api('POST', '/system/menu', { parentId: dirId, menuName: '官网', orderNum: 1, menuType: 'C', path: 'www.x.cn', isFrame: '0' })).toEqual({ code: 500, msg: "新增菜单'官网'失败，地址必须以http(s)://开头" });
    expect((await api('POST', '/system/menu', { parentId: dirId, menuName: '官网', orderNum: 1, menuType: 'C', path: 'https://x.cn', isFrame: 0 })).code).toBe(200);
    expect((await api('POST', '/system/menu', { parentId: 4242, menuName: '孤儿', orderNum: 1, menuType: 'C' })).msg).toBe("新增菜单'孤儿'失败，上级菜单不存在");
  });

  it('edits: not its own parent nor below itself; absent switches keep their value', async () => {
    expect(await api('POST', '/system/menu/update', { menuId: dirId, parentId: dirId, menuName: '报税管理', orderNum: 8, menuType: 'M' })).toEqual({ code: 500, msg: "修改菜单'报税管理'失败，上级菜单不能选择自己" });
    const child = (await api('POST', '/system/menu', { parentId: dirId, menuName: '申报', orderNum: 2, menuType: 'C', path: 'declare', component: 'tax/declare/index', isCache: 1 })).data.menuId;
    expect((await api('POST', '/system/menu/update', { menuId: dirId, parentId: child, menuName: '报税管理', orderNum: 8, menuType: 'M' })).msg).toBe("修改菜单'报税管理'失败，上级菜单不能选择自己的子菜单");
    expect(await api('PUT', '/system/menu', { menuId: child, parentId: dirId, menuName: '纳税申报', orderNum: 2, menuType: 'C', path: 'declare' })).toEqual({ code: 200, msg: '操作成功' });
    expect(await menu(child)).toMatchObject({ menuName: '纳税申报', isCache: 1, component: 'tax/declare/index', updateBy: 'admin' });
    expect((await api('POST', '/system/menu/update', { menuId: child, parentId: 0, menuName: '系统管理', orderNum: 2, menuType: 'C' })).msg).toBe("修改菜单'系统管理'失败，菜单名称已存在");
  });

  it('accepts a menu read by GET sent back as the edit form', async () => {
    for (const id of [1, 100, 1000]) {
      const row = (await api('GET', `/system/menu/${id}`)).data;
      expect(await api('POST', '/system/menu/update', row), String(id)).toEqual({ code: 200, msg: '操作成功' });
      expect({ ...(await menu(id)), updateBy: row.updateBy, updateTime: row.updateTime }).toEqual(row);
    }
  });

  it('warns on delete with children or role assignments (601)', async () => {
    expect(await api('POST', '/system/menu/delete/1')).toEqual({ code: 601, msg: '存在子菜单,不允许删除' });
    expect(await api('POST', '/system/menu/delete/1000')).toEqual({ code: 601, msg: '菜单已分配,不允许删除' });
    const leaf = (await api('POST', '/system/menu', { parentId: dirId, menuName: '按钮', orderNum: 3, menuType: 'F', perms: 'tax:x:add' })).data.menuId;
    expect(await api('DELETE', `/system/menu/${leaf}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await api('GET', `/system/menu/${leaf}`)).data).toBeUndefined();
  });

  it('names the bad field and writes nothing', async () => {
    const before = await menus();
    expect(await api('POST', '/system/menu', { parentId: 0, menuName: 'x', orderNum: 1 })).toEqual({ code: 500, msg: '菜单类型不能为空' });
    expect((await api('POST', '/system/menu', { parentId: 0, menuName: 'x', orderNum: 1, menuType: 'X' })).msg).toContain('menuType');
    expect((await api('POST', '/system/menu', { parentId: 0, menuName: 'x', orderNum: 1, menuType: 'C', isFrame: 3 })).msg).toContain('isFrame');
    expect((await api('POST', '/system/menu', { parentId: 0, menuName: 'x'.repeat(51), orderNum: 1, menuType: 'C' })).msg).toBe('菜单名称长度不能超过50个字符');
    expect(await menus()).toBe(before);
  });
});

describe('permissions', () => {
  it('answers 403 on every guarded menu row; the trees need only a session', async () => {
    await makeUserWithPerms(t.app, 'nomenu', ['system:role:edit']);
    const nobody = await login(t.app, 'nomenu');
    const open = new Set(['/system/menu/treeselect', '/system/menu/roleMenuTreeselect/:roleId']);
    const rows = restRoutes.filter((r) => r.path.startsWith('/system/menu'));
    expect(rows.length).toBe(7);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const url = path.replace(/:\w+/g, '2');
        const payload = method === 'GET' ? undefined : { menuId: 2, parentId: 0, menuName: 'q', orderNum: 1, menuType: 'M' };
        if (open.has(path)) {
          expect((await api(method, url, payload, nobody)).code, path).toBe(200);
          expect((await call(t.app, method, url)).body.code, path).toBe(401);
        } else {
          expect(await api(method, url, payload, nobody), `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
        }
      }
    }
  });
});
