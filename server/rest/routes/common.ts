/**
 * REST rows for uploads and downloads (platform spec §7; api-contract "System, monitor, common").
 * Files go out as attachments (Content-Disposition, nosniff); a failure answers the JSON envelope.
 * Served uploads live at `/caishui-api/profile/**`. The three download rows accept the token as
 * `?Authorization=` too (`queryToken`, spec §7 "an Authorization query parameter may be appended");
 * the uploads and every other row need the header (issue 11 §4). `/profile/**` alone also accepts
 * the file cookie set at sign-in (`fileCookie`, issue 41 §3), so a plain `<img src>` shows it.
 */
import type { RestRoute } from '../table';

export const commonRoutes: RestRoute[] = [
  { method: 'POST', path: '/common/upload', procedure: 'common.upload', input: ['multipart'], envelope: 'ajax' },
  { method: 'POST', path: '/common/uploadFile', procedure: 'common.uploadFile', input: ['multipart'], envelope: 'ajax' },
  { method: 'GET', path: '/common/download', procedure: 'common.download', input: ['query'], envelope: 'file', queryToken: true },
  { method: 'GET', path: '/common/download/resource', procedure: 'common.resource', input: ['query'], envelope: 'file', queryToken: true },
  { method: 'GET', path: '/profile/*', procedure: 'common.profile', input: ['params'], mapInput: (raw) => ({ path: raw['*'] }), envelope: 'file', queryToken: true, fileCookie: true },
];
