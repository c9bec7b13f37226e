/**
 * Loads the signed-in route table (routes.tsx: layout shell, view registry) and every Chakra
 * recipe (theme.ts) on demand, so the login page does not carry them. Started as soon as a
 * session exists or sign-in begins; the router guard suspends on it (showing the page loading)
 * until both are there, so no signed-in screen renders without its recipes.
 */
import type { RouteObject } from 'react-router';
import { loadFullRecipes } from '../theme';
import type { MenuItem } from '../../lib/navigation/menu';

/**
 * What the router uses of routes.tsx, written out rather than `typeof import('./routes')`, which
 * would be a static (type) edge back into the lazy module and close an import cycle.
 */
interface RoutesModule {
  buildRoutes(menus: MenuItem[]): RouteObject[];
}

let loading: Promise<RoutesModule> | null = null;

/** The routes module, loaded once (a failed load is retried on the next call). */
export function loadSignedInRoutes(): Promise<RoutesModule> {
  loading ??= Promise.all([import('./routes'), loadFullRecipes()]).then(([routes]) => routes).catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** Starts loading the routes module without waiting for it (errors surface when it is used). */
export function prefetchSignedInRoutes(): void {
  loadSignedInRoutes().catch(() => undefined);
}
