/**
 * Monitor routers for scheduled jobs and their log (platform spec §7 Jobs and logs):
 * `monitor.job.*` and `monitor.jobLog.*` (server/modules/monitor/job/).
 */
import { jobRouter } from './job/job.router';
import { jobLogRouter } from './job/job-log.router';

export const jobRouters = { job: jobRouter, jobLog: jobLogRouter };
