/**
 * Session rows over REST (api-contract "Session"; reference §1): captcha, public key, login with
 * plain and RSA passwords, lockout, logout, register, sliding idle expiry, login log.
 */
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { sysConfig, sysLogininfor, sysUser } from '../../server/db/schema';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
beforeEach(async () => { t = await makeTestApp(); });
afterEach(async () => { await t.app.close(); });

const lastLog = async () => firstRow(await t.app.deps.store.db.select().from(sysLogininfor).orderBy(desc(sysLogininfor.infoId)).limit(1));
const setConfig = async (key: string, value: string) =>
  await t.app.deps.store.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, key));

describe('captcha', () => {
  it('is off when CAPTCHA_ENABLED=false, whatever the config says', async () => {
    const { body } = await call(t.app, 'GET', '/captchaImage');
    expect(body).toEqual({ code: 200, msg: '操作成功', captchaEnabled: false, registerEnabled: false });
  });

  it('follows the config entry without restart, and each answer works once within 2 minutes', async () => {
    const app = (await makeTestApp({ CAPTCHA_ENABLED: undefined })).app;
    const { body } = await call(app, 'GET', '/captchaImage');
    expect(body.captchaEnabled).toBe(true);
    expect(Buffer.from(body.img, 'base64').toString('latin1', 1, 4)).toBe('PNG');
    // wrong answer → 验证码错误, and the uuid is spent
    const wrong = await call(app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: '999', uuid: body.uuid });
    expect(wrong.body).toEqual({ code: 500, msg: '验证码错误' });
    const again = await call(app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: '1', uuid: body.uuid });
    expect(again.body.msg).toBe('验证码已失效');
    await app.deps.store.db.update(sysConfig).set({ configValue: 'false' }).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
    expect((await call(app, 'GET', '/captchaImage')).body.captchaEnabled).toBe(false);
    await app.close();
  });

  it('accepts the right answer once and refuses it after 2 minutes', async () => {
    const app = await makeTestApp({ CAPTCHA_ENABLED: true });
    const first = await app.app.deps.captcha.create(app.clock.now());
    const ok = await call(app.app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: first.answer, uuid: first.uuid });
    expect(ok.body.code).toBe(200);
    const late = await app.app.deps.captcha.create(app.clock.now());
    app.clock.advance(2 * 60 * 1000 + 1);
    const expired = await call(app.app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: late.answer, uuid: late.uuid });
    expect(expired.body).toEqual({ code: 500, msg: '验证码已失效' });
    await app.app.close();
  });
});

describe('login', () => {
  it('answers a token for a plain password and writes 登录成功', async () => {
    const { body } = await call(t.app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: '', uuid: '' });
    expect(body.code).toBe(200);
    expect(body.token.split('.')).toHaveLength(3);
    expect(await lastLog()).toMatchObject({ userName: 'admin', status: '0', msg: '登录成功' });
    const user = firstRow(await t.app.deps.store.db.select().from(sysUser).where(eq(sysUser.userId, 1)).limit(1))!;
    expect(user.loginDate).toBe('2026-11-22 09:00:00');
  });

  it('decrypts an rsa: password made with GET /publicKey', async () => {
    const { body } = await call(t.app, 'GET', '/publicKey');
    const key = crypto.createPublicKey({ key: Buffer.from(body.publicKey, 'base64'), format: 'der', type: 'spki' });
    const cipher = crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('admin123'));
    const res = await call(t.app, 'POST', '/login', undefined, { username: 'admin', password: `rsa:${cipher.toString('base64')}` });
    expect(res.body.code).toBe(200);
    const bad = await call(t.app, 'POST', '/login', undefined, { username: 'admin', password: 'rsa:AAAA' });
    expect(bad.body).toEqual({ code: 500, msg: '用户不存在/密码错误' });
  });

  it('refuses unknown users, wrong passwords, bad lengths and disabled or deleted users with the reference texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'nobody', password: 'admin123' }, '用户不存在/密码错误'],
      [{ username: 'admin', password: 'wrong-pass' }, '用户不存在/密码错误'],
      [{ username: 'admin', password: '1234' }, '用户不存在/密码错误'],
      [{ username: 'a', password: 'admin123' }, '用户不存在/密码错误'],
      [{ password: 'admin123' }, '请输入您的账号'],
      [{ username: 'admin' }, '请输入您的密码'],
      [{ username: 123, password: 'admin123' }, '请输入您的账号'],
    ];
    for (const [payload, msg] of cases) expect((await call(t.app, 'POST', '/login', undefined, payload)).body).toEqual({ code: 500, msg });
    await t.app.deps.store.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, 2));
    expect((await call(t.app, 'POST', '/login', undefined, { username: 'ry', password: 'admin123' })).body.msg).toBe('用户已封禁，请联系管理员');
    await t.app.deps.store.db.update(sysUser).set({ delFlag: '2', status: '0' }).where(eq(sysUser.userId, 2));
    expect((await call(t.app, 'POST', '/login', undefined, { username: 'ry', password: 'admin123' })).body.msg).toBe('对不起，您的账号已被删除');
    expect(await lastLog()).toMatchObject({ userName: 'ry', status: '1', msg: '对不起，您的账号已被删除' });
  });

  it('locks the account for 10 minutes after 5 wrong passwords', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'POST', '/login', undefined, { username: 'ry', password: 'wrong-pass' })).body.msg).toBe('用户不存在/密码错误');
    }
    const locked = await call(t.app, 'POST', '/login', undefined, { username: 'ry', password: 'admin123' });
    expect(locked.body).toEqual({ code: 500, msg: '密码输入错误5次，帐户锁定10分钟' });
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await call(t.app, 'POST', '/login', undefined, { username: 'ry', password: 'admin123' })).body.code).toBe(200);
  });

  it('answers a readable error for malformed JSON and never crashes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 500, msg: '请求体不是合法的 JSON' });
  });

  it('blocks addresses on sys.login.blackIPList', async () => {
    await setConfig('sys.login.blackIPList', '10.0.0.1;127.0.0.*');
    expect((await call(t.app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123' })).body.msg).toBe('很遗憾，访问IP已被列入系统黑名单');
  });
});

describe('session', () => {
  it('logout ends the session: the same token then answers 401', async () => {
    const token = await login(t.app);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.code).toBe(200);
    expect((await call(t.app, 'POST', '/logout', token)).body).toEqual({ code: 200, msg: '退出成功' });
    const after = await call(t.app, 'GET', '/getInfo', token);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ code: 401, msg: '登录状态已过期' });
    expect(await lastLog()).toMatchObject({ userName: 'admin', msg: '退出成功' });
  });

  it('expires after 30 idle minutes and slides forward on use', async () => {
    const token = await login(t.app);
    t.clock.advance(25 * 60 * 1000);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.code).toBe(200);
    t.clock.advance(25 * 60 * 1000);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.code).toBe(200);
    t.clock.advance(30 * 60 * 1000 + 1);
    expect((await call(t.app, 'GET', '/getInfo', token)).body.code).toBe(401);
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await call(t.app, 'GET', '/getInfo')).body).toEqual({ code: 401, msg: '请求访问：/caishui-api/getInfo，认证失败，无法访问系统资源' });
    expect((await call(t.app, 'GET', '/getRouters', 'abc.def.ghi')).body.code).toBe(401);
  });
});

describe('register', () => {
  it('is refused while sys.account.registerUser is false', async () => {
    const res = await call(t.app, 'POST', '/register', undefined, { username: 'zhang', password: 'secret1', confirmPassword: 'secret1' });
    expect(res.body).toEqual({ code: 500, msg: '当前系统没有开启注册功能！' });
  });

  it('creates a user that can sign in, with the spec rules', async () => {
    await setConfig('sys.account.registerUser', 'true');
    const short = await call(t.app, 'POST', '/register', undefined, { username: 'z', password: 'secret1', confirmPassword: 'secret1' });
    expect(short.body.msg).toBe('用户账号长度必须介于 2 和 20 之间');
    const pw = await call(t.app, 'POST', '/register', undefined, { username: 'zhang', password: '1234', confirmPassword: '1234' });
    expect(pw.body.msg).toBe('用户密码长度必须介于 5 和 20 之间');
    const diff = await call(t.app, 'POST', '/register', undefined, { username: 'zhang', password: 'secret1', confirmPassword: 'secret2' });
    expect(diff.body.msg).toBe('两次输入的密码不一致');
    const ok = await call(t.app, 'POST', '/register', undefined, { username: 'zhang', password: 'secret1', confirmPassword: 'secret1' });
    expect(ok.body).toEqual({ code: 200, msg: '操作成功' });
    const dup = await call(t.app, 'POST', '/register', undefined, { username: 'zhang', password: 'secret1', confirmPassword: 'secret1' });
    expect(dup.body.msg).toBe("保存用户'zhang'失败，注册账号已存在");
    const token = await login(t.app, 'zhang', 'secret1');
    const info = await call(t.app, 'GET', '/getInfo', token);
    expect(info.body.roles).toEqual(['ROLE_DEFAULT']);
    expect(info.body.permissions).toEqual([]);
    expect(info.body.user).not.toHaveProperty('password');
    expect((await call(t.app, 'GET', '/getRouters', token)).body).toEqual({ code: 200, msg: '操作成功', data: [] });
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const send = (app: typeof t.app) => app.inject({ method: 'POST', url: '/caishui-api/login', headers: { 'x-forwarded-for': '203.0.113.9' }, payload: { username: 'admin', password: 'admin123' } });
    await send(t.app);
    expect((await lastLog())!.ipaddr).toBe('127.0.0.1');
    const proxied = await makeTestApp({ TRUST_PROXY: true });
    await send(proxied.app);
    const row = firstRow(await proxied.app.deps.store.db.select().from(sysLogininfor).orderBy(desc(sysLogininfor.infoId)).limit(1));
    expect(row!.ipaddr).toBe('203.0.113.9');
    await proxied.app.close();
  });
});
