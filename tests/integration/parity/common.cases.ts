/**
 * Parity cases of the upload and download rows (the REST metas of modules/common/common.router.ts). The runner sends
 * JSON and reads JSON, so each case is a refusal both surfaces answer alike (no file part; names
 * that are illegal); stored and served bytes are checked in files.test.ts.
 */
import { settle, type ParityCase } from '../../helpers/parity';
import type { UploadedFile } from '../../../server/rest/table';

const failure = (e: Record<string, any>) => ({ error: e.msg });
const noFile = {} as { file: UploadedFile };

export const commonCases: Record<string, ParityCase> = {
  'POST /common/upload': { url: '/common/upload', body: {}, trpc: (c) => settle(c.common.upload(noFile)), pick: failure },
  'POST /common/uploadFile': { url: '/common/uploadFile', body: {}, trpc: (c) => settle(c.common.uploadFile(noFile)), pick: failure },
  'GET /common/download': {
    url: `/common/download?fileName=${encodeURIComponent('../../etc/passwd')}&delete=true`,
    trpc: (c) => settle(c.common.download({ fileName: '../../etc/passwd', delete: 'true' })), pick: failure,
  },
  'GET /common/download/resource': {
    url: '/common/download/resource?resource=/etc/passwd', trpc: (c) => settle(c.common.resource({ resource: '/etc/passwd' })), pick: failure,
  },
  'GET /profile/*': { url: '/profile/upload/evil.exe', trpc: (c) => settle(c.common.profile({ path: 'upload/evil.exe' })), pick: failure },
};
