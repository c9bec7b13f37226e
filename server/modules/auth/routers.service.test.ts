import { describe, expect, it } from 'vitest';
import { buildRouters, innerLinkPath, menuTree } from './routers.service';

const menu = (o: Record<string, unknown>) => ({
  menuId: 1, menuName: 'x', parentId: 0, orderNum: 1, path: 'x', component: null, query: null, routeName: '', isFrame: 1,
  isCache: 0, menuType: 'M', visible: '0', status: '0', perms: '', icon: '#', createBy: '', createTime: null, updateBy: '',
  updateTime: null, remark: null, ...o,
});

describe('buildRouters (RuoYi buildMenus rules)', () => {
  it('root dir with children: Layout, /path, alwaysShow, noRedirect; nested dir ParentView', () => {
    const rows = [
      menu({ menuId: 1, menuName: '系统管理', path: 'system', icon: 'system' }),
      menu({ menuId: 2, parentId: 1, menuName: '日志管理', path: 'log', icon: 'log' }),
      menu({ menuId: 3, parentId: 2, menuName: '操作日志', path: 'operlog', menuType: 'C', component: 'monitor/operlog/index', isCache: 1 }),
    ];
    const [root] = buildRouters(menuTree(rows) as never);
    expect(root).toMatchObject({ path: '/system', component: 'Layout', alwaysShow: true, redirect: 'noRedirect', name: 'System' });
    expect(root.children![0]).toMatchObject({ component: 'ParentView', path: 'log', alwaysShow: true });
    expect(root.children![0].children![0]).toEqual({
      hidden: false, name: 'Operlog', path: 'operlog', component: 'monitor/operlog/index', meta: { title: '操作日志', noCache: true, icon: '#' },
    });
  });

  it('root-level menu (C) becomes "/" with one child; hidden follows visible', () => {
    const [r] = buildRouters(menuTree([menu({ menuName: '首页', path: 'home', menuType: 'C', component: 'home/index', visible: '1', routeName: 'Home2' })]) as never);
    expect(r).toMatchObject({ path: '/', component: 'Layout', hidden: true });
    expect(r.meta).toBeUndefined();
    expect(r.name).toBeUndefined();
    expect(r.children![0]).toMatchObject({ path: 'home', component: 'home/index', name: 'Home2', meta: { title: '首页' } });
  });

  it('inner http links become InnerLink routes with meta.link; external frames keep their URL', () => {
    const rows = [
      menu({ menuId: 1, menuName: '文档', path: 'https://docs.example.com:8443/a', menuType: 'M' }),
      menu({ menuId: 2, menuName: '外链', path: 'https://example.org', menuType: 'C', isFrame: 0, orderNum: 2 }),
    ];
    const [inner, ext] = buildRouters(menuTree(rows) as never);
    expect(inner.path).toBe('/');
    expect(inner.children![0]).toMatchObject({ component: 'InnerLink', path: 'docs/example/com/8443/a', meta: { link: 'https://docs.example.com:8443/a' } });
    expect(ext).toMatchObject({ path: 'https://example.org', component: 'Layout', meta: { link: 'https://example.org' } });
    expect(innerLinkPath('http://www.a.b')).toBe('a/b');
  });
});
