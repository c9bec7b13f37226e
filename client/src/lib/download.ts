/**
 * File downloads from the REST surface (platform spec §7, §8; RuoYi's plugins/download.js and
 * request.js `download`): fetches a blob from `/caishui-api/...` with the bearer token under a
 * loading mask, names the file from Content-Disposition, and detects a JSON error reply.
 */
import { openLoading } from './modal/loading-mask';
import { msgError } from './modal/toaster';
import { messageOf } from './error-code';
import { encodeParams, filenameFromDisposition } from './params';
import { API_BASE, authHeaders } from './trpc';

export { encodeParams, filenameFromDisposition };

const DOWNLOAD_ERROR = '下载文件出现错误，请联系管理员！';

type Params = Record<string, unknown>;

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function blobError(blob: Blob): Promise<string> {
  try {
    const json = JSON.parse(await blob.text()) as { code?: number; msg?: string };
    return messageOf(json.code ?? 500, json.msg);
  } catch {
    return DOWNLOAD_ERROR;
  }
}

interface DownloadOptions {
  method?: 'GET' | 'POST';
  /** Fallback when the reply names no file. */
  filename?: string;
}

/**
 * Downloads `path` (relative to `/caishui-api`, e.g. `/system/user/export`). POST sends the
 * params form-encoded (exports), GET in the query string. Resolves true when a file was saved.
 */
export async function download(path: string, params: Params = {}, options: DownloadOptions = {}): Promise<boolean> {
  const method = options.method ?? 'POST';
  const body = encodeParams(params);
  const url = `${API_BASE}${path}${method === 'GET' && body ? `${path.includes('?') ? '&' : '?'}${body}` : ''}`;
  const close = openLoading('正在下载数据，请稍候');
  try {
    const res = await fetch(url, {
      method,
      headers: {
        ...authHeaders(),
        ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: method === 'POST' ? body : undefined,
    });
    const blob = await res.blob();
    const type = res.headers.get('content-type') ?? blob.type;
    if (!res.ok || type.includes('application/json')) {
      msgError(type.includes('application/json') ? await blobError(blob) : DOWNLOAD_ERROR);
      return false;
    }
    const name =
      filenameFromDisposition(res.headers.get('content-disposition')) ??
      options.filename ??
      `data_${Date.now()}.xlsx`;
    saveBlob(blob, name);
    return true;
  } catch (e) {
    console.error(e);
    msgError(DOWNLOAD_ERROR);
    return false;
  } finally {
    close();
  }
}

/** GET /common/download/resource for a stored resource path. */
export function downloadResource(resource: string) {
  return download('/common/download/resource', { resource }, { method: 'GET' });
}

/** GET a zip from `path` and save it as `name`. */
export function downloadZip(path: string, name: string) {
  return download(path, {}, { method: 'GET', filename: name });
}
