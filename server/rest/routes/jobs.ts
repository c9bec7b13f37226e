/**
 * REST rows for scheduled jobs and the job log (platform spec §7 "Jobs and logs"; reference §2
 * Monitor; api-contract "Verbs": the spec's POST forms first, RuoYi's PUT/DELETE forms as aliases).
 * Exports take form-encoded (or JSON) filters and answer an xlsx file.
 */
import { idList, type RestRoute } from '../table';

export const jobRoutes: RestRoute[] = [
  { method: 'GET', path: '/monitor/job/list', procedure: 'monitor.job.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: '/monitor/job/:jobId', procedure: 'monitor.job.get', input: ['params'], envelope: 'data' },
  { method: 'POST', path: '/monitor/job', procedure: 'monitor.job.add', input: ['body'], envelope: 'data' },
  {
    method: 'POST', path: '/monitor/job/update', procedure: 'monitor.job.update', input: ['body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: '/monitor/job' }],
  },
  {
    method: 'POST', path: '/monitor/job/delete/:jobIds', procedure: 'monitor.job.remove', input: ['params'], envelope: 'data',
    mapInput: (raw) => ({ ids: idList(raw.jobIds) }), aliases: [{ method: 'DELETE', path: '/monitor/job/:jobIds' }],
  },
  {
    method: 'POST', path: '/monitor/job/changeStatus', procedure: 'monitor.job.changeStatus', input: ['body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: '/monitor/job/changeStatus' }],
  },
  {
    method: 'POST', path: '/monitor/job/run', procedure: 'monitor.job.run', input: ['body'], envelope: 'data',
    aliases: [{ method: 'PUT', path: '/monitor/job/run' }],
  },
  { method: 'POST', path: '/monitor/job/export', procedure: 'monitor.job.export', input: ['query', 'body'], envelope: 'file' },

  { method: 'GET', path: '/monitor/jobLog/list', procedure: 'monitor.jobLog.list', input: ['query'], envelope: 'table' },
  { method: 'GET', path: '/monitor/jobLog/:jobLogId', procedure: 'monitor.jobLog.get', input: ['params'], envelope: 'data' },
  {
    method: 'POST', path: '/monitor/jobLog/delete/:jobLogIds', procedure: 'monitor.jobLog.remove', input: ['params'], envelope: 'data',
    mapInput: (raw) => ({ ids: idList(raw.jobLogIds) }), aliases: [{ method: 'DELETE', path: '/monitor/jobLog/:jobLogIds' }],
  },
  {
    method: 'POST', path: '/monitor/jobLog/clean', procedure: 'monitor.jobLog.clean', envelope: 'data',
    aliases: [{ method: 'DELETE', path: '/monitor/jobLog/clean' }],
  },
  { method: 'POST', path: '/monitor/jobLog/export', procedure: 'monitor.jobLog.export', input: ['query', 'body'], envelope: 'file' },
];
