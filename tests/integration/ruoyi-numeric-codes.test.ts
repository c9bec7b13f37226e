/**
 * Issue 41 §4: RuoYi's dialogs send some dict values as numbers (`parseInt(value)`, e.g. the
 * expression dialog's status). Every dict-valued field (statusField, requiredCode, optionalCode in
 * shared/schemas/system/dept.ts) reads an integer as its text; a number outside the dict is still
 * refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: string;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call(t.app, method, url, admin, body).then((r) => r.body);

beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

describe('dict values sent as numbers', () => {
  it('POST and PUT /system/expression take status as a number, as RuoYi sends it', async () => {
    const added = await send('POST', '/system/expression', { name: '数字状态', expression: '${x}', dataType: 'fixed', status: 1 });
    expect(added.code).toBe(200);
    const row = (await send('GET', '/system/expression/list?name=数字状态')).rows[0];
    expect(row.status).toBe('1');
    expect((await send('PUT', '/system/expression', { id: row.id, name: '数字状态', expression: '${x}', dataType: 'fixed', status: 0 })).code).toBe(200);
    expect((await send('GET', `/system/expression/${row.id}`)).data.status).toBe('0');
    // Numbers filter the list as their text do.
    expect((await send('GET', '/system/expression/list?name=数字状态&status=0')).total).toBe(1);
  });

  it('a number outside the dict is refused and changes nothing', async () => {
    const before = (await send('GET', '/system/expression/list')).total;
    const refused = await send('POST', '/system/expression', { name: '坏状态', expression: '${x}', dataType: 'fixed', status: 2 });
    expect(refused.code).toBe(500);
    expect(refused.msg).toContain('status');
    expect((await send('GET', '/system/expression/list')).total).toBe(before);
  });

  it('role status and data scope, a user\'s sex and status take numbers too', async () => {
    const role = await send('POST', '/system/role', { roleName: '数字角色', roleKey: 'num_role', roleSort: 3, status: 0, menuIds: [] });
    expect(role.code).toBe(200);
    const roleId = (await send('GET', '/system/role/list?roleKey=num_role')).rows[0].roleId;
    expect((await send('PUT', '/system/role/dataScope', { roleId, roleName: '数字角色', roleKey: 'num_role', dataScope: 5, deptIds: [] })).code).toBe(200);
    expect((await send('GET', `/system/role/${roleId}`)).data).toMatchObject({ dataScope: '5', status: '0' });
    const user = await send('POST', '/system/user', { userName: 'numuser', nickName: '数字', password: 'admin123', deptId: 105, sex: 1, status: 0 });
    expect(user.code).toBe(200);
    const userId = (await send('GET', '/system/user/list?userName=numuser')).rows[0].userId;
    expect((await send('GET', `/system/user/${userId}`)).data).toMatchObject({ sex: '1', status: '0' });
  });
});
