import type { RestRoute } from '../table';
import { sessionRoutes } from './session';
import { systemRoutes } from './system';

/** Every REST row the adapter serves. */
export const restRoutes: RestRoute[] = [...sessionRoutes, ...systemRoutes];
