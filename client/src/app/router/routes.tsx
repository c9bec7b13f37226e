/**
 * Builds the react-router route objects (platform spec §2 "Routing rules"): public pages,
 * the layout shell holding home, /redirect/*, the permission-guarded constant routes and the
 * server's routes, then the catch-all to /404 after them. For a signed-in user /404 and /401 sit
 * inside the shell (sidebar, navbar and tag bar stay, issue 40 §9): an address the user has no
 * menu for shows the 404 page with the way back, not a bare page.
 */
import { lazy } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { InnerLink } from '../layout/InnerLink';
import { Layout } from '../layout/Layout';
import { CONSTANT_ROUTES, type ConstantRoute } from './constant-routes';
import { HOME_MENU, HOME_PATH, isExternalMenu, visibleChildren, type MenuItem } from '../../lib/navigation/menu';
import type { Crumb, RouteHandle } from '../../lib/navigation/route-handle';
import { PermissionRoute } from './PermissionRoute';
import { ViewFor } from './views';

import { publicRoutes } from './public-routes';

export { publicRoutes };

const Redirect = lazy(() => import('../../pages/Redirect'));
const NotFound = lazy(() => import('../../pages/NotFound'));
const Unauthorized = lazy(() => import('../../pages/Unauthorized'));

/** Paths of publicRoutes() that the signed-in table serves inside the layout instead. */
const IN_LAYOUT = new Set(['/404', '/401']);

function pageRoute(item: MenuItem, crumbs: Crumb[]): RouteObject {
  const handle: RouteHandle = {
    title: item.title,
    noCache: item.noCache,
    affix: item.affix,
    link: item.link,
    crumbs: [...crumbs, { title: item.title, path: item.path, clickable: false }],
  };
  const element =
    item.component === 'InnerLink' ? (
      <InnerLink src={item.link ?? ''} />
    ) : (
      <ViewFor component={item.component ?? ''} title={item.title} />
    );
  return { path: item.path, element, handle };
}

function dirRoutes(item: MenuItem, crumbs: Crumb[]): RouteObject {
  const here = item.title ? [...crumbs, { title: item.title, path: item.path, clickable: item.redirect !== 'noRedirect' }] : crumbs;
  const children = toRouteObjects(item.children, here);
  const first = visibleChildren(item).find((c) => !isExternalMenu(c));
  if (first && item.path && item.path !== '/') {
    children.push({ path: item.path, element: <Navigate to={item.redirect && item.redirect !== 'noRedirect' ? item.redirect : first.path} replace /> });
  }
  return { element: <Outlet />, children };
}

/**
 * Server menu items → route objects. 'Layout' and 'ParentView' become an <Outlet/> holding
 * their children ('Layout' sits inside the one shell), 'InnerLink' the iframe view, external
 * http entries no route, anything else the registered view.
 */
export function toRouteObjects(items: MenuItem[], crumbs: Crumb[] = []): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const item of items) {
    if (isExternalMenu(item)) continue;
    const isDir = item.component === 'Layout' || item.component === 'ParentView' || item.children.length > 0;
    routes.push(isDir ? dirRoutes(item, crumbs) : pageRoute(item, crumbs));
  }
  return routes;
}

function constantRoute(route: ConstantRoute): RouteObject {
  const handle: RouteHandle = {
    title: route.title,
    noCache: route.noCache,
    activeMenu: route.activeMenu,
    crumbs: [{ title: route.title, path: route.path, clickable: false }],
  };
  return {
    path: route.path,
    handle,
    element: (
      <PermissionRoute permissions={route.permissions} digits={route.digits}>
        <ViewFor component={route.component} title={route.title} />
      </PermissionRoute>
    ),
  };
}

/** The full route table for a signed-in user whose menus are `menus` (server tree, resolved). */
export function buildRoutes(menus: MenuItem[]): RouteObject[] {
  return [
    ...publicRoutes().filter((r) => !IN_LAYOUT.has(r.path ?? '')),
    {
      element: <Layout />,
      children: [
        { path: '/', element: <Navigate to={HOME_PATH} replace /> },
        // No handle: the error pages add no tag and keep the page title.
        { path: '/404', element: <NotFound /> },
        { path: '/401', element: <Unauthorized /> },
        ...toRouteObjects([HOME_MENU]),
        { path: '/redirect/*', element: <Redirect /> },
        ...CONSTANT_ROUTES.map(constantRoute),
        ...toRouteObjects(menus),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
