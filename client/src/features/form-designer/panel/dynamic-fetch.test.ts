import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../../../shared/form/types';
import { fetchDynamicOptions, withFetchedOptions } from './dynamic-fetch';

const cascader = (config: Record<string, unknown>): FormField => ({
  __config__: { tag: 'el-cascader', layout: 'colFormItem', dataType: 'dynamic', method: 'get', dataPath: 'data', ...config },
  props: { props: { label: 'name', value: 'id', children: 'children' } },
});

const reply = (status: number, body: unknown) =>
  (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('fetchDynamicOptions', () => {
  it('needs a url', async () => {
    expect(await fetchDynamicOptions(cascader({ url: '' }), reply(200, []))).toEqual({ ok: false, error: '请输入接口地址' });
  });
  it('reads the list at dataPath with the configured keys', async () => {
    let called = '';
    const fetcher = (async (url: string, init: RequestInit) => {
      called = `${init.method} ${url}`;
      return new Response(JSON.stringify({ data: [{ id: '1', name: '浙江', children: [{ id: 2, name: '杭州' }] }] }));
    }) as unknown as typeof fetch;
    const out = await fetchDynamicOptions(cascader({ url: '/system/dept/treeselect', method: 'GET' }), fetcher);
    expect(called).toBe('GET /caishui-api/system/dept/treeselect');
    expect(out.ok).toBe(true);
    if (out.ok) {
      expect(out.options[0]).toMatchObject({ label: '浙江', value: 1 });
      expect(out.options[0].children?.[0]).toMatchObject({ label: '杭州', value: 2 });
    }
  });
  it('reports HTTP errors, non-lists and network failures', async () => {
    expect(await fetchDynamicOptions(cascader({ url: '/system/dept/list' }), reply(404, {}))).toEqual({ ok: false, error: '请求失败：404' });
    expect(await fetchDynamicOptions(cascader({ url: '/system/dept/list' }), reply(200, { data: { a: 1 } }))).toEqual({ ok: false, error: '返回的数据不是列表' });
    expect(await fetchDynamicOptions(cascader({ url: '/system/dept/list' }), reply(200, 'not json'))).toEqual({ ok: false, error: '返回的数据不是列表' });
    const broken = (async () => {
      throw new Error('offline');
    }) as unknown as typeof fetch;
    expect(await fetchDynamicOptions(cascader({ url: '/system/dept/list' }), broken)).toEqual({ ok: false, error: '请求失败：offline' });
  });
  it('sends nothing but a GET to a declared option source (issue 38 §1)', async () => {
    const sent: string[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      sent.push(`${init.method} ${url}`);
      return new Response('[]');
    }) as unknown as typeof fetch;
    expect(await fetchDynamicOptions(cascader({ url: '/system/user/authRole?userId=2&roleIds=1', method: 'post' }), fetcher)).toEqual({ ok: false, error: '请求方式只能是 GET' });
    expect(await fetchDynamicOptions(cascader({ url: '/system/user/authRole?userId=2&roleIds=1', method: 'get' }), fetcher))
      .toEqual({ ok: false, error: '接口地址不是允许的数据源：/system/user/authRole?userId=2&roleIds=1' });
    expect(await fetchDynamicOptions(cascader({ url: 'https://evil.example/tree' }), fetcher)).toEqual({ ok: false, error: '接口地址不是允许的数据源：https://evil.example/tree' });
    expect(sent).toEqual([]);
  });
  it('writes the options where the data goes', () => {
    const f = cascader({ url: '/system/dept/list' });
    expect(withFetchedOptions(f, [{ label: 'a', value: 1 }]).options).toEqual([{ label: 'a', value: 1 }]);
    const sel: FormField = { __config__: { tag: 'el-select', layout: 'colFormItem' }, __slot__: { options: [] } };
    expect(withFetchedOptions(sel, [{ label: 'a', value: 1 }]).__slot__?.options).toEqual([{ label: 'a', value: 1 }]);
  });
});
