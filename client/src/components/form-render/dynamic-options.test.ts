/**
 * Issue 38 §1: a stored form's dynamic options are read-only lookups. optionsRequest answers a GET
 * to a declared option source under /caishui-api, or null (nothing is fetched) for any other
 * method, path or origin — whatever the stored config says.
 */
import { describe, expect, it } from 'vitest';
import { optionsRefusal, optionsRequest } from './dynamic-options';
import type { FormField } from '../../../../shared/form/types';

/** Stored JSON may hold anything: the field as the server would hand it over, unchecked. */
const field = (url: unknown, method?: unknown) => ({ __config__: { dataType: 'dynamic', url, method, dataPath: 'data' } }) as unknown as FormField;

describe('optionsRequest (issue 38 §1)', () => {
  it('fetches a declared source by GET with the token, whatever the spelling of GET or the prefix', () => {
    const want = { url: '/caishui-api/system/dict/data/type/sys_user_sex', method: 'GET', withToken: true };
    expect(optionsRequest(field('/system/dict/data/type/sys_user_sex'))).toEqual(want);
    expect(optionsRequest(field('system/dict/data/type/sys_user_sex', 'GET'))).toEqual(want);
    expect(optionsRequest(field('/caishui-api/system/dict/data/type/sys_user_sex', ' get '))).toEqual(want);
    expect(optionsRequest(field('/system/dept/treeselect?status=0'))).toEqual({ url: '/caishui-api/system/dept/treeselect?status=0', method: 'GET', withToken: true });
  });

  it.each(['post', 'put', 'delete', 'PATCH', 'head', 7])('never sends method %s', (method) => {
    expect(optionsRequest(field('/system/dict/data/type/sys_user_sex', method))).toBeNull();
    expect(optionsRefusal(field('/system/dict/data/type/sys_user_sex', method))).toBe('请求方式只能是 GET');
  });

  it.each([
    '/system/user/authRole?userId=2&roleIds=1',
    '/system/user/authRole/2',
    '/common/download?fileName=a.xlsx&delete=true',
    '/system/dict/data/type/../../../user/authRole',
    '/system/dict/data/type/%2e%2e',
    '/system/dict/data/type/sys_user_sex?delete=true',
    '/system/dict/data/type/sys_user_sex/extra',
    '//evil.example/x',
    '\\\\evil.example\\x',
    'https://evil.example/options',
    'http://localhost/caishui-api/system/dict/data/type/sys_user_sex',
    'javascript:alert(1)',
    '/caishui-api/trpc/system.user.add',
  ])('drops %s: nothing is fetched', (url) => {
    expect(optionsRequest(field(url, 'get'))).toBeNull();
    expect(optionsRefusal(field(url, 'get'))).toMatch(/^接口地址不是允许的数据源：/);
  });

  it('fetches nothing for static fields or a blank url', () => {
    expect(optionsRequest({ __config__: { dataType: 'static', url: '/system/dict/data/type/sys_user_sex' } })).toBeNull();
    expect(optionsRequest(field('  '))).toBeNull();
    expect(optionsRefusal(field(''))).toBeNull();
  });
});
