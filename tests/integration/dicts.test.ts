/**
 * Dictionaries over REST (reference §2 Dictionaries; spec §4, §5): types (unique dictType, rename
 * cascades to data, delete refused while data exists, refreshCache, optionselect, export) and
 * data (list, `type/{dictType}` from the per-type cache dropped on change, required labels,
 * export), bad input, 403 on every guarded row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { call, login, makeTestApp, type TestApp } from '../helpers/app';
import { makeUserWithPerms } from '../helpers/factories';
import { sysDictData, sysDictType } from '../../server/db/schema';
import { readXlsx } from '../../server/core/excel';
import { dictCache } from '../../server/modules/system/dict/dict.cache';
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
const labels = async (type: string) => (await api('GET', `/system/dict/data/type/${type}`)).data.map((d: { dictLabel: string }) => d.dictLabel);
const exportRows = async (url: string, form: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/caishui-api${url}`, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  expect(res.headers['content-disposition']).toMatch(/data_\d+\.xlsx/);
  return readXlsx(res.rawPayload);
};

describe('dictionary types', () => {
  it('pages, filters, gets and lists options', async () => {
    const page = await api('GET', '/system/dict/type/list?pageSize=3');
    expect(page).toMatchObject({ code: 200, msg: '查询成功' });
    expect(page.rows.map((r: { dictType: string }) => r.dictType)).toEqual(['sys_user_sex', 'sys_show_hide', 'sys_normal_disable']);
    expect((await api('GET', '/system/dict/type/list?dictType=job')).rows.map((r: { dictId: number }) => r.dictId)).toEqual([4, 5]);
    expect((await api('GET', '/system/dict/type/list?params%5BbeginTime%5D=2026-11-23')).total).toBe(0);
    expect((await api('GET', '/system/dict/type/1')).data).toMatchObject({ dictName: '用户性别', dictType: 'sys_user_sex' });
    expect((await api('GET', '/system/dict/type/optionselect')).data.length).toBe(page.total);
  });

  it('adds with a unique type, renames the data with the type, refuses deleting a type with data', async () => {
    const r = await api('POST', '/system/dict/type', { dictName: '纳税人类型', dictType: 'tax_payer_type' });
    expect(r.code).toBe(200);
    const id = r.data.dictId;
    expect(await api('POST', '/system/dict/type', { dictName: '重复', dictType: 'tax_payer_type' })).toEqual({ code: 500, msg: "新增字典'重复'失败，字典类型已存在" });
    expect((await api('POST', '/system/dict/type', { dictName: 'x', dictType: 'Bad-Type' })).msg).toBe('字典类型必须以字母开头，且只能为（小写字母，数字，下滑线）');
    await api('POST', '/system/dict/data', { dictType: 'tax_payer_type', dictLabel: '一般纳税人', dictValue: '1', dictSort: 1 });
    await api('POST', '/system/dict/data', { dictType: 'tax_payer_type', dictLabel: '小规模纳税人', dictValue: '2', dictSort: 2 });
    expect(await labels('tax_payer_type')).toEqual(['一般纳税人', '小规模纳税人']);
    expect(await api('POST', '/system/dict/type/update', { dictId: id, dictName: '纳税人', dictType: 'sys_user_sex' })).toEqual({ code: 500, msg: "修改字典'纳税人'失败，字典类型已存在" });
    expect(await api('PUT', '/system/dict/type', { dictId: id, dictName: '纳税人类别', dictType: 'tax_payer_kind' })).toEqual({ code: 200, msg: '操作成功' });
    expect(await labels('tax_payer_type')).toEqual([]);
    expect(await labels('tax_payer_kind')).toEqual(['一般纳税人', '小规模纳税人']);
    expect(await api('POST', `/system/dict/type/delete/${id}`)).toEqual({ code: 500, msg: '纳税人类别已分配,不能删除' });
    const empty = (await api('POST', '/system/dict/type', { dictName: '空类型', dictType: 'empty_type' })).data.dictId;
    expect(await api('DELETE', `/system/dict/type/${empty}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(firstRow(await t.app.deps.store.db.select().from(sysDictType).where(eq(sysDictType.dictId, empty)).limit(1))).toBeUndefined();
  });

  it('refreshes the cache (POST and the RuoYi DELETE form)', async () => {
    await labels('sys_yes_no');
    expect(dictCache.keys(t.app.deps.store)).toContain('sys_yes_no');
    expect(await api('POST', '/system/dict/type/refreshCache')).toEqual({ code: 200, msg: '操作成功' });
    expect(dictCache.keys(t.app.deps.store)).toEqual([]);
    expect((await api('DELETE', '/system/dict/type/refreshCache')).code).toBe(200);
  });

  it('exports the matching types', async () => {
    const rows = await exportRows('/system/dict/type/export', 'dictType=sys_job');
    expect(rows).toEqual([
      { 字典主键: '4', 字典名称: '任务状态', 字典类型: 'sys_job_status', 状态: '正常' },
      { 字典主键: '5', 字典名称: '任务分组', 字典类型: 'sys_job_group', 状态: '正常' },
    ]);
  });
});

describe('dictionary data', () => {
  it('answers a type’s entries as JSON serialised once per cached type, the same over REST and tRPC', async () => {
    const headers = { authorization: `Bearer ${admin}` };
    const rest = await t.app.inject({ method: 'GET', url: '/caishui-api/system/dict/data/type/sys_user_sex', headers });
    expect(rest.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = rest.json();
    expect(Object.keys(body)).toEqual(['code', 'msg', 'data']);
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    expect(body.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(['男', '女', '未知']);
    const input = encodeURIComponent(JSON.stringify({ dictType: 'sys_user_sex' }));
    const trpc = await t.app.inject({ method: 'GET', url: `/caishui-api/trpc/system.dict.data.byType?input=${input}`, headers });
    expect(trpc.json().result.data).toEqual(body.data);
    // The cached entries are frozen: the JSON text can never disagree with them.
    const cached = dictCache.peek(t.app.deps.store, 'sys_user_sex');
    expect(cached && Object.isFrozen(cached.value) && cached.value.every((row) => Object.isFrozen(row))).toBe(true);
    expect(JSON.parse(cached!.json)).toEqual(body.data);
    // A type without entries answers an empty list.
    expect((await api('GET', '/system/dict/data/type/no_such_type')).data).toEqual([]);
  });

  it('lists, gets and answers enabled entries of a type by sort', async () => {
    const page = await api('GET', '/system/dict/data/list?dictType=sys_oper_type&pageSize=3');
    expect(page.total).toBe(10);
    expect(page.rows.map((r: { dictLabel: string }) => r.dictLabel)).toEqual(['新增', '修改', '删除']);
    expect((await api('GET', '/system/dict/data/1')).data).toMatchObject({ dictLabel: '男', dictType: 'sys_user_sex' });
    expect(await labels('sys_user_sex')).toEqual(['男', '女', '未知']);
    expect(await labels('no_such_type')).toEqual([]);
  });

  it('drops the cache of exactly the changed type, so a new label shows at once', async () => {
    const db = t.app.deps.store.db;
    expect(await labels('sys_user_sex')).toEqual(['男', '女', '未知']);
    expect(await labels('sys_show_hide')).toEqual(['显示', '隐藏']);
    expect(dictCache.keys(t.app.deps.store)).toEqual(expect.arrayContaining(['sys_user_sex', 'sys_show_hide']));
    const r = await api('POST', '/system/dict/data/update', { dictCode: 3, dictType: 'sys_user_sex', dictLabel: '保密', dictValue: '2', dictSort: 3, listClass: 'info' });
    expect(r).toEqual({ code: 200, msg: '操作成功' });
    expect(dictCache.keys(t.app.deps.store)).not.toContain('sys_user_sex');
    expect(dictCache.keys(t.app.deps.store)).toContain('sys_show_hide');
    expect(await labels('sys_user_sex')).toEqual(['男', '女', '保密']);
    // disabling hides an entry; adding and deleting show at once too
    await api('PUT', '/system/dict/data', { dictCode: 2, dictType: 'sys_user_sex', dictLabel: '女', dictValue: '1', dictSort: 2, status: '1' });
    expect(await labels('sys_user_sex')).toEqual(['男', '保密']);
    const added = (await api('POST', '/system/dict/data', { dictType: 'sys_user_sex', dictLabel: '其他', dictValue: '9', dictSort: 0 })).data.dictCode;
    expect(await labels('sys_user_sex')).toEqual(['其他', '男', '保密']);
    expect(await api('POST', `/system/dict/data/delete/${added}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await labels('sys_user_sex')).toEqual(['男', '保密']);
    // the entry keeps fields the edit did not send
    expect(firstRow(await db.select().from(sysDictData).where(eq(sysDictData.dictCode, 3)).limit(1))).toMatchObject({ listClass: 'info', isDefault: 'N', remark: '性别未知' });
  });

  it('requires label, value and sort (spec §5) and writes nothing on bad input', async () => {
    const n = async () => firstRow(await t.app.deps.store.db.select({ n: count() }).from(sysDictData))!.n;
    const before = await n();
    const base = { dictType: 'sys_yes_no', dictLabel: 'L', dictValue: 'V', dictSort: 1 };
    expect(await api('POST', '/system/dict/data', { ...base, dictLabel: '' })).toEqual({ code: 500, msg: '数据标签不能为空' });
    expect(await api('POST', '/system/dict/data', { ...base, dictValue: undefined })).toEqual({ code: 500, msg: '数据键值不能为空' });
    expect(await api('POST', '/system/dict/data', { ...base, dictSort: null })).toEqual({ code: 500, msg: '数据顺序不能为空' });
    expect((await api('POST', '/system/dict/data', { ...base, listClass: 'pink' })).msg).toContain('listClass');
    expect((await api('GET', '/system/dict/data/list?pageSize=0')).msg).toContain('pageSize');
    expect(await n()).toBe(before);
  });

  it('exports the matching entries', async () => {
    const rows = await exportRows('/system/dict/data/export', 'dictType=sys_yes_no');
    expect(rows.map((r) => [r['字典标签'], r['字典键值'], r['是否默认']])).toEqual([['是', 'Y', '是'], ['否', 'N', '否']]);
  });
});

describe('permissions', () => {
  it('answers 403 on every guarded dictionary row; type/{dictType} needs only a session', async () => {
    await makeUserWithPerms(t.app, 'nodict', ['system:user:list']);
    const nobody = await login(t.app, 'nodict');
    const rows = restRoutes.filter((r) => r.path.startsWith('/system/dict'));
    expect(rows.length).toBe(15);
    for (const r of rows) {
      for (const { method, path } of [r, ...(r.aliases ?? [])]) {
        const url = path.replace(':dictType', 'sys_yes_no').replace(/:\w+/g, '1');
        const payload = method === 'GET' ? undefined : { dictId: 1, dictCode: 1, dictName: 'q', dictType: 'q', dictLabel: 'q', dictValue: 'q', dictSort: 1 };
        if (path === '/system/dict/data/type/:dictType') {
          expect((await api(method, url, payload, nobody)).data).toHaveLength(2);
          expect((await call(t.app, method, url)).body.code).toBe(401);
        } else {
          expect(await api(method, url, payload, nobody), `${method} ${path}`).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
        }
      }
    }
  });
});
