/**
 * 通知公告 over REST (issue 41 §5; RuoYi NoticeController): the shapes RuoYi's client reads
 * (`{code,msg,rows,total}` list rows, `data` of get), add / edit / delete, RuoYi's validation texts,
 * numeric dict values, server-side sanitising of the rich-text content with its size cap, the
 * operation log, permissions (403 without them; ry of role 2 holds them), and the home page's
 * newest open notices for any signed-in user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { sysNotice, sysOperLog } from '../../server/db/schema';
import { flushAudit } from '../../server/core/audit';
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
const notices = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysNotice))!.n;

/** A tRPC query over HTTP GET, as the client's home page reads it. */
async function trpcGet(path: string, token: string, input?: unknown) {
  const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await t.app.inject({ method: 'GET', url: `/caishui-api/trpc/${path}${q}`, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
}

describe('notices', () => {
  it('lists the seeded notices with RuoYi\'s row shape and filters', async () => {
    const page = await api('GET', '/system/notice/list?pageNum=1&pageSize=10');
    expect(Object.keys(page).sort()).toEqual(['code', 'msg', 'rows', 'total']);
    expect(page).toMatchObject({ code: 200, msg: '查询成功', total: 2 });
    expect(Object.keys(page.rows[0]).sort()).toEqual(['createBy', 'createTime', 'noticeContent', 'noticeId', 'noticeTitle',
      'noticeType', 'remark', 'status', 'updateBy', 'updateTime']);
    expect(page.rows.find((r: { noticeId: number }) => r.noticeId === 1)).toMatchObject({
      noticeTitle: '温馨提醒：2018-07-01 若依新版本发布啦', noticeType: '2', noticeContent: '新版本内容', status: '0', createBy: 'admin', remark: '管理员',
    });
    expect((await api('GET', '/system/notice/list?noticeTitle=维护')).rows.map((r: { noticeId: number }) => r.noticeId)).toEqual([2]);
    expect((await api('GET', '/system/notice/list?noticeType=2')).rows.map((r: { noticeId: number }) => r.noticeId)).toEqual([1]);
    expect((await api('GET', '/system/notice/list?createBy=adm')).total).toBe(2);
    expect((await api('GET', '/system/notice/list?createBy=ry')).total).toBe(0);
    expect(await api('GET', '/system/notice/list?orderByColumn=nope')).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
    expect((await api('GET', '/system/notice/2')).data).toMatchObject({ noticeId: 2, noticeTitle: '维护通知：2018-07-01 若依系统凌晨维护', noticeType: '1' });
  });

  it('adds, edits (RuoYi PUT) and deletes (RuoYi DELETE, comma list), taking numbers as RuoYi\'s dialog may send', async () => {
    const r = await api('POST', '/system/notice', { noticeTitle: '放假通知', noticeType: 1, status: 0, noticeContent: '<p>国庆<strong>放假</strong></p>' });
    expect(r).toMatchObject({ code: 200, msg: '操作成功' });
    const id = r.data.noticeId;
    expect((await api('GET', `/system/notice/${id}`)).data).toMatchObject({
      noticeTitle: '放假通知', noticeType: '1', status: '0', noticeContent: '<p>国庆<strong>放假</strong></p>', createBy: 'admin', createTime: '2026-11-22 09:00:00',
    });
    // newest first
    expect((await api('GET', '/system/notice/list')).rows[0].noticeId).toBe(id);
    t.clock.advance(60_000);
    expect(await api('PUT', '/system/notice', { noticeId: id, noticeTitle: '放假通知（更新）', noticeType: '2', status: '1' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await api('GET', `/system/notice/${id}`)).data).toMatchObject({
      noticeTitle: '放假通知（更新）', noticeType: '2', status: '1', noticeContent: '<p>国庆<strong>放假</strong></p>', updateBy: 'admin', updateTime: '2026-11-22 09:01:00',
    });
    const id2 = (await api('POST', '/system/notice', { noticeTitle: '临时', noticeType: '1' })).data.noticeId;
    const before = await notices();
    expect(await api('DELETE', `/system/notice/${id},${id2}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await notices()).toBe(before - 2);
    expect(await api('GET', `/system/notice/${id}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await api('DELETE', '/system/notice/9999')).toEqual({ code: 500, msg: '操作失败' });
    expect(await api('PUT', '/system/notice', { noticeId: 9999, noticeTitle: 'x', noticeType: '1' })).toEqual({ code: 500, msg: '操作失败' });
  });

  it('refuses bad input with RuoYi\'s Chinese texts and writes nothing', async () => {
    const before = await notices();
    expect(await api('POST', '/system/notice', { noticeType: '1' })).toEqual({ code: 500, msg: '公告标题不能为空' });
    expect(await api('POST', '/system/notice', { noticeTitle: '  ', noticeType: '1' })).toEqual({ code: 500, msg: '公告标题不能为空' });
    expect(await api('POST', '/system/notice', { noticeTitle: '长'.repeat(51), noticeType: '1' })).toEqual({ code: 500, msg: '公告标题不能超过50个字符' });
    expect(await api('POST', '/system/notice', { noticeTitle: 'x' })).toEqual({ code: 500, msg: '公告类型不能为空' });
    expect((await api('POST', '/system/notice', { noticeTitle: 'x', noticeType: '3' })).msg).toContain('noticeType');
    expect((await api('POST', '/system/notice', { noticeTitle: 'x', noticeType: 1, status: 7 })).msg).toContain('status');
    expect(await api('POST', '/system/notice', { noticeTitle: 'x', noticeType: '1', noticeContent: `<p>${'长'.repeat(22_000)}</p>` }))
      .toEqual({ code: 500, msg: '公告内容不能超过64KB' });
    expect((await api('DELETE', '/system/notice/a,b')).msg).toContain('ids');
    expect(await notices()).toBe(before);
  });

  it('stores the content sanitised: no script, event handler, javascript: URL or style survives', async () => {
    const dirty = '<p onclick="steal()">正文<script>alert(1)</script><img src="x" onerror="alert(2)">'
      + '<a href="javascript:alert(3)">链接</a><span style="background:url(javascript:alert(4))">样式</span></p>'
      + '<iframe src="https://evil.example"></iframe><img src="/caishui-api/profile/upload/a.png" alt="图">';
    const id = (await api('POST', '/system/notice', { noticeTitle: '安全', noticeType: '1', noticeContent: dirty })).data.noticeId;
    const stored = (await api('GET', `/system/notice/${id}`)).data.noticeContent as string;
    expect(stored).toBe('<p>正文<img src="x" /><a>链接</a><span>样式</span></p><img src="/caishui-api/profile/upload/a.png" alt="图" />');
    for (const bad of ['script', 'onerror', 'onclick', 'javascript:', 'style', 'iframe']) expect(stored).not.toContain(bad);
    await api('PUT', '/system/notice', { noticeId: id, noticeTitle: '安全', noticeType: '1', noticeContent: '<b onmouseover="x()">粗</b>' });
    expect((await api('GET', `/system/notice/${id}`)).data.noticeContent).toBe('<b>粗</b>');
  });

  it('writes the operation log as 通知公告', async () => {
    await api('POST', '/system/notice', { noticeTitle: '日志', noticeType: '2' });
    await flushAudit(t.app.deps.store);
    const log = firstRow(await t.app.deps.store.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1))!;
    expect(log).toMatchObject({ title: '通知公告', businessType: 1, status: 0, operUrl: '/caishui-api/system/notice', requestMethod: 'POST' });
  });

  it('answers 403 on every notice row without the permission; ry (role 2) holds them', async () => {
    await makeUserWithPerms(t.app, 'nonotice', ['system:user:list']);
    const nobody = await login(t.app, 'nonotice');
    const rows = restRoutes.filter((r) => r.path.startsWith('/system/notice'));
    expect(rows.length).toBe(5);
    const before = await notices();
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const body = await api(method, path.replace(/:\w+/g, '1'), method === 'GET' ? undefined : { noticeId: 1, noticeTitle: 'q', noticeType: '1' }, nobody);
        expect(body, `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
      }
    }
    expect(await notices()).toBe(before);
    const ry = await login(t.app, 'ry');
    expect((await api('GET', '/system/notice/list', undefined, ry)).code).toBe(200);
    const id = (await api('POST', '/system/notice', { noticeTitle: 'ry 的公告', noticeType: '1' }, ry)).data.noticeId;
    expect((await api('GET', `/system/notice/${id}`, undefined, ry)).data).toMatchObject({ createBy: 'ry' });
    expect(await api('DELETE', `/system/notice/${id}`, undefined, ry)).toEqual({ code: 200, msg: '操作成功' });
  });

  it('home.notices: the 5 newest open notices for any signed-in user; home.notice opens an open one only', async () => {
    const nobody = await login(t.app, 'nonotice');
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) {
      t.clock.advance(1000);
      ids.push((await api('POST', '/system/notice', { noticeTitle: `公告${i}`, noticeType: '2', noticeContent: `<p>第${i}条</p>` })).data.noticeId);
    }
    await api('PUT', '/system/notice', { noticeId: ids[5], noticeTitle: '公告6', noticeType: '2', status: '1' });
    const home = await trpcGet('home.notices', nobody);
    expect(home.status).toBe(200);
    const list = home.body.result.data as Array<Record<string, unknown>>;
    expect(list.map((n) => n.noticeTitle)).toEqual(['公告5', '公告4', '公告3', '公告2', '公告1']);
    expect(Object.keys(list[0]).sort()).toEqual(['createBy', 'createTime', 'noticeId', 'noticeTitle', 'noticeType']);
    const one = await trpcGet('home.notice', nobody, { noticeId: ids[4] });
    expect(one.body.result.data).toMatchObject({ noticeTitle: '公告5', noticeContent: '<p>第5条</p>' });
    expect((await trpcGet('home.notice', nobody, { noticeId: ids[5] })).body.result.data).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/caishui-api/trpc/home.notices' })).statusCode).toBe(401);
  });
});
