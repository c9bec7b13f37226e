import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import type { RouterNode } from '../../../../shared/schemas/auth';
import { InnerLink } from '../layout/InnerLink';
import { Layout } from '../layout/Layout';
import { normalizeRouters } from '../../lib/navigation/menu';
import { handleOf } from '../../lib/navigation/route-context';
import { buildRoutes } from './routes';

const tree: RouterNode[] = [
  {
    path: '/system',
    hidden: false,
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: '系统管理', noCache: false },
    children: [{ path: 'user', hidden: false, component: 'system/user/index', meta: { title: '用户管理', noCache: false } }],
  },
  {
    path: '/',
    hidden: false,
    component: 'Layout',
    children: [{ path: 'docs', hidden: false, component: 'InnerLink', meta: { title: '文档', noCache: false, link: 'https://example.com' } }],
  },
];

const routes = buildRoutes(normalizeRouters(tree));
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

describe('buildRoutes', () => {
  it('gives page routes their title and breadcrumbs', () => {
    expect(handleOf(routes, '/system/user')).toMatchObject({
      title: '用户管理',
      crumbs: [
        { title: '系统管理', clickable: false },
        { title: '用户管理', path: '/system/user' },
      ],
    });
    expect(handleOf(routes, '/index')).toMatchObject({ title: '首页', affix: true });
  });
  it('renders InnerLink menus as the iframe view', () => {
    const el = leaf('/docs')?.element as { type: unknown; props: { src: string } };
    expect(el.type).toBe(InnerLink);
    expect(el.props.src).toBe('https://example.com');
  });
  it('guards constant routes and sends unknown paths to /404', () => {
    expect(handleOf(routes, '/system/user-auth/role/3')).toMatchObject({ title: '分配角色', activeMenu: '/system/user' });
    expect(leaf('/no/such/page')?.path).toBe('*');
    expect(leaf('/redirect/system/user')?.path).toBe('/redirect/*');
  });
  it('serves /404 and /401 inside the layout shell (issue 40 §9)', () => {
    for (const path of ['/404', '/401']) {
      const matched = matchRoutes(routes, path) ?? [];
      expect(matched.at(-1)?.route.path).toBe(path);
      expect((matched[0].route.element as { type: unknown } | undefined)?.type).toBe(Layout);
    }
  });
});
