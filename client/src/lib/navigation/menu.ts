/**
 * Menu model of the shell: the server's router tree (auth.getRouters, RuoYi shape) resolved to
 * absolute paths, plus the constant home entry. Used by the sidebar, top nav, breadcrumbs,
 * menu search and the route builder.
 */
import type { RouterNode } from '../../../../shared/schemas/auth';
import { isExternal } from '../../../../shared/utils/validate';

export interface MenuItem {
  /** Absolute route path, or the http(s) address of an external link. */
  path: string;
  name?: string;
  title: string;
  icon?: string;
  hidden: boolean;
  noCache: boolean;
  affix?: boolean;
  /** Address of an external or embedded (InnerLink) page. */
  link?: string;
  alwaysShow?: boolean;
  redirect?: string;
  /** 'Layout', 'ParentView', 'InnerLink' or a view path such as 'system/user/index'. */
  component?: string;
  /** JSON object string of default query parameters. */
  query?: string;
  children: MenuItem[];
}

export const HOME_PATH = '/index';

/** The constant home entry, first in the sidebar and pinned in the tag bar. */
export const HOME_MENU: MenuItem = {
  path: '',
  title: '',
  hidden: false,
  noCache: false,
  component: 'Layout',
  redirect: HOME_PATH,
  children: [
    { path: HOME_PATH, title: '首页', icon: 'dashboard', hidden: false, noCache: false, affix: true, component: 'index', children: [] },
  ],
};

/** Joins a child route path onto its parent's path (RuoYi's resolvePath). */
export function resolvePath(base: string, path: string): string {
  if (isExternal(path)) return path;
  if (isExternal(base)) return base;
  const raw = path.startsWith('/') ? path : `${base}/${path}`;
  const joined = `/${raw}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Resolves the server's router tree into menu items with absolute paths. */
export function normalizeRouters(nodes: RouterNode[], base = '/'): MenuItem[] {
  return (nodes ?? []).map((node) => {
    const path = resolvePath(base, node.path ?? '');
    return {
      path,
      name: node.name,
      title: node.meta?.title ?? '',
      icon: node.meta?.icon,
      hidden: !!node.hidden,
      noCache: !!node.meta?.noCache,
      link: node.meta?.link,
      alwaysShow: node.alwaysShow,
      redirect: node.redirect,
      component: node.component,
      query: node.query,
      children: normalizeRouters(node.children ?? [], path),
    };
  });
}

/** The visible children of a menu item. */
export const visibleChildren = (item: MenuItem) => item.children.filter((c) => !c.hidden);

/** True for menu entries that open an external http(s) page in a new tab. */
export const isExternalMenu = (item: MenuItem) => isExternal(item.path);

/**
 * The first visible leaf of the menus that is a page of this app (not an external link), or
 * null. Used after sign-in when no redirect target is given (spec §2).
 */
export function firstVisiblePath(items: MenuItem[]): string | null {
  for (const item of items) {
    if (item.hidden || isExternalMenu(item)) continue;
    const kids = visibleChildren(item);
    if (kids.length) {
      const found = firstVisiblePath(kids);
      if (found) return found;
    } else if (item.component && item.component !== 'Layout' && item.component !== 'ParentView') {
      return item.path;
    }
  }
  return null;
}

/** Parses a menu's query string (JSON object) into search params, ignoring bad JSON. */
export function menuQuery(item: MenuItem): string {
  if (!item.query) return '';
  try {
    const obj = JSON.parse(item.query) as Record<string, unknown>;
    const params = new URLSearchParams();
    Object.entries(obj).forEach(([k, v]) => params.set(k, String(v)));
    const s = params.toString();
    return s ? `?${s}` : '';
  } catch {
    return '';
  }
}

/** Finds the chain of menu items from a root down to the item whose path is `path`. */
export function findMenuChain(items: MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.path === path) return [item];
    const sub = findMenuChain(item.children, path);
    if (sub.length) return [item, ...sub];
  }
  return [];
}
