/**
 * Uniqueness is guaranteed by unique indexes, not by the read-first checks (issue 44). Each
 * check's repository function is stubbed to find nothing while `race.on` (what a command on
 * another node sees when both read before either writes): the write then reaches the unique
 * index, and the reply is the same spec message the check gives (server/core/unique-violation.ts),
 * with no second row. Runs on SQLite (`integration:mocked`) and PostgreSQL
 * (`integration-pg:mocked`). Also: soft-deleted rows and blank phone / e-mail do not count.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { createTables } from '../helpers/gen-samples';

const race = vi.hoisted(() => ({ on: false }));

/** Wraps the named exports of a module so that, while `race.on`, they answer `missing`. */
function stubbed<M extends Record<string, unknown>>(real: M, names: string[], missing: () => unknown): M {
  const out: Record<string, unknown> = { ...real };
  for (const name of names) {
    const fn = real[name] as (...a: unknown[]) => unknown;
    out[name] = (...args: unknown[]) => (race.on ? missing() : fn(...args));
  }
  return out as M;
}

vi.mock('../../server/modules/system/user/user.repo', async (orig) => stubbed(await orig(), ['findUserIdBy'], async () => undefined));
vi.mock('../../server/modules/system/role/role.repo', async (orig) => stubbed(await orig(), ['findRoleIdBy'], async () => undefined));
vi.mock('../../server/modules/system/post/post.repo', async (orig) => stubbed(await orig(), ['postTaken'], async () => false));
vi.mock('../../server/modules/system/dict/dict-type.repo', async (orig) => stubbed(await orig(), ['dictTypeTaken'], async () => false));
vi.mock('../../server/modules/system/config/config.repo', async (orig) => stubbed(await orig(), ['configKeyTaken'], async () => false));
vi.mock('../../server/modules/system/menu/menu.repo', async (orig) => stubbed(await orig(), ['menuNameTaken'], async () => false));
vi.mock('../../server/modules/system/dept/tree.repo', async (orig) => stubbed(await orig(), ['nameTaken'], async () => false));
vi.mock('../../server/modules/auth/auth.repo', async (orig) => stubbed(await orig(), ['findUserByName'], async () => undefined));
vi.mock('../../server/modules/tool/gen/gen.repo', async (orig) => stubbed(await orig(), ['importedNames'], async () => new Set<string>()));

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const api = async (method: 'POST' | 'PUT', url: string, payload?: unknown) => (await call(t.app, method, url, admin, payload)).body;
/** The reply of `fn` run with the checks stubbed out. */
async function racing<T>(fn: () => Promise<T>): Promise<T> {
  race.on = true;
  try {
    return await fn();
  } finally {
    race.on = false;
  }
}
const count = async (sql: string, ...params: (string | number)[]) => Number((await t.app.deps.store.get<{ n: number | string }>(`SELECT count(*) AS n FROM ${sql}`, params))!.n);

const user = (o: Record<string, unknown> = {}) => ({ userName: 'uq1', nickName: '甲', password: 'secret1', deptId: 105, phonenumber: '', email: '', ...o });

describe('a write that races past the read-first check gets the check\'s message from the unique index', () => {
  it('users: account, phone and e-mail on add and update; blank phone/e-mail and deleted users do not count', async () => {
    expect(await api('POST', '/system/user', user({ phonenumber: '13900000001', email: 'uq1@example.com' }))).toEqual({ code: 200, msg: '操作成功' });
    expect(await racing(() => api('POST', '/system/user', user({ nickName: '乙' })))).toEqual({ code: 500, msg: "新增用户'uq1'失败，登录账号已存在" });
    expect(await racing(() => api('POST', '/system/user', user({ userName: 'uq2', phonenumber: '13900000001' })))).toEqual({ code: 500, msg: "新增用户'uq2'失败，手机号码已存在" });
    expect(await racing(() => api('POST', '/system/user', user({ userName: 'uq2', email: 'uq1@example.com' })))).toEqual({ code: 500, msg: "新增用户'uq2'失败，邮箱账号已存在" });
    expect(await count(`sys_user WHERE user_name IN ('uq1', 'uq2') AND del_flag = '0'`)).toBe(1);
    // Blank phone and e-mail are not values: two users without them.
    expect(await racing(() => api('POST', '/system/user', user({ userName: 'uq2' })))).toEqual({ code: 200, msg: '操作成功' });
    expect(await racing(() => api('POST', '/system/user', user({ userName: 'uq3' })))).toEqual({ code: 200, msg: '操作成功' });
    const uq2 = (await t.app.deps.store.get<{ id: number }>(`SELECT user_id AS id FROM sys_user WHERE user_name = 'uq2'`))!.id;
    expect(await racing(() => api('POST', '/system/user/update', { userId: uq2, nickName: '乙', phonenumber: '13900000001' })))
      .toEqual({ code: 500, msg: "修改用户'uq2'失败，手机号码已存在" });
    expect(await racing(() => api('POST', '/system/user/update', { userId: uq2, nickName: '乙', userName: 'uq1' })))
      .toEqual({ code: 500, msg: "修改用户'uq1'失败，登录账号已存在" });
    // A deleted user's name is free again.
    expect((await call(t.app, 'POST', `/system/user/delete/${uq2}`, admin)).body.code).toBe(200);
    expect(await racing(() => api('POST', '/system/user', user({ userName: 'uq2' })))).toEqual({ code: 200, msg: '操作成功' });
    expect(await count(`sys_user WHERE user_name = 'uq2'`)).toBe(2);
  });

  it('users: 个人信息 phone and e-mail', async () => {
    const token = await login(t.app, 'ry');
    const res = await racing(() => call(t.app, 'PUT', '/system/user/profile', token, { nickName: '若依', phonenumber: '13900000001', email: 'ry@qq.com' }));
    expect(res.body).toEqual({ code: 500, msg: "修改用户'ry'失败，手机号码已存在" });
  });

  it('users: registration', async () => {
    await t.app.deps.store.run(`UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.registerUser'`);
    const body = { username: 'uq1', password: 'secret1', confirmPassword: 'secret1', code: '', uuid: '' };
    const res = await racing(() => t.app.inject({ method: 'POST', url: '/caishui-api/register', payload: body }));
    expect(res.json()).toEqual({ code: 500, msg: "保存用户'uq1'失败，注册账号已存在" });
  });

  it('users: import reports the row and writes nothing', async () => {
    // The sheet of the export holds uq3 (no phone, no e-mail: only the account collides);
    // re-imported without updateSupport while the check sees nothing.
    const exported = await t.app.inject({ method: 'POST', url: '/caishui-api/system/user/export', headers: { authorization: `Bearer ${admin}` }, payload: { userName: 'uq3' } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(exported.rawPayload)]), 'users.xlsx');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const res = await racing(async () => t.app.inject({
      method: 'POST', url: '/caishui-api/system/user/importData?updateSupport=false',
      headers: { authorization: `Bearer ${admin}`, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    }));
    expect(res.json()).toEqual({ code: 500, msg: '很抱歉，导入失败！共 1 条数据格式不正确，错误如下：<br/>1、账号 uq3 已存在' });
    expect(await count(`sys_user WHERE user_name = 'uq3'`)).toBe(1);
  });

  it('roles: name and key', async () => {
    const role = (o: Record<string, unknown> = {}) => ({ roleName: '唯一', roleKey: 'uq_role', roleSort: 9, status: '0', menuIds: [], ...o });
    expect(await api('POST', '/system/role', role())).toEqual({ code: 200, msg: '操作成功' });
    expect(await racing(() => api('POST', '/system/role', role({ roleKey: 'uq_role2' })))).toEqual({ code: 500, msg: "新增角色'唯一'失败，角色名称已存在" });
    expect(await racing(() => api('POST', '/system/role', role({ roleName: '唯二' })))).toEqual({ code: 500, msg: "新增角色'唯二'失败，角色权限已存在" });
    expect(await racing(() => api('POST', '/system/role/update', { ...role({ roleName: '普通角色' }), roleId: 2 })))
      .toEqual({ code: 500, msg: "修改角色'普通角色'失败，角色权限已存在" });
    expect(await count(`sys_role WHERE role_key = 'uq_role'`)).toBe(1);
  });

  it('posts: name and code', async () => {
    expect(await api('POST', '/system/post', { postCode: 'uqp', postName: '唯一岗', postSort: 9 })).toEqual({ code: 200, msg: '操作成功', data: expect.anything() });
    expect(await racing(() => api('POST', '/system/post', { postCode: 'uqp2', postName: '唯一岗', postSort: 9 }))).toEqual({ code: 500, msg: "新增岗位'唯一岗'失败，岗位名称已存在" });
    expect(await racing(() => api('POST', '/system/post', { postCode: 'uqp', postName: '唯二岗', postSort: 9 }))).toEqual({ code: 500, msg: "新增岗位'唯二岗'失败，岗位编码已存在" });
    expect(await count(`sys_post WHERE post_code = 'uqp'`)).toBe(1);
  });

  it('dict types and config keys', async () => {
    expect((await api('POST', '/system/dict/type', { dictName: '唯一', dictType: 'uq_type' })).code).toBe(200);
    expect(await racing(() => api('POST', '/system/dict/type', { dictName: '唯二', dictType: 'uq_type' }))).toEqual({ code: 500, msg: "新增字典'唯二'失败，字典类型已存在" });
    expect((await api('POST', '/system/config', { configName: '唯一', configKey: 'uq.key', configValue: '1' })).code).toBe(200);
    expect(await racing(() => api('POST', '/system/config', { configName: '唯二', configKey: 'uq.key', configValue: '2' }))).toEqual({ code: 500, msg: "新增参数'唯二'失败，参数键名已存在" });
    expect(await count(`sys_dict_type WHERE dict_type = 'uq_type'`)).toBe(1);
    expect(await count(`sys_config WHERE config_key = 'uq.key'`)).toBe(1);
  });

  it('menus, depts and parks: one name per parent', async () => {
    const menu = { parentId: 1, menuName: '唯一菜单', orderNum: 9, menuType: 'C', path: 'uq', component: 'system/uq/index', isFrame: 1, isCache: 0, visible: '0', status: '0' };
    expect((await api('POST', '/system/menu', menu)).code).toBe(200);
    expect(await racing(() => api('POST', '/system/menu', { ...menu, path: 'uq2' }))).toEqual({ code: 500, msg: "新增菜单'唯一菜单'失败，菜单名称已存在" });
    expect((await api('POST', '/system/dept', { parentId: 100, deptName: '唯一部', orderNum: 9 })).code).toBe(200);
    expect(await racing(() => api('POST', '/system/dept', { parentId: 100, deptName: '唯一部', orderNum: 9 }))).toEqual({ code: 500, msg: "新增部门'唯一部'失败，部门名称已存在" });
    // Another parent may hold the name.
    expect((await racing(() => api('POST', '/system/dept', { parentId: 101, deptName: '唯一部', orderNum: 9 }))).code).toBe(200);
    expect((await api('POST', '/system/park', { parentId: 0, parkName: '唯一园', orderNum: 9 })).code).toBe(200);
    expect(await racing(() => api('POST', '/system/park', { parentId: 0, parkName: '唯一园', orderNum: 9 }))).toEqual({ code: 500, msg: "新增园区'唯一园'失败，园区名称已存在" });
    expect(await count(`sys_menu WHERE menu_name = '唯一菜单'`)).toBe(1);
    expect(await count(`sys_dept WHERE dept_name = '唯一部' AND parent_id = 100`)).toBe(1);
    expect(await count(`sys_park WHERE park_name = '唯一园'`)).toBe(1);
  });

  it('code generator: a table imported twice', async () => {
    await createTables(t.app, 'CREATE TABLE biz_uq ( -- 唯一\n  uq_id INTEGER PRIMARY KEY AUTOINCREMENT, -- ID\n  uq_name varchar(20) -- 名称\n)');
    expect(await api('POST', '/tool/gen/importTable?tables=biz_uq')).toEqual({ code: 200, msg: '操作成功' });
    expect(await racing(() => api('POST', '/tool/gen/importTable?tables=biz_uq'))).toEqual({ code: 500, msg: '表biz_uq已导入' });
    expect(await count(`gen_table WHERE table_name = 'biz_uq'`)).toBe(1);
  });
});
