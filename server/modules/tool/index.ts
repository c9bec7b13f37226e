/**
 * The tool domain's manifest (modules/manifest.ts): the code generator, `tool.gen.*`. The modules
 * it writes are domains of their own, listed in ../generated.ts.
 */
import { router } from '../../trpc/init';
import { defineDomain } from '../manifest';
import { toolRouters } from './tool.router';

export const toolDomain = defineDomain({ name: 'tool', routers: { tool: router({ ...toolRouters }) } });
