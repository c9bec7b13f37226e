/**
 * Navbar menu search (platform spec §2 "Menu search matches fuzzily on title and path
 * (threshold 0.4, title weight 0.7, path weight 0.3). Options are shown as title paths
 * joined by ' > '"). RuoYi HeaderSearch's generateRoutes + Fuse, made pure.
 *
 * Shapes:
 *   route:  { path: 'user', hidden?: false, meta?: { title: '用户管理', link? }, children? }
 *   pool:   [{ path: '/system/user', title: ['系统管理', '用户管理'] }, ...]
 *   result: [{ path: '/system/user', title: [...], label: '系统管理 > 用户管理' }, ...]
 */
import Fuse from 'fuse.js';

export type SearchRoute = {
  path: string;
  hidden?: boolean;
  meta?: { title: string; link?: string };
  children?: SearchRoute[];
};

export type SearchItem = { path: string; title: string[] };
export type SearchResult = SearchItem & { label: string };

const EXTERNAL = /^(https?:|mailto:|tel:)/i;

/** Joins a child path onto its parent like path.resolve: absolute children win; slashes collapse. */
function joinPath(base: string, child: string): string {
  const raw = child.startsWith('/') ? child : `${base}/${child}`;
  const joined = `/${raw}`.replace(/\/{2,}/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/**
 * Flattens the route tree into searchable entries.
 * - hidden routes (and their children) are skipped;
 * - child paths are joined onto the parent's; external paths (http(s):, mailto:, tel:) are kept
 *   as they are (meta.link of iframe routes is not used: the entry points at the wrapper route);
 * - a route with meta.title adds that title to the chain and is listed; one without a title is
 *   not listed but its children are, with the parent's titles.
 */
export function buildSearchPool(routes: SearchRoute[], basePath = '/', prefixTitle: string[] = []): SearchItem[] {
  const pool: SearchItem[] = [];
  for (const route of routes ?? []) {
    if (route.hidden) continue;
    const path = EXTERNAL.test(route.path) ? route.path : joinPath(basePath, route.path ?? '');
    const title = route.meta?.title ? [...prefixTitle, route.meta.title] : [...prefixTitle];
    if (route.meta?.title) pool.push({ path, title });
    if (route.children?.length) pool.push(...buildSearchPool(route.children, path, title));
  }
  return pool;
}

/** Fuse options fixed by the spec. */
export const MENU_SEARCH_OPTIONS = {
  shouldSort: true,
  threshold: 0.4,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/**
 * Builds the search function over a pool. A blank query gives []; results are best first.
 * @example createMenuSearch(pool)('用户') // [{ path: '/system/user', title: [...], label: '系统管理 > 用户管理' }]
 */
export function createMenuSearch(pool: SearchItem[]): (query: string) => SearchResult[] {
  const fuse = new Fuse(pool, MENU_SEARCH_OPTIONS);
  return (query: string) => {
    const q = (query ?? '').trim();
    if (!q) return [];
    return fuse.search(q).map(({ item }) => ({ path: item.path, title: item.title, label: item.title.join(' > ') }));
  };
}
