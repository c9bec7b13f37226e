/**
 * Login log and operation log over REST (reference §1 lockout, §2 Monitor, §3 sys_logininfor /
 * sys_oper_log): lists with filters, delete, clean, unlock, xlsx export, bad input, 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { sysLogininfor, sysOperLog } from '../../server/db/schema';
import { readXlsx } from '../../server/core/excel';
import { restRoutes } from '../../server/rest/routes';
import { firstRow } from '../../server/db/store/results';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) => call(t.app, method, url, token, payload).then((r) => r.body);
const tryLogin = (username: string, password: string) => call(t.app, 'POST', '/login', undefined, { username, password }).then((r) => r.body);
const exportRows = async (url: string, form: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/caishui-api${url}`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  return readXlsx(res.rawPayload);
};
const n = async (table: typeof sysLogininfor | typeof sysOperLog) => firstRow(await t.app.deps.store.db.select({ n: count() }).from(table))!.n;

describe('login log', () => {
  it('lists attempts newest first with filters', async () => {
    await tryLogin('ry', 'wrong-pass');
    await login(t.app, 'ry');
    const list = await api('GET', '/monitor/logininfor/list');
    expect(list).toMatchObject({ code: 200, msg: '查询成功', total: 3 });
    expect(list.rows.map((r: { msg: string }) => r.msg)).toEqual(['登录成功', '密码输入错误1次', '登录成功']);
    expect((await api('GET', '/monitor/logininfor/list?status=1')).rows.map((r: { userName: string }) => r.userName)).toEqual(['ry']);
    expect((await api('GET', '/monitor/logininfor/list?userName=adm')).total).toBe(1);
    expect((await api('GET', '/monitor/logininfor/list?ipaddr=127.0')).total).toBe(3);
    expect((await api('GET', '/monitor/logininfor/list?params%5BbeginTime%5D=2026-11-22&params%5BendTime%5D=2026-11-22')).total).toBe(3);
    expect((await api('GET', '/monitor/logininfor/list?endTime=2026-11-21')).total).toBe(0);
    expect((await api('GET', '/monitor/logininfor/list?orderByColumn=infoId&isAsc=asc')).rows[0].userName).toBe('admin');
  });

  it('unlocks an account locked by wrong passwords', async () => {
    for (let i = 0; i < 5; i++) await tryLogin('ry', 'wrong-pass');
    expect((await tryLogin('ry', 'admin123')).msg).toBe('密码输入错误5次，帐户锁定10分钟');
    expect(await api('GET', '/monitor/logininfor/unlock/ry')).toEqual({ code: 200, msg: '操作成功' });
    expect((await tryLogin('ry', 'admin123')).code).toBe(200);
    expect((await api('POST', '/monitor/logininfor/unlock/ry')).code).toBe(200);
    const log = (await api('GET', '/monitor/operlog/list?title=账户解锁')).rows[0];
    expect(log).toMatchObject({ businessType: 0, operUrl: '/caishui-api/monitor/logininfor/unlock/ry' });
  });

  it('exports, deletes by ids and cleans', async () => {
    const rows = await exportRows('/monitor/logininfor/export', 'status=1');
    expect(rows.length).toBe(7);
    expect(rows[0]).toMatchObject({ 用户账号: 'ry', 登录状态: '失败', 登录地点: '内网IP' });
    const ids = (await api('GET', '/monitor/logininfor/list?pageSize=2')).rows.map((r: { infoId: number }) => r.infoId);
    const before = await n(sysLogininfor);
    expect(await api('POST', `/monitor/logininfor/delete/${ids.join(',')}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await n(sysLogininfor)).toBe(before - 2);
    expect((await api('DELETE', `/monitor/logininfor/${ids[0]}`)).msg).toBe('操作失败');
    expect(await api('POST', '/monitor/logininfor/clean')).toEqual({ code: 200, msg: '操作成功' });
    expect(await n(sysLogininfor)).toBe(0);
    await login(t.app, 'ry');
    expect((await api('DELETE', '/monitor/logininfor/clean')).code).toBe(200);
    expect(await n(sysLogininfor)).toBe(0);
  });
});

describe('operation log', () => {
  it('records writes and lists them with filters', async () => {
    await api('POST', '/system/post', { postCode: 'acc', postName: '会计', postSort: 5 });
    await api('POST', '/system/post', { postCode: 'acc', postName: '会计', postSort: 5 });
    const list = await api('GET', '/monitor/operlog/list?title=岗位');
    expect(list.total).toBe(2);
    expect(list.rows[0]).toMatchObject({ title: '岗位管理', businessType: 1, status: 1, errorMsg: "新增岗位'会计'失败，岗位名称已存在", operName: 'admin', deptName: '研发部门' });
    expect(list.rows[1]).toMatchObject({ status: 0, operParam: '{"postCode":"acc","postName":"会计","postSort":5}' });
    expect((await api('GET', '/monitor/operlog/list?title=岗位&status=0')).total).toBe(1);
    expect((await api('GET', '/monitor/operlog/list?businessType=1&operName=adm')).total).toBe(2);
    expect((await api('GET', '/monitor/operlog/list?title=岗位&businessType=3')).total).toBe(0);
    expect((await api('GET', '/monitor/operlog/list?title=登录日志&businessType=3')).total).toBe(2);
    const bad = await api('GET', '/monitor/operlog/list?businessType=abc');
    expect(bad.code).toBe(500);
    expect(bad.msg).toContain('businessType');
  });

  it('exports, deletes by ids and cleans (the clean itself is logged)', async () => {
    const rows = await exportRows('/monitor/operlog/export', 'title=岗位');
    expect(rows.map((r) => [r['操作模块'], r['业务类型'], r['状态']])).toEqual([['岗位管理', '新增', '异常'], ['岗位管理', '新增', '正常']]);
    const id = (await api('GET', '/monitor/operlog/list?title=岗位')).rows[0].operId;
    expect(await api('DELETE', `/monitor/operlog/${id}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await api('GET', '/monitor/operlog/list?title=岗位')).total).toBe(1);
    expect(await api('POST', '/monitor/operlog/clean')).toEqual({ code: 200, msg: '操作成功' });
    const after = await api('GET', '/monitor/operlog/list');
    expect(after.rows.map((r: { title: string; businessType: number }) => [r.title, r.businessType])).toEqual([['操作日志', 9]]);
  });
});

describe('permissions', () => {
  it('answers 403 on every log row without the permission', async () => {
    await makeUserWithPerms(t.app, 'nolog', ['system:user:list']);
    const nobody = await login(t.app, 'nolog');
    const rows = restRoutes.filter((r) => r.path.startsWith('/monitor/logininfor') || r.path.startsWith('/monitor/operlog'));
    expect(rows.length).toBe(9);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const body = await api(method, path.replace(':userName', 'ry').replace(/:\w+/g, '1'), method === 'GET' ? undefined : {}, nobody);
        expect(body, `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
    await makeUserWithPerms(t.app, 'logreader', ['monitor:logininfor:list', 'monitor:operlog:list']);
    const reader = await login(t.app, 'logreader');
    expect((await api('GET', '/monitor/logininfor/list', undefined, reader)).code).toBe(200);
    expect((await api('POST', '/monitor/operlog/clean', {}, reader)).code).toBe(403);
    expect((await api('GET', '/monitor/logininfor/unlock/ry', undefined, reader)).code).toBe(403);
  });
});
