/**
 * Issue 15 constraints on the read caches (server/modules/common/read-cache.ts): the user list's
 * pages (user-list.repo.ts `pageCache`), the dictionary lookups and the workflow lists' user names
 * (flowable/names.ts `personCache`) are answered from memory, yet
 * - a write made by this process, through a service or by hand-written SQL on its connection,
 *   shows on the very next request;
 * - a write made by another process or script on the same file shows within EXTERNAL_POLL_MS
 *   (read-cache.sqlite.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUsers } from '../../server/modules/system/user/user-list.repo';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { USER_PAGE as LIST, sexLabels, userPage as list } from '../helpers/cache-probes';

describe('same process: the next request sees every write', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.app.close());

  it('user list pages follow service writes and hand-written SQL on the same connection', async () => {
    const first = await list(t.app, admin);
    expect(first.code).toBe(200);
    expect(await list(t.app, admin)).toEqual(first);

    const added = await call(t.app, 'POST', '/system/user', admin, { userName: 'cache_new', nickName: '缓存新人', password: 'abc123456', deptId: 105 });
    expect(added.body.code).toBe(200);
    const second = await list(t.app, admin);
    expect(second.total).toBe(first.total + 1);
    expect(second.rows[0].userName).toBe('cache_new');
    expect(second.rows[0].dept?.deptName).toBe('测试部门');

    // The joined dept name changes through the dept service.
    const dept = (await call(t.app, 'GET', '/system/dept/105', admin)).body.data;
    expect((await call(t.app, 'PUT', '/system/dept', admin, { ...dept, deptName: '测试二部' })).body.code).toBe(200);
    expect((await list(t.app, admin)).rows[0].dept?.deptName).toBe('测试二部');

    // SQL by hand through the app's own store (no service involved).
    await t.app.deps.store.run("UPDATE sys_user SET nick_name = '手改昵称' WHERE user_name = 'cache_new'");
    expect((await list(t.app, admin)).rows[0].nickName).toBe('手改昵称');
    await t.app.deps.store.run("UPDATE sys_user SET del_flag = '2' WHERE user_name = 'cache_new'");
    const after = await list(t.app, admin);
    expect(after.total).toBe(first.total);
    expect(after.rows.some((r) => r.userName === 'cache_new')).toBe(false);
  });

  it('dictionary lookups follow hand-written SQL on the same connection', async () => {
    expect(await sexLabels(t.app, admin)).toEqual(['男', '女', '未知']);
    await t.app.deps.store.run("UPDATE sys_dict_data SET dict_label = '男性' WHERE dict_type = 'sys_user_sex' AND dict_value = '0'");
    expect(await sexLabels(t.app, admin)).toEqual(['男性', '女', '未知']);
  });

  it('to-do rows name the start user as the user and dept are named now', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="t">
<process id="cacheNames" name="缓存名称" isExecutable="true"><startEvent id="s" name="开始"/>
<userTask id="a" name="审批" flowable:assignee="\${INITIATOR}"/><endEvent id="e" name="结束"/>
<sequenceFlow id="f1" sourceRef="s" targetRef="a"/><sequenceFlow id="f2" sourceRef="a" targetRef="e"/></process></definitions>`;
    const saved = await call(t.app, 'POST', '/flowable/definition/save', admin, { name: '缓存名称', category: 'oa', xml });
    expect(saved.body.code).toBe(200);
    expect((await call(t.app, 'POST', `/flowable/definition/start/${saved.body.data.definitionId}`, admin, {})).body.code).toBe(200);
    const names = async () => ((await call(t.app, 'GET', '/flowable/task/todoList?pageNum=1&pageSize=10', admin)).body.rows as { startUserName: string; startDeptName: string }[])
      .map((r) => `${r.startUserName}/${r.startDeptName}`);
    const before = await names();
    expect(before).toHaveLength(1);
    expect(await names()).toEqual(before);
    await t.app.deps.store.run("UPDATE sys_user SET nick_name = '新昵称' WHERE user_id = 1");
    expect((await names())[0]).toMatch(/^新昵称\//);
    await t.app.deps.store.run("UPDATE sys_dept SET dept_name = '新部门' WHERE dept_id = (SELECT dept_id FROM sys_user WHERE user_id = 1)");
    expect(await names()).toEqual(['新昵称/新部门']);
  });

  it('a page serialised once answers byte for byte as the envelope built afresh, filled or hit', async () => {
    await t.app.deps.store.run("UPDATE sys_user SET remark = remark WHERE user_id = 1"); // the next read fills the cache
    const fill = await t.app.inject({ method: 'GET', url: `/caishui-api${LIST}`, headers: { authorization: `Bearer ${admin}` } });
    const hit = await t.app.inject({ method: 'GET', url: `/caishui-api${LIST}`, headers: { authorization: `Bearer ${admin}` } });
    const page = await listUsers(t.app.deps.store, { pageNum: 1, pageSize: 10, orderByColumn: 'userId', isAsc: 'desc' });
    const expected = JSON.stringify({ code: 200, msg: '查询成功', rows: page.rows.map((r) => ({ ...r, dept: r.dept && { ...r.dept } })), total: page.total });
    expect(fill.body).toBe(expected);
    expect(hit.body).toBe(expected);
    expect(fill.headers['content-type']).toBe('application/json; charset=utf-8');
    // tRPC (the browser) gets the same rows from the kept objects.
    const trpc = await t.app.inject({ method: 'GET', url: `/caishui-api/trpc/system.user.list?input=${encodeURIComponent(JSON.stringify({ pageNum: 1, pageSize: 10, orderByColumn: 'userId', isAsc: 'desc' }))}`, headers: { authorization: `Bearer ${admin}` } });
    expect(trpc.json().result.data).toEqual({ total: page.total, rows: JSON.parse(expected).rows });
  });

  it('a cached page is frozen: a caller cannot change what the next caller gets', async () => {
    const page = await listUsers(t.app.deps.store, { pageNum: 1, pageSize: 10 });
    expect(Object.isFrozen(page) && Object.isFrozen(page.rows) && Object.isFrozen(page.rows[0])).toBe(true);
    expect(() => { (page.rows[0] as { nickName: string }).nickName = 'x'; }).toThrow(TypeError);
    expect(await listUsers(t.app.deps.store, { pageNum: 1, pageSize: 10 })).toBe(page);
  });
});

