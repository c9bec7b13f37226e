/**
 * Issue 38 §7: user names and nick names refuse U+202E (right-to-left override) and the other
 * bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) as they refuse
 * control characters (用户账号不能包含控制字符 / 用户昵称不能包含控制字符), on add, edit, profile
 * and self-registration, and nothing is written. Over REST with inject().
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { sysConfig, sysUser } from '../../server/db/schema';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => t.app.close());

const BIDI = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const send = async (method: 'POST' | 'PUT', url: string, body: object, token: string | undefined = admin) => (await call(t.app, method, url, token, body)).body;
const users = async () => await t.app.deps.store.db.select().from(sysUser);

it('a user name or nick name with any bidi control is refused on add and edit, nothing written', async () => {
  const before = await users();
  for (const c of BIDI) {
    expect(await send('POST', '/system/user', { userName: `evil${c}gpj.exe`, nickName: '张三', password: 'abc12345' })).toEqual({ code: 500, msg: '用户账号不能包含控制字符' });
    expect(await send('POST', '/system/user', { userName: 'plainname', nickName: `张${c}三`, password: 'abc12345' })).toEqual({ code: 500, msg: '用户昵称不能包含控制字符' });
    expect(await send('PUT', '/system/user', { userId: 2, nickName: `若依${c}` })).toEqual({ code: 500, msg: '用户昵称不能包含控制字符' });
  }
  expect(await users()).toEqual(before);
  // Names with ordinary Chinese, Arabic or Hebrew letters stay allowed.
  expect((await send('POST', '/system/user', { userName: 'plainname', nickName: '张三 علي שלום', password: 'abc12345' })).code).toBe(200);
});

it('the profile form and self-registration refuse them too', async () => {
  const before = await users();
  expect(await send('PUT', '/system/user/profile', { nickName: 'admin\u202Enimda', email: '', phonenumber: '', sex: '0' })).toEqual({ code: 500, msg: '用户昵称不能包含控制字符' });
  await t.app.deps.store.db.update(sysConfig).set({ configValue: 'true' }).where(eq(sysConfig.configKey, 'sys.account.registerUser'));
  expect(await send('POST', '/register', { username: 'ad\u202Emin', password: 'abc12345', confirmPassword: 'abc12345' }, undefined)).toEqual({ code: 500, msg: '用户账号不能包含控制字符' });
  expect(await users()).toEqual(before);
});
