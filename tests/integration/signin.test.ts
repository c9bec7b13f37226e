/**
 * Sign-in as a self-hosted install meets it (issue 11 §5): the browser's password encryption run
 * where Web Crypto is absent (plain-http pages) decrypts with the server's key for login and
 * register; a fresh seed lets the ordinary user ry work his to-do list (role 2 holds the 任务管理
 * menus).
 */
import { webcrypto } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptPassword } from '../../client/src/lib/rsa';
import { sysConfig, sysMenu, sysRoleMenu } from '../../server/db/schema';
import { decodePassword } from '../../server/modules/auth/secrets.service';
import type { RouterNode } from '../../shared/schemas/auth';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { ryApprovalXml } from './flowable-model';

let t: TestApp;
beforeAll(async () => { t = await makeTestApp(); });
afterAll(async () => { await t.app.close(); });

describe('password encryption in a page without Web Crypto', () => {
  const publicKey = async () => (await call(t.app, 'GET', '/publicKey')).body.publicKey as string;
  /**
   * encryptPassword with `crypto` as a plain-http page offers it: getRandomValues, no subtle.
   * The stub is lifted before the server runs (its JWT code needs Web Crypto).
   */
  async function encryptInHttpPage(key: string, plain: string): Promise<string> {
    vi.stubGlobal('crypto', { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
    try {
      expect(globalThis.crypto.subtle).toBeUndefined();
      return await encryptPassword(key, plain);
    } finally {
      vi.unstubAllGlobals();
    }
  }

  it('gives rsa: ciphertext that the server decrypts (round trip)', async () => {
    const key = await publicKey();
    for (const plain of ['admin123', '密码Pässwörd!', 'x'.repeat(20)]) {
      const sent = await encryptInHttpPage(key, plain);
      expect(sent).toMatch(/^rsa:[A-Za-z0-9+/]+=*$/);
      expect(sent).not.toContain(plain);
      expect(decodePassword(t.app.deps.keys, sent)).toBe(plain);
    }
  });

  it('signs in with the encrypted password', async () => {
    const password = await encryptInHttpPage(await publicKey(), 'admin123');
    const res = await call(t.app, 'POST', '/login', undefined, { username: 'admin', password });
    expect(res.body).toMatchObject({ code: 200, msg: '操作成功' });
    expect(res.body.token).toEqual(expect.any(String));
  });

  it('registers with an encrypted password and confirmation; the account signs in with the plain one', async () => {
    await t.app.deps.store.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, 'sys.account.registerUser'));
    const key = await publicKey();
    const password = await encryptInHttpPage(key, 'httpPass1');
    const other = await encryptInHttpPage(key, 'httpPass2');
    const differs = await call(t.app, 'POST', '/register', undefined, { username: 'lanuser', password, confirmPassword: other });
    expect(differs.body).toEqual({ code: 500, msg: '两次输入的密码不一致' });
    const ok = await call(t.app, 'POST', '/register', undefined, { username: 'lanuser', password, confirmPassword: password });
    expect(ok.body).toEqual({ code: 200, msg: '操作成功' });
    expect(await login(t.app, 'lanuser', 'httpPass1')).toEqual(expect.any(String));
    // The ciphertext itself is not a password: it was decrypted before hashing.
    const literal = await call(t.app, 'POST', '/login', undefined, { username: 'lanuser', password: password.slice(0, 20) });
    expect(literal.body.msg).toBe('用户不存在/密码错误');
  });
});

const APPROVAL_XML = ryApprovalXml('ry_approval', '员工审批');

describe('a fresh seed: role 2 普通角色 holds the 任务管理 menus', () => {
  it('grants the directory, the four pages and 发起 (issue 40), with their paths, components and perms, and no other workflow menu', async () => {
    const rows = await t.app.deps.store.db
      .select({ menuId: sysMenu.menuId, menuName: sysMenu.menuName, parentId: sysMenu.parentId, menuType: sysMenu.menuType, path: sysMenu.path, component: sysMenu.component, perms: sysMenu.perms })
      .from(sysRoleMenu).innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
      .where(and(eq(sysRoleMenu.roleId, 2), gte(sysRoleMenu.menuId, 2000)))
      .orderBy(sysMenu.menuId);
    expect(rows).toEqual([
      { menuId: 2023, menuName: '任务管理', parentId: 0, menuType: 'M', path: 'task', component: null, perms: '' },
      { menuId: 2024, menuName: '待办任务', parentId: 2023, menuType: 'C', path: 'todo', component: 'flowable/task/todo/index', perms: '' },
      { menuId: 2025, menuName: '已办任务', parentId: 2023, menuType: 'C', path: 'finished', component: 'flowable/task/finished/index', perms: '' },
      { menuId: 2026, menuName: '我的流程', parentId: 2023, menuType: 'C', path: 'process', component: 'flowable/task/myProcess/index', perms: '' },
      { menuId: 2049, menuName: '抄送我的', parentId: 2023, menuType: 'C', path: 'copy', component: 'flowable/task/copy/index', perms: '' },
      { menuId: 2050, menuName: '发起', parentId: 2026, menuType: 'F', path: '', component: null, perms: 'flowable:process:start' },
    ]);
  });

  it('ry sees them in getRouters, keeps no deployment permission, and lists his to-do', async () => {
    const admin = await login(t.app);
    const ry = await login(t.app, 'ry');
    const routers = (await call(t.app, 'GET', '/getRouters', ry)).body.data as RouterNode[];
    const task = routers.find((n) => n.path === '/task');
    expect(task).toMatchObject({ component: 'Layout', hidden: false, meta: { title: '任务管理' } });
    expect(task!.children!.map((c) => [c.path, c.component, c.meta?.title])).toEqual([
      ['process', 'flowable/task/myProcess/index', '我的流程'],
      ['todo', 'flowable/task/todo/index', '待办任务'],
      ['finished', 'flowable/task/finished/index', '已办任务'],
      ['copy', 'flowable/task/copy/index', '抄送我的'],
    ]);
    expect(routers.some((n) => n.path === '/flowable')).toBe(false);
    const perms = (await call(t.app, 'GET', '/getInfo', ry)).body.permissions as string[];
    expect(perms.filter((p) => p.startsWith('system:deployment:'))).toEqual([]);

    const saved = (await call(t.app, 'POST', '/flowable/definition/save', admin, { name: '员工审批', category: 'oa', xml: APPROVAL_XML })).body;
    expect(saved.code).toBe(200);
    const started = (await call(t.app, 'POST', `/flowable/definition/start/${saved.data.definitionId}`, admin, {})).body;
    expect(started).toMatchObject({ code: 200, msg: '流程启动成功' });
    const todo = (await call(t.app, 'GET', '/flowable/task/todoList?pageNum=1&pageSize=10', ry)).body;
    expect(todo).toMatchObject({ code: 200, msg: '查询成功', total: 1 });
    expect(todo.rows[0]).toMatchObject({ procInsId: started.data.instanceId, taskName: '审批', procDefName: '员工审批' });
  });
});
