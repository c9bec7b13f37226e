/**
 * Issue 11 §4 "LIKE filters": a list search for `%` or `_` finds only the rows containing that
 * character (core/like.ts), for users, roles, the role's user lists, posts, config, depts and
 * dictionaries, over REST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => t.app.close());

const ok = async (method: 'POST' | 'PUT', url: string, body: object) => {
  const r = await call(t.app, method, url, admin, body);
  expect(r.body, url).toMatchObject({ code: 200 });
  return r.body;
};
const list = async (url: string) => {
  const r = await call(t.app, 'GET', url, admin);
  expect(r.body.code, url).toBe(200);
  return r.body as { rows?: Record<string, any>[]; data?: Record<string, any>[]; total?: number };
};
const pct = encodeURIComponent('%');

describe('a search for % or _ matches only rows containing it', () => {
  it('users (userName, phonenumber) and the role user lists', async () => {
    for (const userName of ['pct%man', 'und_man', 'undxman']) await ok('POST', '/system/user', { userName, nickName: userName, password: 'abc12345' });
    const names = async (q: string) => (await list(`/system/user/list?pageSize=100&${q}`)).rows!.map((r) => r.userName).sort();
    expect(await names(`userName=${pct}`)).toEqual(['pct%man']);
    expect(await names('userName=_')).toEqual(['und_man']);
    expect(await names('userName=und_')).toEqual(['und_man']);
    expect(await names('phonenumber=_')).toEqual([]);
    const unallocated = await list(`/system/role/authUser/unallocatedList?roleId=2&pageSize=100&userName=_`);
    expect(unallocated.rows!.map((r) => r.userName)).toEqual(['und_man']);
  });

  it('roles (roleName, roleKey)', async () => {
    for (const [roleName, roleKey] of [['折扣50%', 'k%1'], ['财务_一', 'k_2'], ['财务X一', 'kx2']]) await ok('POST', '/system/role', { roleName, roleKey, roleSort: 5 });
    const names = async (q: string) => (await list(`/system/role/list?pageSize=100&${q}`)).rows!.map((r) => r.roleName).sort();
    expect(await names(`roleName=${pct}`)).toEqual(['折扣50%']);
    expect(await names('roleName=_')).toEqual(['财务_一']);
    expect(await names(`roleKey=${pct}`)).toEqual(['折扣50%']);
    expect(await names('roleKey=k_')).toEqual(['财务_一']);
  });

  it('posts, config, depts and dictionary types', async () => {
    await ok('POST', '/system/post', { postCode: 'p%1', postName: '岗位%', postSort: 9 });
    await ok('POST', '/system/post', { postCode: 'p_2', postName: '岗位_', postSort: 9 });
    expect((await list(`/system/post/list?postName=${pct}`)).rows!.map((r) => r.postCode)).toEqual(['p%1']);
    expect((await list('/system/post/list?postCode=_')).rows!.map((r) => r.postCode)).toEqual(['p_2']);

    await ok('POST', '/system/config', { configName: '费率%', configKey: 'x.rate_pct', configValue: '1' });
    await ok('POST', '/system/config', { configName: '费率X', configKey: 'x.ratexpct', configValue: '1' });
    expect((await list(`/system/config/list?configName=${pct}`)).rows!.map((r) => r.configName)).toEqual(['费率%']);
    expect((await list('/system/config/list?configKey=rate_')).rows!.map((r) => r.configKey)).toEqual(['x.rate_pct']);

    await ok('POST', '/system/dept', { parentId: 100, deptName: '一部_甲', orderNum: 1 });
    expect((await list('/system/dept/list?deptName=_')).data!.map((r) => r.deptName)).toEqual(['一部_甲']);

    await ok('POST', '/system/dict/type', { dictName: '类型%', dictType: 'x_pct' });
    expect((await list(`/system/dict/type/list?dictName=${pct}`)).rows!.map((r) => r.dictType)).toEqual(['x_pct']);
  });
});
