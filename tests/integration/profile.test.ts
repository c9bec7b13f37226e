/**
 * Personal centre `/system/user/profile` (platform spec §2 Profile, §5, §7; reference §2):
 * the card, basic info with the spec's validation texts and uniqueness, the password change in
 * query and body forms, and the avatar upload (image by extension and bytes, stored under
 * UPLOAD_DIR/avatar/yyyy/MM/dd, never elsewhere).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, multipartPayload, TINY_PNG } from '../helpers/factories';
import { sysUser, sysUserPost } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let uploadDir: string;
let admin: string;
let ry: string;
beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caishui-profile-'));
  t = await makeTestApp({ UPLOAD_DIR: uploadDir });
  admin = await login(t.app);
  ry = await login(t.app, 'ry');
});
afterAll(async () => {
  await t.app.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const userOf = async (userName: string) => firstRow(await t.app.deps.store.db.select().from(sysUser).where(eq(sysUser.userName, userName)).limit(1))!;

describe('GET /system/user/profile', () => {
  it('answers the user with dept and roles, and the role and post names', async () => {
    await t.app.deps.store.db.insert(sysUserPost).values({ userId: 1, postId: 2 });
    const { body } = await call(t.app, 'GET', '/system/user/profile', admin);
    expect(body).toMatchObject({
      code: 200, roleGroup: '超级管理员', postGroup: '董事长,项目经理',
      data: { userId: 1, userName: 'admin', nickName: '若依', email: 'ry@163.com', dept: { deptName: '研发部门' }, roles: [{ roleKey: 'admin' }] },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|\$2a\$/);
    expect((await call(t.app, 'GET', '/system/user/profile', ry)).body).toMatchObject({ roleGroup: '普通角色', postGroup: '项目经理', data: { userName: 'ry' } });
    expect((await call(t.app, 'GET', '/system/user/profile')).body.code).toBe(401);
  });
});

describe('basic info', () => {
  const info = { nickName: '测试员', email: 'tester@example.com', phonenumber: '13912345678', sex: '0' };

  it('saves own nickname, e-mail, phone and sex (PUT alias too), without any permission', async () => {
    await makeUser(t.app, { userName: 'plain1' });
    const tok = await login(t.app, 'plain1');
    expect((await call(t.app, 'POST', '/system/user/profile/update', tok, info)).body).toEqual({ code: 200, msg: '操作成功' });
    expect(await userOf('plain1')).toMatchObject({ ...info, updateBy: 'plain1' });
    expect((await call(t.app, 'PUT', '/system/user/profile', tok, { ...info, nickName: '测试员二', sex: undefined })).body.code).toBe(200);
    expect(await userOf('plain1')).toMatchObject({ nickName: '测试员二', sex: '0' });
  });

  it('validates with the spec §5 texts and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...info, nickName: '' }, '用户昵称不能为空'],
      [{ ...info, nickName: 'x'.repeat(31) }, '用户昵称长度不能超过30个字符'],
      [{ ...info, email: '' }, '邮箱地址不能为空'],
      [{ ...info, email: 'bad@' }, '请输入正确的邮箱地址'],
      [{ ...info, email: `${'a'.repeat(45)}@ex.com` }, '邮箱长度不能超过50个字符'],
      [{ ...info, phonenumber: undefined }, '手机号码不能为空'],
      [{ ...info, phonenumber: '12345678901' }, '请输入正确的手机号码'],
      [{ ...info, sex: '5' }, 'sex'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(t.app, 'POST', '/system/user/profile/update', ry, body);
      expect(res.body.code, msg).toBe(500);
      expect(res.body.msg).toContain(msg);
    }
    expect(await userOf('ry')).toMatchObject({ nickName: '测试员', email: 'ry@qq.com', phonenumber: '15666666666' });
  });

  it('refuses a phone or e-mail of another user', async () => {
    expect((await call(t.app, 'POST', '/system/user/profile/update', ry, { ...info, phonenumber: '15888888888' })).body)
      .toEqual({ code: 500, msg: "修改用户'ry'失败，手机号码已存在" });
    expect((await call(t.app, 'POST', '/system/user/profile/update', ry, { ...info, phonenumber: '15666666666', email: 'ry@163.com' })).body)
      .toEqual({ code: 500, msg: "修改用户'ry'失败，邮箱账号已存在" });
    expect((await call(t.app, 'POST', '/system/user/profile/update', ry, { ...info, nickName: '若依', email: 'ry@qq.com', phonenumber: '15666666666' })).body.code).toBe(200);
  });
});

describe('password change', () => {
  it('checks the old password, refuses the same password and bad lengths', async () => {
    await makeUser(t.app, { userName: 'pwd1' });
    const tok = await login(t.app, 'pwd1');
    const q = (qs: string) => call(t.app, 'POST', `/system/user/profile/updatePwd?${qs}`, tok);
    expect((await q('oldPassword=wrong12&newPassword=newpass1')).body).toEqual({ code: 500, msg: '修改密码失败，旧密码错误' });
    expect((await q('oldPassword=admin123&newPassword=admin123')).body).toEqual({ code: 500, msg: '新密码不能与旧密码相同' });
    expect((await q('oldPassword=admin123&newPassword=12345')).body).toEqual({ code: 500, msg: '长度在 6 到 20 个字符' });
    expect((await q('oldPassword=admin123&newPassword=' + 'x'.repeat(21))).body).toEqual({ code: 500, msg: '长度在 6 到 20 个字符' });
    expect((await q('newPassword=newpass1')).body).toEqual({ code: 500, msg: '旧密码不能为空' });
    expect((await q('oldPassword=admin123')).body).toEqual({ code: 500, msg: '新密码不能为空' });
    expect((await call(t.app, 'POST', '/system/user/profile/updatePwd', tok, { oldPassword: 'admin123', newPassword: 'newpass1', confirmPassword: 'other12' })).body)
      .toEqual({ code: 500, msg: '两次输入的密码不一致' });
    expect(await login(t.app, 'pwd1', 'admin123')).toBeTruthy();
  });

  it('changes the password (query form, then body form on the PUT alias)', async () => {
    const tok = await login(t.app, 'pwd1');
    expect((await call(t.app, 'POST', '/system/user/profile/updatePwd?oldPassword=admin123&newPassword=newpass1', tok)).body).toEqual({ code: 200, msg: '操作成功' });
    await expect(login(t.app, 'pwd1', 'admin123')).rejects.toThrow();
    expect(await login(t.app, 'pwd1', 'newpass1')).toBeTruthy();
    expect((await call(t.app, 'PUT', '/system/user/profile/updatePwd', tok, { oldPassword: 'newpass1', newPassword: 'newpass2', confirmPassword: 'newpass2' })).body.code).toBe(200);
    expect(await login(t.app, 'pwd1', 'newpass2')).toBeTruthy();
  });
});

describe('avatar', () => {
  const send = async (token: string, file: { filename: string; contentType?: string; data: Buffer }, field = 'avatarfile') => {
    const { payload, headers } = multipartPayload({ [field]: file });
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/system/user/profile/avatar', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    return res.json() as { code: number; msg: string; imgUrl?: string };
  };
  const FORMAT = '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。';
  const files = () => (fs.existsSync(path.join(uploadDir, 'avatar')) ? fs.readdirSync(path.join(uploadDir, 'avatar'), { recursive: true }).filter((f) => /\.\w+$/.test(String(f))) : []);

  it('stores a PNG under UPLOAD_DIR/avatar/yyyy/MM/dd and sets the user avatar', async () => {
    const res = await send(admin, { filename: 'me.png', contentType: 'image/png', data: TINY_PNG });
    expect(res).toMatchObject({ code: 200, msg: '操作成功' });
    expect(res.imgUrl).toMatch(/^\/profile\/avatar\/2026\/11\/22\/\d{14}_[0-9a-f]{32}\.png$/);
    const stored = path.join(uploadDir, res.imgUrl!.replace('/profile/', ''));
    expect(fs.readFileSync(stored).equals(TINY_PNG)).toBe(true);
    expect((await userOf('admin')).avatar).toBe(res.imgUrl);
    expect((await call(t.app, 'GET', '/getInfo', admin)).body.user.avatar).toBe(res.imgUrl);
  });

  it('accepts the cropper blob (no extension, image/png) and removes the previous file', async () => {
    const before = (await userOf('admin')).avatar;
    const res = await send(admin, { filename: 'blob', contentType: 'image/png', data: TINY_PNG });
    expect(res.code).toBe(200);
    expect(fs.existsSync(path.join(uploadDir, before.replace('/profile/', '')))).toBe(false);
    expect(files()).toHaveLength(1);
  });

  it('refuses anything that is not an image by name and bytes, storing nothing', async () => {
    const count = files().length;
    const avatar = (await userOf('ry')).avatar;
    expect(await send(ry, { filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') })).toEqual({ code: 500, msg: FORMAT });
    expect(await send(ry, { filename: 'fake.png', contentType: 'image/png', data: Buffer.from('not an image at all') })).toEqual({ code: 500, msg: FORMAT });
    expect(await send(ry, { filename: 'real.txt', contentType: 'image/png', data: TINY_PNG })).toEqual({ code: 500, msg: FORMAT });
    expect(await send(ry, { filename: 'x.svg', contentType: 'image/svg+xml', data: Buffer.from('<svg/>') })).toEqual({ code: 500, msg: FORMAT });
    expect((await userOf('ry')).avatar).toBe(avatar);
    expect(files().length).toBe(count);
  });

  it('names the file itself: a hostile client name never moves it out of UPLOAD_DIR/avatar', async () => {
    const count = files().length;
    const avatar = (await userOf('ry')).avatar;
    expect(await send(ry, { filename: '../../evil.png', contentType: 'image/png', data: Buffer.from('GIF89a......') })).toMatchObject({ code: 200 });
    expect((await userOf('ry')).avatar).not.toBe(avatar);
    expect((await userOf('ry')).avatar).toMatch(/^\/profile\/avatar\/2026\/11\/22\/\d{14}_[0-9a-f]{32}\.gif$/);
    expect(files().length).toBe(count + 1);
    expect(fs.readdirSync(uploadDir)).toEqual(['avatar']);
  });

  it('refuses an empty file or a missing field', async () => {
    expect(await send(ry, { filename: 'e.png', contentType: 'image/png', data: Buffer.alloc(0) })).toEqual({ code: 500, msg: '上传图片异常，请联系管理员' });
    expect(await send(ry, { filename: 'a.png', contentType: 'image/png', data: TINY_PNG }, 'file')).toEqual({ code: 500, msg: '上传图片异常，请联系管理员' });
    expect((await call(t.app, 'POST', '/system/user/profile/avatar')).body.code).toBe(401);
  });
});
