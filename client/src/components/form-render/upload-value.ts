/**
 * Value of an `el-upload` field (reference §7: a JSON string array `[{name,url,fileType}]`) and
 * its limits (spec §3 fileSize/sizeUnit, §9 upload defaults 2 MB, units KB/MB/GB, file types).
 */
import { extensionOf, fileNameOf } from '../upload/rules';

export interface UploadedFile {
  name: string;
  url: string;
  fileType: string;
}

/** The stored value (JSON text, an array, or legacy comma-joined urls) → the file list. */
export function parseUploadValue(value: unknown): UploadedFile[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    const s = value.trim();
    if (!s) return [];
    try {
      list = JSON.parse(s);
    } catch {
      list = s.split(',').map((url) => url.trim()).filter(Boolean);
    }
  }
  if (!Array.isArray(list)) return [];
  return list
    .map((item): UploadedFile | null => {
      if (typeof item === 'string') return item ? fileOf(item) : null;
      if (!item || typeof item !== 'object') return null;
      const o = item as Record<string, unknown>;
      const url = String(o.url ?? '');
      if (!url) return null;
      return { name: String(o.name ?? fileNameOf(url)), url, fileType: String(o.fileType ?? extensionOf(fileNameOf(url)).toLowerCase()) };
    })
    .filter((f): f is UploadedFile => f !== null);
}

function fileOf(url: string, known?: UploadedFile[]): UploadedFile {
  return known?.find((f) => f.url === url) ?? { name: fileNameOf(url), url, fileType: extensionOf(fileNameOf(url)).toLowerCase() };
}

/** url → shown name of a stored value's files (the uploader's `fileNames`). */
export function uploadNames(value: unknown): Record<string, string> {
  return Object.fromEntries(parseUploadValue(value).map((f) => [f.url, f.name]));
}

/** The uploaders' comma-joined urls of a stored value. */
export function uploadUrls(value: unknown): string {
  return parseUploadValue(value).map((f) => f.url).join(',');
}

/**
 * Comma-joined urls from an uploader → the stored JSON text; null when empty. A file's `name` is
 * the one already known (`previous`), else its original name from `uploaded` (the upload reply's
 * `originalFilename`), else the url's last part; `url` stays the stored one.
 */
export function toUploadValue(urls: string, previous: unknown, uploaded: { url: string; name: string }[] = []): string | null {
  const known = [
    ...parseUploadValue(previous),
    ...uploaded.filter((u) => u.url && u.name).map((u) => ({ name: u.name, url: u.url, fileType: extensionOf(u.name || fileNameOf(u.url)).toLowerCase() })),
  ];
  const list = urls.split(',').map((u) => u.trim()).filter(Boolean).map((u) => fileOf(u, known));
  return list.length ? JSON.stringify(list) : null;
}

/** `fileSize` + `sizeUnit` → MB for the uploaders (default 2 MB; 0 = no limit). */
export function fileSizeMb(fileSize: unknown, sizeUnit: unknown): number {
  const n = fileSize === undefined || fileSize === null || fileSize === '' ? 2 : Number(fileSize);
  if (!Number.isFinite(n) || n <= 0) return 0;
  const unit = String(sizeUnit ?? 'MB').toUpperCase();
  return unit === 'KB' ? n / 1024 : unit === 'GB' ? n * 1024 : n;
}

const ACCEPT_GROUPS: Record<string, string[]> = {
  'image/*': ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'svg', 'webp'],
  'video/*': ['mp4', 'avi', 'rmvb', 'mov', 'webm'],
  'audio/*': ['mp3', 'wav', 'ogg', 'm4a'],
};

/** An el-upload `accept` ('image/*', '.xls,.xlsx', …) → the extension list of the uploaders; undefined when any file goes. */
export function acceptToFileTypes(accept: unknown): string[] | undefined {
  if (typeof accept !== 'string' || !accept.trim()) return undefined;
  const out: string[] = [];
  for (const part of accept.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean)) {
    if (ACCEPT_GROUPS[part]) out.push(...ACCEPT_GROUPS[part]);
    else if (part.startsWith('.')) out.push(part.slice(1));
    else if (part.includes('/')) out.push(part.split('/')[1]);
    else out.push(part);
  }
  return out.length ? [...new Set(out)] : undefined;
}
