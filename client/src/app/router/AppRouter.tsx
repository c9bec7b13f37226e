/**
 * Hash router with the navigation guard of platform spec §2 "Routing rules":
 * - no token: only /login and /register; anything else → /login?redirect=<full path>;
 * - token + /login → the redirect target or the first visible menu route; roles not loaded → getInfo + getRouters first (a failure logs out,
 *   shows the error and goes to /login); then the dynamic routes are built from the tree.
 */
import { Suspense, use, useEffect, useMemo, useRef } from 'react';
import { HashRouter, Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import { msgError } from '../../lib/modal/toaster';
import { PageLoading } from '../../components/PageLoading';
import { describeRequestError } from '../../lib/request-error';
import { clearSession, loadUserInfo, logout, useUser } from '../../lib/stores/user-store';
import { HOME_MENU, HOME_PATH, firstVisiblePath, normalizeRouters, type MenuItem } from '../../lib/navigation/menu';
import { RouteInfoContext } from '../../lib/navigation/route-context';
import { publicRoutes } from './public-routes';
import { loadSignedInRoutes, prefetchSignedInRoutes } from './signed-in-routes';

/** Paths reachable without a token. */
export const WHITE_LIST = ['/login', '/register'];

/** A redirect target that stays inside the app (not /login or /register), or null. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/login') || value.startsWith('/register')) return null;
  return value;
}

/** Where /login leads once signed in: ?redirect=, else the first visible menu route, else home. */
export function afterLoginPath(search: string, menus: MenuItem[]): string {
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? firstVisiblePath(menus) ?? HOME_PATH;
}

function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const { token, routers } = useUser();
  const loading = useRef(false);

  // The signed-in route table is loaded on demand (the login page does not carry it).
  const signedIn = routers ? use(loadSignedInRoutes()) : null;
  const info = useMemo(() => {
    if (!routers || !signedIn) return { routes: [...publicRoutes(), { path: '*', element: null }], menus: [] };
    const menus = [HOME_MENU, ...normalizeRouters(routers)];
    return { routes: signedIn.buildRoutes(menus.slice(1)), menus };
  }, [routers, signedIn]);
  const element = useRoutes(info.routes, location);

  const needsInfo = !!token && !routers && location.pathname !== '/register';
  useEffect(() => {
    if (token) prefetchSignedInRoutes();
  }, [token]);
  useEffect(() => {
    if (!needsInfo || loading.current) return;
    loading.current = true;
    loadUserInfo()
      .catch(async (e) => {
        const { message } = describeRequestError(e);
        await logout().catch(clearSession);
        msgError(message);
        navigate('/login', { replace: true });
      })
      .finally(() => {
        loading.current = false;
      });
  }, [needsInfo, navigate]);

  const path = location.pathname;
  if (!token) {
    if (WHITE_LIST.includes(path)) return element;
    const full = path + location.search;
    return <Navigate to={`/login?redirect=${encodeURIComponent(full)}`} replace />;
  }
  if (needsInfo) return <PageLoading />;
  if (path === '/login') return <Navigate to={afterLoginPath(location.search, info.menus)} replace />;
  return <RouteInfoContext.Provider value={info}>{element}</RouteInfoContext.Provider>;
}

/** The app's router: hash history under the base path. */
export function AppRouter() {
  return (
    <HashRouter>
      <Suspense fallback={<PageLoading />}>
        <Guard />
      </Suspense>
    </HashRouter>
  );
}
