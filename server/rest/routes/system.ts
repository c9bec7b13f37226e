/**
 * System rows (platform spec §7; api-contract "System, monitor, common").
 */
import type { RestRoute } from '../table';

export const systemRoutes: RestRoute[] = [
  { method: 'GET', path: '/system/user/list', procedure: 'system.user.list', input: ['query'], envelope: 'table' },
];
