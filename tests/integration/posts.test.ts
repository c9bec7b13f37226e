/**
 * Posts over REST (reference §2 Posts): paged list, get, add / edit with unique name and code,
 * delete refused while assigned, optionselect, xlsx export, bad input, 403 on every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { sysPost } from '../../server/db/schema';
import { readXlsx, XLSX_TYPE } from '../../server/core/excel';
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
const posts = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysPost))!.n;

describe('posts', () => {
  it('pages and filters', async () => {
    const page = await api('GET', '/system/post/list?pageNum=2&pageSize=3');
    expect(page).toMatchObject({ code: 200, msg: '查询成功', total: 4 });
    expect(page.rows.map((p: { postCode: string }) => p.postCode)).toEqual(['user']);
    expect((await api('GET', '/system/post/list?postName=经理')).rows.map((p: { postId: number }) => p.postId)).toEqual([2]);
    expect((await api('GET', '/system/post/list?orderByColumn=postSort&isAsc=desc')).rows[0].postCode).toBe('user');
    expect(await api('GET', '/system/post/list?orderByColumn=nope')).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
    expect((await api('GET', '/system/post/optionselect')).data).toHaveLength(4);
    expect((await api('GET', '/system/post/3')).data).toMatchObject({ postId: 3, postCode: 'hr', postName: '人力资源' });
  });

  it('adds and edits with unique name and code', async () => {
    const r = await api('POST', '/system/post', { postCode: 'cfo', postName: '财务总监', postSort: 5, remark: '管钱' });
    expect(r.code).toBe(200);
    const id = r.data.postId;
    expect(await api('POST', '/system/post', { postCode: 'x1', postName: '财务总监', postSort: 6 })).toEqual({ code: 500, msg: "新增岗位'财务总监'失败，岗位名称已存在" });
    expect(await api('POST', '/system/post', { postCode: 'cfo', postName: '别名', postSort: 6 })).toEqual({ code: 500, msg: "新增岗位'别名'失败，岗位编码已存在" });
    expect(await api('POST', '/system/post/update', { postId: id, postCode: 'ceo', postName: '财务总监', postSort: 5 })).toEqual({ code: 500, msg: "修改岗位'财务总监'失败，岗位编码已存在" });
    expect(await api('PUT', '/system/post', { postId: id, postCode: 'cfo', postName: '首席财务官', postSort: 5, status: '1' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await api('GET', `/system/post/${id}`)).data).toMatchObject({ postName: '首席财务官', status: '1', remark: '管钱', updateBy: 'admin' });
  });

  it('refuses deleting an assigned post (all or nothing) and deletes free ones', async () => {
    const id = (await api('POST', '/system/post', { postCode: 'tmp', postName: '临时工', postSort: 9 })).data.postId;
    const before = await posts();
    expect(await api('POST', `/system/post/delete/${id},1`)).toEqual({ code: 500, msg: '董事长已分配,不能删除' });
    expect(await posts()).toBe(before);
    expect(await api('DELETE', `/system/post/${id},4`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await posts()).toBe(before - 2);
    expect((await api('POST', '/system/post/delete/9999')).msg).toBe('操作失败');
  });

  it('names the bad field and writes nothing', async () => {
    const before = await posts();
    expect(await api('POST', '/system/post', { postName: 'n', postSort: 1 })).toEqual({ code: 500, msg: '岗位编码不能为空' });
    expect(await api('POST', '/system/post', { postCode: 'c', postName: 'n' })).toEqual({ code: 500, msg: '显示顺序不能为空' });
    expect((await api('POST', '/system/post', { postCode: 'c', postName: 'n', postSort: 'x' })).msg).toContain('postSort');
    expect((await api('POST', '/system/post', { postCode: 'c'.repeat(65), postName: 'n', postSort: 1 })).msg).toBe('岗位编码长度不能超过64个字符');
    expect((await api('POST', '/system/post/delete/a,b')).msg).toContain('ids');
    expect(await posts()).toBe(before);
  });

  it('exports the matching posts as xlsx', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/caishui-api/system/post/export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=0&pageNum=1&pageSize=10',
    });
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="data_\d+\.xlsx"/);
    const rows = await readXlsx(res.rawPayload);
    expect(rows.map((r) => r['岗位编码'])).toEqual(['ceo', 'se', 'hr']);
    expect(rows[0]).toMatchObject({ 岗位序号: '1', 岗位名称: '董事长', 状态: '正常' });
  });

  it('answers 403 on every post row without the permission', async () => {
    await makeUserWithPerms(t.app, 'nopost', ['system:user:list']);
    const nobody = await login(t.app, 'nopost');
    const rows = restRoutes.filter((r) => r.path.startsWith('/system/post'));
    expect(rows.length).toBe(7);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const body = await api(method, path.replace(/:\w+/g, '2'), method === 'GET' ? undefined : { postId: 2, postCode: 'q', postName: 'q', postSort: 1 }, nobody);
        expect(body, `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
  });
});
