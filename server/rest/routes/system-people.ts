/**
 * System rows for users, roles and profile (platform spec §7 Users, Roles).
 */
import type { RestRoute } from '../table';

export const systemPeopleRoutes: RestRoute[] = [
  { method: 'GET', path: '/system/user/list', procedure: 'system.user.list', input: ['query'], envelope: 'table' },
];
