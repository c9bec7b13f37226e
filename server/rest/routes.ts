/**
 * Every REST row the adapter serves: the REST metas of the app router's procedures
 * (./table.ts restRoutesOf; the rows live on the procedures, `.meta({ rest })`).
 */
import { appRouter } from '../trpc/router';
import { restRoutesOf, type RestRoute } from './table';

export const restRoutes: RestRoute[] = restRoutesOf(appRouter);
