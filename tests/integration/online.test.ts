/**
 * Online users over REST (reference §1 "Online users"): live sessions with filters, expired ones
 * left out, force logout (the token then answers 401, the operation log records 强退), 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { restRoutes } from '../../server/rest/routes';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await login(t.app);
});
afterAll(async () => { await t.app.close(); });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin) => call(t.app, method, url, token).then((r) => r.body);
const online = async (qs = '') => (await api('GET', `/monitor/online/list${qs}`)).rows as Record<string, string>[];

describe('online users', () => {
  it('lists live sessions with RuoYi row fields and filters', async () => {
    await login(t.app, 'ry');
    const rows = await online();
    expect(rows.map((r) => r.userName).sort()).toEqual(['admin', 'ry']);
    const ry = rows.find((r) => r.userName === 'ry')!;
    expect(Object.keys(ry).sort()).toEqual(['browser', 'deptName', 'ipaddr', 'loginLocation', 'loginTime', 'os', 'tokenId', 'userName']);
    expect(ry).toMatchObject({ deptName: '测试部门', ipaddr: '127.0.0.1', loginLocation: '内网IP', loginTime: '2026-11-22 09:00:00' });
    expect((await online('?userName=ry')).map((r) => r.userName)).toEqual(['ry']);
    expect(await online('?ipaddr=10.0.0.9')).toEqual([]);
    expect((await api('GET', '/monitor/online/list')).total).toBe(2);
  });

  it('leaves out expired sessions', async () => {
    const late = await login(t.app, 'ry');
    expect((await online('?userName=ry')).length).toBe(2);
    t.clock.advance(20 * 60 * 1000);
    await online(); // admin's session slides forward
    t.clock.advance(11 * 60 * 1000);
    // both ry sessions were idle for 31 minutes, admin's for 11
    expect((await online()).map((r) => r.userName)).toEqual(['admin']);
    expect((await call(t.app, 'GET', '/getInfo', late)).body.code).toBe(401);
  });

  it('forces a logout: the token answers 401 and the log says 强退', async () => {
    const ryToken = await login(t.app, 'ry');
    expect((await call(t.app, 'GET', '/getInfo', ryToken)).body.code).toBe(200);
    const { tokenId } = (await online('?userName=ry'))[0];
    expect(await api('POST', `/monitor/online/delete/${tokenId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await call(t.app, 'GET', '/getInfo', ryToken)).body).toEqual({ code: 401, msg: '登录状态已过期' });
    expect(await online('?userName=ry')).toEqual([]);
    const log = (await api('GET', '/monitor/operlog/list?title=在线用户')).rows[0];
    expect(log).toMatchObject({ businessType: 7, status: 0, operParam: JSON.stringify({ tokenId }) });
    // the RuoYi form DELETE /monitor/online/{tokenId}
    const again = await login(t.app, 'ry');
    expect(await api('DELETE', `/monitor/online/${(await online('?userName=ry'))[0].tokenId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await call(t.app, 'GET', '/getInfo', again)).body.code).toBe(401);
  });

  it('answers 403 without the permission on every online row', async () => {
    await makeUserWithPerms(t.app, 'noonline', ['system:user:list']);
    const nobody = await login(t.app, 'noonline');
    const rows = restRoutes.filter((r) => r.path.startsWith('/monitor/online'));
    expect(rows.length).toBe(2);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        expect(await api(method, path.replace(/:\w+/g, 'abc'), nobody), `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
    await makeUserWithPerms(t.app, 'watcher', ['monitor:online:list']);
    const watcher = await login(t.app, 'watcher');
    const mine = (await api('GET', '/monitor/online/list?userName=watcher', watcher)).rows;
    expect(mine).toHaveLength(1);
    expect((await api('POST', `/monitor/online/delete/${mine[0].tokenId}`, watcher)).code).toBe(403);
  });
});
