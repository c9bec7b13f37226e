/**
 * The common domain's manifest (modules/manifest.ts): uploads and downloads, `common.*`.
 */
import { router } from '../../trpc/init';
import { defineDomain } from '../manifest';
import { commonRouters } from './common.router';

export const commonDomain = defineDomain({ name: 'common', routers: { common: router({ ...commonRouters }) } });
