/**
 * What the route builder (`app/router/routes.tsx`) puts in each page route's `handle` and the shell
 * (`app/layout/`) reads back: kept in lib, below both, so layout never imports the router.
 */

/** One breadcrumb of a page. */
export interface Crumb {
  title: string;
  path?: string;
  /** False for directories (redirect noRedirect) and the current page. */
  clickable: boolean;
}

/** What every page route carries in `handle`. */
export interface RouteHandle {
  title: string;
  noCache?: boolean;
  affix?: boolean;
  link?: string;
  activeMenu?: string;
  crumbs: Crumb[];
}
