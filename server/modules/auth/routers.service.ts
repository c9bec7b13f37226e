/**
 * `getRouters` (reference §2 Session, RuoYi SysMenuServiceImpl.buildMenus): the menu tree of
 * types M and C with status 0 the user may see (admin: all; others: through enabled roles),
 * ordered by parent and order number, turned into router nodes. Empty fields are omitted.
 */
import type { AppDeps } from '../../deps';
import type { LoginUser } from '../../core/authz';
import type { RouterNode } from '../../../shared/schemas/auth';
import { routerMenus, type MenuRow } from '../system/menu/menu.repo';
type MenuNode = MenuRow & { children: MenuNode[] };

const isHttp = (p: string) => /^https?:\/\//.test(p);
const isMenuFrame = (m: MenuRow) => m.parentId === 0 && m.menuType === 'C' && m.isFrame === 1;
const isInnerLink = (m: MenuRow) => m.isFrame === 1 && isHttp(m.path);
const isParentView = (m: MenuRow) => m.parentId !== 0 && m.menuType === 'M';
const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** `http://a.b:8080/x` → `a/b/8080/x` (RuoYi innerLinkReplaceEach). */
export const innerLinkPath = (p: string) => p.replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/[.:]/g, '/');

function routeName(name: string, path: string): string {
  return capitalize(name || path);
}

function routerPath(m: MenuRow): string {
  if (m.parentId !== 0 && isInnerLink(m)) return innerLinkPath(m.path);
  if (m.parentId === 0 && m.menuType === 'M' && m.isFrame === 1) return `/${m.path}`;
  if (isMenuFrame(m)) return '/';
  return m.path;
}

function component(m: MenuRow): string {
  if (m.component && !isMenuFrame(m)) return m.component;
  if (!m.component && m.parentId !== 0 && isInnerLink(m)) return 'InnerLink';
  if (!m.component && isParentView(m)) return 'ParentView';
  return 'Layout';
}

function meta(title: string, icon: string, noCache: boolean, link?: string): RouterNode['meta'] {
  return { title, icon: icon || undefined, noCache, link: link && isHttp(link) ? link : undefined };
}

/** Drops undefined, null, '' and empty arrays (Jackson NON_EMPTY). */
function compact<T extends object>(o: T): T {
  const out = {} as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? compact(v) : v;
  }
  return out as T;
}

/** Turns a menu tree into router nodes (the rules of RuoYi buildMenus). */
export function buildRouters(menus: MenuNode[]): RouterNode[] {
  return menus.map((m) => {
    const noCache = m.isCache === 1;
    const node: RouterNode = {
      hidden: m.visible === '1',
      name: isMenuFrame(m) ? '' : routeName(m.routeName, m.path),
      path: routerPath(m),
      component: component(m),
      query: m.query ?? undefined,
      meta: meta(m.menuName, m.icon, noCache, m.path),
    };
    if (m.children.length > 0 && m.menuType === 'M') {
      node.alwaysShow = true;
      node.redirect = 'noRedirect';
      node.children = buildRouters(m.children);
    } else if (isMenuFrame(m)) {
      node.meta = undefined;
      node.children = [compact({
        path: m.path, component: m.component ?? undefined, name: routeName(m.routeName, m.path),
        meta: meta(m.menuName, m.icon, noCache, m.path), query: m.query ?? undefined, hidden: false,
      })];
    } else if (m.parentId === 0 && isInnerLink(m)) {
      node.meta = { title: m.menuName, icon: m.icon || undefined, noCache: false };
      node.path = '/';
      const p = innerLinkPath(m.path);
      node.children = [compact({
        path: p, component: 'InnerLink', name: routeName(m.routeName, p),
        meta: meta(m.menuName, m.icon, noCache, m.path), hidden: false,
      })];
    }
    return compact(node);
  });
}

/** Nests rows under their parents from `rootId`; rows are already ordered. */
export function menuTree<T extends { menuId: number; parentId: number }>(rows: T[], rootId = 0): (T & { children: (T & { children: unknown[] })[] })[] {
  const byParent = new Map<number, T[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (pid: number): any[] => (byParent.get(pid) ?? []).map((r) => ({ ...r, children: build(r.menuId) }));
  return build(rootId);
}

/** The router tree of the signed-in user (menus read from the async store, issue 43). */
export async function getRouters(deps: Pick<AppDeps, 'store'>, login: LoginUser): Promise<RouterNode[]> {
  const rows = await routerMenus(deps.store, login.admin ? undefined : login.roles.map((r) => r.roleId));
  return buildRouters(menuTree(rows) as MenuNode[]);
}
