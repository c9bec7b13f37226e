import { describe, expect, it } from 'vitest';
import type { RouterNode } from '../../../../shared/schemas/auth';
import { HOME_MENU, findMenuChain, firstVisiblePath, menuQuery, normalizeRouters, resolvePath } from './menu';

const tree: RouterNode[] = [
  {
    path: '/system',
    hidden: false,
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    meta: { title: '系统管理', icon: 'system', noCache: false },
    children: [
      { path: 'user', name: 'User', hidden: false, component: 'system/user/index', meta: { title: '用户管理', noCache: false } },
      {
        path: 'log',
        hidden: false,
        component: 'ParentView',
        meta: { title: '日志管理', noCache: false },
        children: [{ path: 'operlog', hidden: false, component: 'monitor/operlog/index', meta: { title: '操作日志', noCache: true } }],
      },
    ],
  },
  { path: 'http://ruoyi.vip', hidden: false, component: 'Layout', meta: { title: '若依官网', noCache: false, link: 'http://ruoyi.vip' } },
];

describe('resolvePath', () => {
  it('joins relative paths and keeps absolute and external ones', () => {
    expect(resolvePath('/system', 'user')).toBe('/system/user');
    expect(resolvePath('/system', '/index')).toBe('/index');
    expect(resolvePath('/', 'https://a.cn')).toBe('https://a.cn');
    expect(resolvePath('http://b.cn', 'x')).toBe('http://b.cn');
    expect(resolvePath('/', '/')).toBe('/');
  });
});

describe('normalizeRouters', () => {
  it('resolves nested paths and flags', () => {
    const menus = normalizeRouters(tree);
    expect(menus[0].children[1].children[0]).toMatchObject({ path: '/system/log/operlog', title: '操作日志', noCache: true });
    expect(menus[1].path).toBe('http://ruoyi.vip');
  });
});

describe('firstVisiblePath', () => {
  it('finds the first page, skipping hidden and external entries', () => {
    const menus = normalizeRouters(tree);
    expect(firstVisiblePath(menus)).toBe('/system/user');
    expect(firstVisiblePath([HOME_MENU, ...menus])).toBe('/index');
    expect(firstVisiblePath([menus[1]])).toBeNull();
  });
});

describe('menu helpers', () => {
  it('finds the chain down to a path', () => {
    const chain = findMenuChain(normalizeRouters(tree), '/system/log/operlog');
    expect(chain.map((m) => m.title)).toEqual(['系统管理', '日志管理', '操作日志']);
  });
  it('turns a JSON query into search params and ignores bad JSON', () => {
    const [m] = normalizeRouters([{ path: '/a', hidden: false, query: '{"id":1,"t":"x"}' }]);
    expect(menuQuery(m)).toBe('?id=1&t=x');
    expect(menuQuery({ ...m, query: '{bad' })).toBe('');
  });
});
