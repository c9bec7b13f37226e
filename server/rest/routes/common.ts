/**
 * REST rows for uploads and downloads (platform spec §7; api-contract "System, monitor, common").
 * Files go out as binary with Content-Disposition; a failure answers the JSON envelope. Served
 * uploads live at `/caishui-api/profile/**` (token by header or `?Authorization=`).
 */
import type { RestRoute } from '../table';

export const commonRoutes: RestRoute[] = [
  { method: 'POST', path: '/common/upload', procedure: 'common.upload', input: ['multipart'], envelope: 'ajax' },
  { method: 'POST', path: '/common/uploadFile', procedure: 'common.uploadFile', input: ['multipart'], envelope: 'ajax' },
  { method: 'GET', path: '/common/download', procedure: 'common.download', input: ['query'], envelope: 'file' },
  { method: 'GET', path: '/common/download/resource', procedure: 'common.resource', input: ['query'], envelope: 'file' },
  { method: 'GET', path: '/profile/*', procedure: 'common.profile', input: ['params'], mapInput: (raw) => ({ path: raw['*'] }), envelope: 'file' },
];
