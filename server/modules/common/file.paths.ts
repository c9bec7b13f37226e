/**
 * File-name rules of uploads and downloads (platform spec §5; reference §2 Files, RuoYi
 * MimeTypeUtils / FileUtils.checkAllowDownload): the allowed extensions, safe stored names, and
 * resolution of a client-given relative path inside UPLOAD_DIR that never leaves it (no `..`, no
 * absolute path, no NUL or backslash, prefix checked after resolve and again after realpath, so a
 * symlink cannot lead out either).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Images (RuoYi MimeTypeUtils.IMAGE_EXTENSION). */
export const IMAGE_EXTENSIONS = ['bmp', 'gif', 'jpg', 'jpeg', 'png'] as const;

/**
 * `POST /common/upload` (RuoYi MimeTypeUtils.DEFAULT_ALLOWED_EXTENSION, which its FileUpload posts
 * there; issue 41 §4): images, office files, text, archives, video and pdf.
 */
export const DEFAULT_ALLOWED_EXTENSIONS = [
  ...IMAGE_EXTENSIONS, 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'html', 'htm', 'txt',
  'rar', 'zip', 'gz', 'bz2', 'mp4', 'avi', 'rmvb', 'pdf',
] as const;

/** `POST /common/uploadFile` and downloads (spec §5 file upload list, MOV as written there). */
export const FILE_EXTENSIONS = [
  'bmp', 'gif', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'html', 'htm', 'txt',
  'rar', 'zip', 'gz', 'bz2', 'mp4', 'avi', 'rmvb', 'pdf', 'svg', 'tiff', 'mp3', 'MOV', 'wps',
] as const;

/** Max upload size: 100 MB (spec §5, §9). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Max original file name length (RuoYi DEFAULT_FILE_NAME_LENGTH). */
export const MAX_NAME_LENGTH = 100;

/** The extension after the last dot ('' when none); compared without case, as RuoYi does. */
export const extensionOf = (name: string) => {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
};

export const isAllowedExtension = (ext: string, allowed: readonly string[]) =>
  ext !== '' && allowed.some((a) => a.toLowerCase() === ext.toLowerCase());

/**
 * The original name's base without extension, made safe for a path segment and a URL (≤ 100
 * chars): control characters, separators and URL-special characters become `_`, runs of dots
 * one dot (`report..final` → `report.final`), a leading dot `_`. What the upload builds from it
 * always passes isSafeRelativeName, so anything uploaded can be downloaded again (issue 11 §4).
 */
export function safeBaseName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/[\x00-\x1f\x7f\\/:*?"<>|#%&+;=\s]/g, '_').replace(/\.{2,}/g, '.').slice(0, MAX_NAME_LENGTH);
  return stem.replace(/^\.+/, '_') || 'file';
}

/**
 * The one rule for a file name or relative path under UPLOAD_DIR, for what an upload stores and
 * what a download may read: not empty, no control character (NUL included), no `..`, no backslash, not absolute (`/x`, `C:x`),
 * no empty or `.` segment, and an allowed extension (RuoYi checkAllowDownload, tightened).
 */
export function isSafeRelativeName(name: string): boolean {
  if (!name || name.length > 500 || /[\x00-\x1f\x7f]/.test(name) || name.includes('..') || name.includes('\\')) return false;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return false;
  if (name.split('/').some((seg) => seg === '' || seg === '.')) return false;
  return isAllowedExtension(extensionOf(name), FILE_EXTENSIONS);
}

/**
 * The real path of `rel` inside `root` when it names an existing regular file there, else null.
 * `rel` must already pass isSafeRelativeName; the resolved and the real path (symlinks followed)
 * must both lie below the real root.
 */
export async function resolveInside(root: string, rel: string): Promise<string | null> {
  const base = path.resolve(root);
  const target = path.resolve(base, rel);
  if (!target.startsWith(base + path.sep)) return null;
  try {
    const realBase = await fs.realpath(base);
    const real = await fs.realpath(target);
    if (!real.startsWith(realBase + path.sep)) return null;
    return (await fs.stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

const TYPES: Record<string, string> = {
  bmp: 'image/bmp', gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png',
  tiff: 'image/tiff', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8', zip: 'application/zip',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp3: 'audio/mpeg', mp4: 'video/mp4', mov: 'video/quicktime', avi: 'video/x-msvideo', gz: 'application/gzip',
};

/**
 * Content type by extension. SVG and HTML (which can carry script), and anything unknown, go out
 * as `application/octet-stream`, so a browser never renders them inline even if it ignored the
 * attachment disposition (issue 11 §4; the served answer also carries nosniff).
 */
export const contentTypeOf = (name: string) => TYPES[extensionOf(name).toLowerCase()] ?? 'application/octet-stream';
