/**
 * The routes reachable before sign-in is complete (/login, /register, /404, /401). Kept apart
 * from routes.tsx so the entry holds only these lazy pages; the signed-in table (layout, views)
 * is loaded on demand (signed-in-routes.ts).
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const Login = lazy(() => import('../../pages/Login'));
const Register = lazy(() => import('../../pages/Register'));
const NotFound = lazy(() => import('../../pages/NotFound'));
const Unauthorized = lazy(() => import('../../pages/Unauthorized'));

/** The routes reachable before sign-in is complete (/login, /register, /404, /401). */
export function publicRoutes(): RouteObject[] {
  return [
    { path: '/login', element: <Login /> },
    { path: '/register', element: <Register /> },
    { path: '/404', element: <NotFound /> },
    { path: '/401', element: <Unauthorized /> },
  ];
}
