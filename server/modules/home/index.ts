/**
 * The home domain's manifest (modules/manifest.ts): the home page figures and notices, `home.*`.
 */
import { defineDomain } from '../manifest';
import { homeRouter } from './home.router';

export const homeDomain = defineDomain({ name: 'home', routers: { home: homeRouter } });
