import { describe, expect, it } from 'vitest';
import { buildSearchPool, createMenuSearch, type SearchRoute } from './menu-search';

const routes: SearchRoute[] = [
  {
    path: '/system',
    meta: { title: '系统管理' },
    children: [
      { path: 'user', meta: { title: '用户管理' } },
      { path: 'role', meta: { title: '角色管理' } },
      { path: 'user-auth/role/:userId', hidden: true, meta: { title: '分配角色' } },
      { path: 'dict/', meta: { title: '字典管理' } },
    ],
  },
  {
    path: '/monitor',
    meta: { title: '系统监控' },
    children: [{ path: 'job', meta: { title: '定时任务' } }],
  },
  {
    path: '',
    children: [{ path: 'index', meta: { title: '首页' } }, { path: 'nometa' }],
  },
  { path: 'https://ruoyi.vip', meta: { title: '若依官网', link: 'https://ruoyi.vip' } },
  { path: '/hidden', hidden: true, meta: { title: '隐藏' }, children: [{ path: 'x', meta: { title: '子' } }] },
  { path: '/absolute-parent', meta: { title: '父' }, children: [{ path: '/elsewhere', meta: { title: '绝对' } }] },
];

describe('buildSearchPool', () => {
  const pool = buildSearchPool(routes);
  it('flattens titled routes with joined paths and title chains', () => {
    expect(pool).toEqual([
      { path: '/system', title: ['系统管理'] },
      { path: '/system/user', title: ['系统管理', '用户管理'] },
      { path: '/system/role', title: ['系统管理', '角色管理'] },
      { path: '/system/dict', title: ['系统管理', '字典管理'] },
      { path: '/monitor', title: ['系统监控'] },
      { path: '/monitor/job', title: ['系统监控', '定时任务'] },
      { path: '/index', title: ['首页'] },
      { path: 'https://ruoyi.vip', title: ['若依官网'] },
      { path: '/absolute-parent', title: ['父'] },
      { path: '/elsewhere', title: ['父', '绝对'] },
    ]);
  });
  it('skips hidden routes and their children', () => {
    expect(pool.some((p) => p.path.startsWith('/hidden'))).toBe(false);
    expect(pool.some((p) => p.path.includes('user-auth'))).toBe(false);
  });
  it('honours basePath and prefixTitle', () => {
    expect(buildSearchPool([{ path: 'a', meta: { title: 'A' } }], '/base/', ['Root'])).toEqual([
      { path: '/base/a', title: ['Root', 'A'] },
    ]);
  });
  it('does not share title arrays between entries', () => {
    const p = buildSearchPool(routes);
    p[0].title.push('mutated');
    expect(p[1].title).toEqual(['系统管理', '用户管理']);
  });
  it('handles an empty tree', () => {
    expect(buildSearchPool([])).toEqual([]);
  });
});

describe('createMenuSearch', () => {
  const search = createMenuSearch(buildSearchPool(routes));
  it('finds by title and labels with " > "', () => {
    const res = search('用户管理');
    expect(res[0]).toEqual({ path: '/system/user', title: ['系统管理', '用户管理'], label: '系统管理 > 用户管理' });
  });
  it('finds by path', () => {
    expect(search('monitor/job')[0].path).toBe('/monitor/job');
  });
  it('matches fuzzily', () => {
    expect(search('定时').map((r) => r.path)).toContain('/monitor/job');
  });
  it('returns nothing for blank or unrelated queries', () => {
    expect(search('')).toEqual([]);
    expect(search('   ')).toEqual([]);
    expect(search('zzzzqqqq')).toEqual([]);
  });
});
