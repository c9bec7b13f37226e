/** Issue 38 §1: the declared option sources and the check the server (at save) and the client (at fetch) share. */
import { describe, expect, it } from 'vitest';
import { checkOptionSource, declaresOptionRequest, FORM_OPTION_SOURCES } from './option-sources';
import { formConfigProblem } from './form-safety';

describe('checkOptionSource', () => {
  it('accepts every declared source by GET, params filled with one word', () => {
    for (const s of FORM_OPTION_SOURCES) {
      const url = s.path.replace(/:[a-zA-Z]+/g, 'sys_user_sex');
      const out = checkOptionSource(url, 'get');
      expect(out).toMatchObject({ ok: true, path: url, search: '', source: s });
    }
  });

  it('keeps declared query keys with plain values and refuses others', () => {
    expect(checkOptionSource('/system/user/list?pageNum=1&pageSize=50&status=0', undefined)).toMatchObject({ ok: true, search: '?pageNum=1&pageSize=50&status=0' });
    expect(checkOptionSource('/system/user/list?pageSize=50&roleIds=1', 'get')).toMatchObject({ ok: false, problem: 'url' });
    expect(checkOptionSource('/system/user/list?status=0#x', 'get')).toMatchObject({ ok: false, problem: 'url' });
    expect(checkOptionSource('/system/user/list?status=<script>', 'get')).toMatchObject({ ok: false, problem: 'url' });
  });

  it('refuses other methods first, and anything that is not a declared relative path', () => {
    expect(checkOptionSource('/system/user/list', 'POST')).toEqual({ ok: false, problem: 'method', message: '请求方式只能是 GET' });
    for (const url of ['/system/user', '/system/user/2', '/system/user/list/../authRole', 'https://a.example/system/user/list', '//a.example/system/user/list', '/system/user/list\\..', '', 'x'.repeat(600)]) {
      expect(checkOptionSource(url, 'get').ok).toBe(false);
    }
    expect(checkOptionSource(['/system/user/list'], 'get').ok).toBe(false);
  });

  it('knows which configs ask for a request', () => {
    expect(declaresOptionRequest({ url: '', method: 'get' })).toBe(false);
    expect(declaresOptionRequest({})).toBe(false);
    expect(declaresOptionRequest({ url: '', method: 'post' })).toBe(true);
    expect(declaresOptionRequest({ url: '/a' })).toBe(true);
  });
});

describe('formConfigProblem', () => {
  const field = (config: Record<string, unknown>) => ({ __config__: { label: '来源', tag: 'el-select', ...config }, __vModel__: 'src' });

  it('names the first field that asks for a refused request, at any depth, without recursion', () => {
    let nested: unknown = field({ dataType: 'dynamic', url: '/system/user/authRole', method: 'get' });
    for (let i = 0; i < 20_000; i++) nested = { __config__: { layout: 'rowFormItem', children: [nested] } };
    expect(formConfigProblem({ fields: [nested] })).toEqual({ field: '来源', message: '表单字段「来源」的动态数据接口地址不是允许的数据源：/system/user/authRole' });
    expect(formConfigProblem({ fields: [field({ dataType: 'static', url: '', method: 'delete' })] })?.message).toBe('表单字段「来源」的动态数据请求方式只能是 GET');
  });

  it('passes allowed sources, empty dynamic urls, and non-configs', () => {
    expect(formConfigProblem({ fields: [field({ dataType: 'dynamic', url: '/system/post/optionselect', method: 'get' }), field({ dataType: 'dynamic', url: '', method: 'get' })] })).toBeNull();
    expect(formConfigProblem(null)).toBeNull();
    expect(formConfigProblem({ fields: 'x' })).toBeNull();
  });

  it('names a bad regList', () => {
    expect(formConfigProblem({ fields: [field({ regList: 'x' })] })?.message).toBe('表单字段「来源」的正则校验格式错误');
    expect(formConfigProblem({ fields: [field({ regList: [{ pattern: '(a|b+)*', message: 'm' }] })] })?.message).toMatch(/^表单字段「来源」的正则表达式存在灾难性回溯风险/);
  });
});
