/**
 * Multipart upload to the REST surface (platform spec §7 "Uploads and downloads": POST
 * /common/upload (images) and /common/uploadFile (files), field `file`, bearer header).
 *
 * `postUpload(path, file)` resolves an UploadOutcome: `{ok: true, url, …}` on code 200, or
 * `{ok: false, code, message}` with the server msg for any other code; it rejects only when no
 * JSON reply arrived (network failure, proxy error page), which the callers show as
 * 上传图片失败，请重试 / 上传文件失败，请重试 (spec §8). Code 401 also opens the session-expired dialog.
 */
import { showSessionExpired } from '../../lib/request-error';
import { API_BASE, authHeaders } from '../../lib/trpc';
import { readUploadReply, type UploadOutcome, type UploadReply } from './rules';

export const IMAGE_UPLOAD_PATH = '/common/upload';
export const FILE_UPLOAD_PATH = '/common/uploadFile';

export async function postUpload(path: string, file: File, field = 'file'): Promise<UploadOutcome> {
  const body = new FormData();
  body.append(field, file, file.name);
  const res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers: authHeaders(), body });
  const text = await res.text();
  let reply: UploadReply;
  try {
    reply = JSON.parse(text) as UploadReply;
  } catch {
    throw new Error(`upload failed with status ${res.status}`);
  }
  if (typeof reply !== 'object' || reply === null || typeof reply.code !== 'number') throw new Error('bad upload reply');
  const outcome = readUploadReply(reply, '');
  if (!outcome.ok && outcome.code === 401) void showSessionExpired();
  return outcome;
}
