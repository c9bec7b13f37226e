/**
 * Config over REST (reference §2 Config): list, get, `configKey/{key}` (value in msg), add / edit
 * with a unique key, built-in entries refused on delete, refreshCache, export; the config cache
 * (captcha and register switches follow a change at once; direct SQL and rolled-back writes never
 * leave a stale value; SQLite's synchronous reader: config.sqlite.test.ts); bad input; 403 on
 * every guarded row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUser, makeUserWithPerms } from '../helpers/factories';
import { sysConfig } from '../../server/db/schema';
import { readXlsx } from '../../server/core/excel';
import { firstRow } from '../../server/db/store/results';
import { configCache } from '../../server/modules/system/config/config.cache';
import { configValue } from '../../server/modules/system/config/config.repo';
import { restRoutes } from '../../server/rest/routes';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp({ CAPTCHA_ENABLED: undefined });
  const { answer, uuid } = await t.app.deps.captcha.create(t.clock.now());
  admin = (await call(t.app, 'POST', '/login', undefined, { username: 'admin', password: 'admin123', code: answer, uuid })).body.token;
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);
const configs = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysConfig))!.n;

describe('config', () => {
  it('lists, gets and answers a value in msg', async () => {
    expect((await api('GET', '/system/config/list')).total).toBe(11);
    expect((await api('GET', '/system/config/list?configKey=account&configType=Y')).rows.map((r: { configId: number }) => r.configId)).toEqual([4, 5]);
    expect((await api('GET', '/system/config/2')).data).toMatchObject({ configKey: 'sys.user.initPassword', configValue: '123456', configType: 'Y' });
    expect(await api('GET', '/system/config/configKey/sys.index.sideTheme')).toEqual({ code: 200, msg: 'theme-dark' });
    expect(await api('GET', '/system/config/configKey/no.such.key')).toEqual({ code: 200, msg: '' });
  });

  it('adds with a unique key, edits (key renames drop both), refuses deleting built-ins', async () => {
    const r = await api('POST', '/system/config', { configName: '税率', configKey: 'tax.rate', configValue: '0.06' });
    expect(r.code).toBe(200);
    expect(await api('GET', '/system/config/configKey/tax.rate')).toEqual({ code: 200, msg: '0.06' });
    expect(await api('POST', '/system/config', { configName: '税率2', configKey: 'tax.rate', configValue: '1' })).toEqual({ code: 500, msg: "新增参数'税率2'失败，参数键名已存在" });
    expect(await api('POST', '/system/config/update', { configId: r.data.configId, configName: '税率', configKey: 'sys.user.initPassword', configValue: '1' }))
      .toEqual({ code: 500, msg: "修改参数'税率'失败，参数键名已存在" });
    expect((await api('PUT', '/system/config', { configId: r.data.configId, configName: '增值税率', configKey: 'tax.vat', configValue: '0.13' })).code).toBe(200);
    expect((await api('GET', '/system/config/configKey/tax.rate')).msg).toBe('');
    expect((await api('GET', '/system/config/configKey/tax.vat')).msg).toBe('0.13');
    const before = await configs();
    expect(await api('POST', `/system/config/delete/${r.data.configId},3`)).toEqual({ code: 500, msg: '内置参数【sys.index.sideTheme】不能删除' });
    expect(await configs()).toBe(before);
    expect(await api('DELETE', `/system/config/${r.data.configId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await api('GET', '/system/config/configKey/tax.vat')).msg).toBe('');
  });

  it('turns the captcha and register switches at once, without restart', async () => {
    expect((await api('GET', '/captchaImage')).captchaEnabled).toBe(true);
    expect((await api('POST', '/system/config/update', { configId: 4, configName: '账号自助-验证码开关', configKey: 'sys.account.captchaEnabled', configValue: 'false' })).code).toBe(200);
    expect(await api('GET', '/captchaImage')).toEqual({ code: 200, msg: '操作成功', captchaEnabled: false, registerEnabled: false });
    expect((await call(t.app, 'POST', '/register', undefined, { username: 'newbie', password: 'secret1' })).body.msg).toBe('当前系统没有开启注册功能！');
    await api('POST', '/system/config/update', { configId: 5, configName: '账号自助-是否开启用户注册功能', configKey: 'sys.account.registerUser', configValue: 'true' });
    expect((await api('GET', '/captchaImage')).registerEnabled).toBe(true);
    expect((await call(t.app, 'POST', '/register', undefined, { username: 'newbie', password: 'secret1' })).body.code).toBe(200);
    expect((await api('GET', '/system/config/5')).data.configType).toBe('Y');
  });

  it('keeps the cache across requests and never serves a stale or rolled-back value', async () => {
    const { store } = t.app.deps;
    await api('POST', '/system/config/refreshCache');
    expect(configCache.keys(t.app.deps.store)).toEqual([]);
    expect(await configValue(store, 'sys.user.initPassword')).toBe('123456');
    await api('GET', '/getInfo');
    expect(configCache.keys(t.app.deps.store)).toContain('sys.user.initPassword');
    await store.db.update(sysConfig).set({ configValue: 'direct' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    expect(await configValue(t.app.deps.store, 'sys.user.initPassword')).toBe('direct');
    // A value read inside a store transaction that rolls back is not kept (issue 43).
    await expect(store.transaction(async () => {
      await store.db.update(sysConfig).set({ configValue: 'rolled back too' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
      expect(await configValue(store, 'sys.user.initPassword')).toBe('rolled back too');
      throw new Error('abort');
    })).rejects.toThrow('abort');
    expect(await configValue(store, 'sys.user.initPassword')).toBe('direct');
    expect((await api('DELETE', '/system/config/refreshCache')).code).toBe(200);
  });

  it('exports the matching entries', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/system/config/export', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'configKey=sys.index' });
    const rows = await readXlsx(res.rawPayload);
    expect(rows.map((r) => [r['参数键名'], r['参数键值'], r['系统内置']])).toEqual([['sys.index.skinName', 'skin-blue', '是'], ['sys.index.sideTheme', 'theme-dark', '是']]);
  });

  it('names the bad field and writes nothing', async () => {
    const before = await configs();
    expect(await api('POST', '/system/config', { configName: 'n', configValue: 'v' })).toEqual({ code: 500, msg: '参数键名不能为空' });
    expect(await api('POST', '/system/config', { configName: 'n', configKey: 'k', configValue: '' })).toEqual({ code: 500, msg: '参数键值不能为空' });
    expect((await api('POST', '/system/config', { configName: 'n', configKey: 'k', configValue: 'v', configType: 'X' })).msg).toContain('configType');
    expect((await api('POST', '/system/config/delete/x')).msg).toContain('ids');
    expect(await configs()).toBe(before);
  });

  it('answers 403 on every guarded config row; configKey of a sys.index.* key needs only a session', async () => {
    await makeUserWithPerms(t.app, 'noconfig', ['system:user:list']);
    const nobody = await login(t.app, 'noconfig');
    const rows = restRoutes.filter((r) => r.path.startsWith('/system/config'));
    expect(rows.length).toBe(8);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const url = path.replace(':configKey', 'sys.index.skinName').replace(/:\w+/g, '1');
        const payload = method === 'GET' ? undefined : { configId: 1, configName: 'q', configKey: 'q', configValue: 'q' };
        if (path === '/system/config/configKey/:configKey') {
          expect(await api(method, url, payload, nobody)).toEqual({ code: 200, msg: 'skin-blue' });
          expect((await call(t.app, method, url)).body.code).toBe(401);
        } else {
          expect(await api(method, url, payload, nobody), `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
        }
      }
    }
  });

  it('configKey: the initial password and other entries only with a permission that needs them', async () => {
    expect((await api('POST', '/system/config', { configName: '税局接口密钥', configKey: 'tax.bureau.appSecret', configValue: 's3cr3t' })).code).toBe(200);
    await makeUser(t.app, { userName: 'keynorole' });
    await makeUserWithPerms(t.app, 'keyadder', ['system:user:add']);
    await makeUserWithPerms(t.app, 'keyreader', ['system:config:query']);
    const [none, adder, reader] = await Promise.all(['keynorole', 'keyadder', 'keyreader'].map((u) => login(t.app, u)));
    const value = (key: string, token: string) => api('GET', `/system/config/configKey/${key}`, undefined, token);
    const initPwd = await configValue(t.app.deps.store, 'sys.user.initPassword');
    expect(initPwd).toBeTruthy();
    const denied = { code: 403, msg: '没有权限，请联系管理员授权' };
    // No role: the main frame's look only; unknown keys are refused too (no probing for keys).
    expect(await value('sys.user.initPassword', none)).toEqual(denied);
    expect(await value('tax.bureau.appSecret', none)).toEqual(denied);
    expect(await value('sys.login.blackIPList', none)).toEqual(denied);
    expect(await value('no.such.key', none)).toEqual(denied);
    expect(await value('SYS.USER.INITPASSWORD', none)).toEqual(denied);
    expect(await value('sys.index.sideTheme', none)).toEqual({ code: 200, msg: 'theme-dark' });
    // The user screen's add dialog fills in the initial password; nothing else comes with it.
    expect(await value('sys.user.initPassword', adder)).toEqual({ code: 200, msg: initPwd });
    expect(await value('tax.bureau.appSecret', adder)).toEqual(denied);
    // The config screen's read permission reads every key.
    expect(await value('tax.bureau.appSecret', reader)).toEqual({ code: 200, msg: 's3cr3t' });
    expect(await value('sys.user.initPassword', reader)).toEqual({ code: 200, msg: initPwd });
    expect(await value('no.such.key', reader)).toEqual({ code: 200, msg: '' });
    // The same rule over tRPC (the browser).
    const input = encodeURIComponent(JSON.stringify({ configKey: 'sys.user.initPassword' }));
    const trpc = await t.app.inject({ method: 'GET', url: `/caishui-api/trpc/system.config.configKey?input=${input}`, headers: { authorization: `Bearer ${none}` } });
    expect(trpc.json().error).toMatchObject({ message: '没有权限，请联系管理员授权', data: { appCode: 403 } });
    expect(JSON.stringify(trpc.json())).not.toContain(initPwd);
  });
});
