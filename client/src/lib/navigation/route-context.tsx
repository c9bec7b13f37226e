/**
 * Shares the route table and the resolved menus with the shell (sidebar, breadcrumbs, tags).
 */
import { createContext, useContext, useMemo } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import type { MenuItem } from './menu';
import type { RouteHandle } from './route-handle';

export interface RouteInfo {
  routes: RouteObject[];
  /** Sidebar menus: home first, then the server's menus. */
  menus: MenuItem[];
}

export const RouteInfoContext = createContext<RouteInfo>({ routes: [], menus: [] });

/** The route table and menus of the signed-in user. */
export const useRouteInfo = () => useContext(RouteInfoContext);

/** The handle (title, cache flag, crumbs) of the page route matching `pathname`, if any. */
export function handleOf(routes: RouteObject[], pathname: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].route.handle as RouteHandle | undefined;
    if (h?.title) return h;
  }
  return undefined;
}

/** The handle of the current page route. */
export function useCurrentHandle(): RouteHandle | undefined {
  const { routes } = useRouteInfo();
  const { pathname } = useLocation();
  return useMemo(() => handleOf(routes, pathname), [routes, pathname]);
}
