/**
 * REST rows for uploads and downloads (platform spec §7; api-contract "System, monitor, common").
 */
import type { RestRoute } from '../table';

export const commonRoutes: RestRoute[] = [];
