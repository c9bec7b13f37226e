/**
 * Issue 11 §4 "text input": a NUL or other control character in a text field is refused with a
 * Chinese message naming the field, and nothing is written; tab and line breaks stay allowed in
 * multi-line fields (remarks, config values). Over REST with inject().
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { sysConfig, sysDept, sysUser } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => t.app.close());

const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => (await call(t.app, method, url, admin, body)).body;
const count = async (table: typeof sysUser | typeof sysDept | typeof sysConfig) => (await t.app.deps.store.db.select().from(table)).length;

it('a NUL in a user nickName is refused on add and edit, nothing written', async () => {
  const users = await count(sysUser);
  expect(await send('POST', '/system/user', { userName: 'nuluser', nickName: '张\u0000三', password: 'abc12345' }))
    .toEqual({ code: 500, msg: '用户昵称不能包含控制字符' });
  expect(await count(sysUser)).toBe(users);
  expect(firstRow(await t.app.deps.store.db.select().from(sysUser).where(eq(sysUser.userName, 'nuluser')).limit(1))).toBeUndefined();

  const before = firstRow(await t.app.deps.store.db.select().from(sysUser).where(eq(sysUser.userId, 2)).limit(1))!;
  expect(await send('PUT', '/system/user', { userId: 2, nickName: '若依\u001b[2J' })).toEqual({ code: 500, msg: '用户昵称不能包含控制字符' });
  expect(firstRow(await t.app.deps.store.db.select().from(sysUser).where(eq(sysUser.userId, 2)).limit(1))).toEqual(before);
});

it('a NUL in a dept name is refused, nothing written', async () => {
  const depts = await count(sysDept);
  expect(await send('POST', '/system/dept', { parentId: 100, deptName: '财务\u0000部', orderNum: 1 })).toEqual({ code: 500, msg: '部门名称不能包含控制字符' });
  expect(await count(sysDept)).toBe(depts);
});

it('a NUL in a config value is refused; line breaks in it are kept', async () => {
  const configs = await count(sysConfig);
  expect(await send('POST', '/system/config', { configName: '测试参数', configKey: 'test.nul', configValue: 'on\u0000' }))
    .toEqual({ code: 500, msg: '参数键值不能包含控制字符' });
  expect(await send('POST', '/system/config', { configName: '测试\n参数', configKey: 'test.nul', configValue: 'on' }))
    .toEqual({ code: 500, msg: '参数名称不能包含控制字符' });
  expect(await count(sysConfig)).toBe(configs);
  expect((await send('POST', '/system/config', { configName: '测试参数', configKey: 'test.multi', configValue: '第一行\r\n第二行', remark: '说明\n两行' })).code).toBe(200);
  expect(firstRow(await t.app.deps.store.db.select().from(sysConfig).where(eq(sysConfig.configKey, 'test.multi')).limit(1)))
    .toMatchObject({ configValue: '第一行\r\n第二行', remark: '说明\n两行' });
});

it('control characters in search filters, workflow comments and library names are refused', async () => {
  expect(await send('GET', '/system/user/list?userName=%00')).toEqual({ code: 500, msg: '用户账号不能包含控制字符' });
  expect(await send('GET', '/system/dept/list?deptName=a%07')).toEqual({ code: 500, msg: '查询条件不能包含控制字符' });
  expect(await send('POST', '/flowable/expression', { name: '表达式\u0000', expression: '${a}', dataType: 'fixed' }))
    .toEqual({ code: 500, msg: '表达式名称不能包含控制字符' });
  expect(await send('POST', '/flowable/task/complete', { taskId: 'none', comment: '同意\u0000' }))
    .toEqual({ code: 500, msg: '审批意见不能包含控制字符' });
});
