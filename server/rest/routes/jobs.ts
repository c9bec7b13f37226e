/**
 * REST rows for scheduled jobs and the job log (platform spec §7; api-contract "System, monitor, common").
 */
import type { RestRoute } from '../table';

export const jobRoutes: RestRoute[] = [];
