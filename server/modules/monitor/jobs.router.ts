/**
 * Monitor routers for scheduled jobs and their log (platform spec §7 Jobs and logs).
 */
export const jobRouters = {};
