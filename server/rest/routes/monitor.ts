/**
 * REST rows for login log, operation log and online users (platform spec §7; api-contract "System, monitor, common").
 */
import type { RestRoute } from '../table';

export const monitorRoutes: RestRoute[] = [];
