/**
 * REST rows for depts, parks, posts, menus, dictionaries and config (platform spec §7; api-contract "System, monitor, common").
 */
import type { RestRoute } from '../table';

export const systemSettingsRoutes: RestRoute[] = [];
