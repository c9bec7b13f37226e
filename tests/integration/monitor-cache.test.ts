/**
 * 缓存监控 over REST (issue 41 §5; RuoYi CacheController shapes): the overview, names, keys and
 * values of this process's caches, no secret in any value, the clears, the permission, bad input.
 * A clear reaching another process on the same SQLite file: monitor-cache.sqlite.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../server/app';
import { call, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';

const NAMES = ['login_tokens:', 'sys_config:', 'sys_dict:', 'captcha_codes:', 'bpmn_definitions:'];
const REMARKS = ['用户信息', '配置信息', '数据字典', '验证码', '流程定义'];

const get = async (app: BuiltApp, url: string, token: string) => (await call(app, 'GET', url, token)).body;
const del = async (app: BuiltApp, url: string, token: string) => (await call(app, 'DELETE', url, token)).body;
const keysOf = async (app: BuiltApp, name: string, token: string) => (await get(app, `/monitor/cache/getKeys/${name}`, token)).data as string[];

describe('缓存监控 in one process', () => {
  let t: TestApp;
  let admin: string;
  let captchaAnswer: string;
  let pendingUuid: string;
  beforeAll(async () => {
    t = await makeTestApp({ CAPTCHA_ENABLED: true });
    const forLogin = await t.app.deps.captcha.create(t.clock.now());
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: 'admin', password: 'admin123', code: forLogin.answer, uuid: forLogin.uuid } });
    admin = res.json().token;
    const pending = await t.app.deps.captcha.create(t.clock.now());
    pendingUuid = pending.uuid;
    captchaAnswer = pending.answer;
  });
  afterAll(() => t.app.close());

  it('GET /monitor/cache answers {info, dbSize, commandStats} as RuoYi, with our per-cache rows', async () => {
    await get(t.app, '/system/dict/data/type/sys_user_sex', admin);
    await get(t.app, '/system/dict/data/type/sys_user_sex', admin);
    const body = await get(t.app, '/monitor/cache', admin);
    expect(body.code).toBe(200);
    const { info, dbSize, commandStats, caches } = body.data;
    for (const k of ['redis_version', 'redis_mode', 'tcp_port', 'connected_clients', 'uptime_in_days', 'used_memory_human', 'used_cpu_user_children', 'maxmemory_human', 'aof_enabled', 'rdb_last_bgsave_status', 'instantaneous_input_kbps', 'instantaneous_output_kbps']) {
      expect(typeof info[k], k).toBe('string');
    }
    expect(info.redis_version).toBe(process.versions.node);
    expect(info.used_memory_human).toMatch(/^\d+(\.\d+)?[BKMG]$/);
    expect(dbSize).toBe(caches.reduce((n: number, c: { keyCount: number }) => n + c.keyCount, 0));
    expect(dbSize).toBeGreaterThanOrEqual(3); // admin's session, the dict type, the pending captcha
    expect(commandStats.map((s: { name: string }) => s.name)).toEqual(NAMES);
    for (const s of commandStats) expect(Object.keys(s).sort()).toEqual(['name', 'value']);
    const dict = caches.find((c: { cacheName: string }) => c.cacheName === 'sys_dict:');
    expect(dict).toMatchObject({ remark: '数据字典', keyCount: 1 });
    expect(dict.hits).toBeGreaterThanOrEqual(1);
    expect(dict.misses).toBeGreaterThanOrEqual(1);
    expect(dict.hitRatio).toBe(Math.round((dict.hits / (dict.hits + dict.misses)) * 10000) / 100);
    expect(dict.bytes).toBeGreaterThan(64);
    expect(commandStats.find((s: { name: string }) => s.name === 'sys_dict:').value).toBe(String(dict.hits));
  });

  it('getNames, getKeys and getValue answer RuoYi SysCache shapes', async () => {
    const names = (await get(t.app, '/monitor/cache/getNames', admin)).data as Record<string, unknown>[];
    expect(names.map((n) => n.cacheName)).toEqual(NAMES);
    expect(names.map((n) => n.remark)).toEqual(REMARKS);
    for (const n of names) expect(n).toMatchObject({ cacheKey: '', cacheValue: '', keyCount: expect.any(Number), bytes: expect.any(Number), hitRatio: expect.any(Number) });

    expect(await keysOf(t.app, 'sys_dict:', admin)).toEqual(['sys_dict:sys_user_sex']);
    const value = await get(t.app, '/monitor/cache/getValue/sys_dict:/sys_dict:sys_user_sex', admin);
    expect(value.code).toBe(200);
    expect(Object.keys(value.data).sort()).toEqual(['cacheKey', 'cacheName', 'cacheValue', 'remark']);
    expect(value.data).toMatchObject({ cacheName: 'sys_dict:', cacheKey: 'sys_dict:sys_user_sex' });
    expect((JSON.parse(value.data.cacheValue) as { dictLabel: string }[]).map((d) => d.dictLabel)).toEqual(['男', '女', '未知']);
    const absent = await get(t.app, '/monitor/cache/getValue/sys_dict:/sys_dict:nothing_here', admin);
    expect(absent.data).toEqual({ cacheName: 'sys_dict:', cacheKey: 'sys_dict:nothing_here', cacheValue: null, remark: '' });
  });

  it('no value shows a secret: sessions show who and where, captchas only their expiry', async () => {
    const sessionKeys = await keysOf(t.app, 'login_tokens:', admin);
    expect(sessionKeys).toHaveLength(1);
    const session = JSON.parse((await get(t.app, `/monitor/cache/getValue/login_tokens:/${sessionKeys[0]}`, admin)).data.cacheValue);
    expect(session).toMatchObject({ userName: 'admin', deptName: '研发部门', ipaddr: '127.0.0.1', loginTime: '2026-11-22 09:00:00' });
    expect(Object.keys(session)).not.toContain('password');

    expect(await keysOf(t.app, 'captcha_codes:', admin)).toEqual([`captcha_codes:${pendingUuid}`]);
    const captcha = JSON.parse((await get(t.app, `/monitor/cache/getValue/captcha_codes:/captcha_codes:${pendingUuid}`, admin)).data.cacheValue);
    expect(captcha).toEqual({ expireTime: '2026-11-22 09:02:00' });

    const passwordHash = (await t.app.deps.store.get<{ password: string }>("SELECT password FROM sys_user WHERE user_name = 'admin'"))!.password;
    for (const name of NAMES) {
      for (const key of await keysOf(t.app, name, admin)) {
        const text = JSON.stringify((await get(t.app, `/monitor/cache/getValue/${name}/${key}`, admin)).data);
        expect(text, key).not.toContain(admin);
        expect(text, key).not.toContain(admin.split('.')[0]);
        expect(text, key).not.toContain(passwordHash);
        expect(text, key).not.toMatch(/password|"answer"|eyJ/);
        if (name === 'captcha_codes:') expect(text).not.toContain(`"${captchaAnswer}"`);
      }
    }
  });

  it('清理: one key, one cache, everything; sessions stay signed in', async () => {
    await get(t.app, '/system/dict/data/type/sys_normal_disable', admin);
    expect(await keysOf(t.app, 'sys_dict:', admin)).toEqual(['sys_dict:sys_normal_disable', 'sys_dict:sys_user_sex']);
    expect(await del(t.app, '/monitor/cache/clearCacheKey/sys_dict:sys_user_sex', admin)).toEqual({ code: 200, msg: '操作成功' });
    expect(await keysOf(t.app, 'sys_dict:', admin)).toEqual(['sys_dict:sys_normal_disable']);
    expect(await del(t.app, '/monitor/cache/clearCacheName/sys_dict:', admin)).toEqual({ code: 200, msg: '操作成功' });
    expect(await keysOf(t.app, 'sys_dict:', admin)).toEqual([]);

    await get(t.app, '/system/dict/data/type/sys_user_sex', admin);
    expect(await del(t.app, '/monitor/cache/clearCacheAll', admin)).toEqual({ code: 200, msg: '操作成功' });
    expect(await keysOf(t.app, 'sys_dict:', admin)).toEqual([]);
    expect(await keysOf(t.app, 'captcha_codes:', admin)).toEqual([]);
    // The session was re-read from its row by this very request: nobody was signed out.
    expect((await get(t.app, '/monitor/online/list', admin)).total).toBe(1);
    expect(await keysOf(t.app, 'login_tokens:', admin)).toHaveLength(1);
    // The dict lookup still answers from the database.
    expect(((await get(t.app, '/system/dict/data/type/sys_user_sex', admin)).data as unknown[]).length).toBe(3);
  });

  it('refuses unknown names and keys of no cache with a Chinese message, clearing nothing', async () => {
    await get(t.app, '/system/dict/data/type/sys_user_sex', admin);
    expect(await del(t.app, '/monitor/cache/clearCacheName/nope:', admin)).toEqual({ code: 500, msg: '缓存名称不存在：nope:' });
    expect(await del(t.app, '/monitor/cache/clearCacheKey/nope:x', admin)).toEqual({ code: 500, msg: '缓存键名不属于任何缓存：nope:x' });
    expect(await get(t.app, '/monitor/cache/getKeys/nope:', admin)).toEqual({ code: 500, msg: '缓存名称不存在：nope:' });
    expect(await keysOf(t.app, 'sys_dict:', admin)).toEqual(['sys_dict:sys_user_sex']);
  });

  it('answers 403 without monitor:cache:list on every row', async () => {
    await makeUserWithPerms(t.app, 'no_cache', ['monitor:online:list']);
    const forLogin = await t.app.deps.captcha.create(t.clock.now());
    const res = await t.app.inject({ method: 'POST', url: '/caishui-api/login', payload: { username: 'no_cache', password: 'admin123', code: forLogin.answer, uuid: forLogin.uuid } });
    const nobody = res.json().token as string;
    expect(nobody).toBeTruthy();
    const refused = { code: 403, msg: '没有权限，请联系管理员授权' };
    for (const url of ['/monitor/cache', '/monitor/cache/getNames', '/monitor/cache/getKeys/sys_dict:', '/monitor/cache/getValue/sys_dict:/sys_dict:sys_user_sex']) {
      expect(await get(t.app, url, nobody), url).toEqual(refused);
    }
    for (const url of ['/monitor/cache/clearCacheName/sys_dict:', '/monitor/cache/clearCacheKey/sys_dict:sys_user_sex', '/monitor/cache/clearCacheAll']) {
      expect(await del(t.app, url, nobody), url).toEqual(refused);
    }
    expect(await keysOf(t.app, 'sys_dict:', admin)).toEqual(['sys_dict:sys_user_sex']);
  });
});

