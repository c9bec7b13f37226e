/**
 * Upload rules and texts (platform spec §5 "Image upload", "File upload", "Rich-text image
 * upload"; §8 upload errors; §9 upload defaults), pure so they are unit-tested. RuoYi's
 * ImageUpload / FileUpload / Editor handleBeforeUpload, handleExceed and handleUploadSuccess.
 *
 * Values: a component's value is the comma-joined list of the stored urls
 * (`/caishui-api/profile/upload/yyyy/MM/dd/<name>_<unique>.<ext>`). Served files are shown by
 * their plain address (the HttpOnly file cookie set at sign-in opens them, issue 41 §3) and
 * downloaded with the bearer header: `servedUrl` says where one is and whether it is one of ours,
 * so no token ever goes into a URL (issue 11 §4).
 */

/** Image uploader defaults (spec §5, §9). */
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg'];
/** File uploader extensions (spec §5, as written there: MOV in capitals). */
export const FILE_TYPES = [
  'bmp', 'gif', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'html', 'htm', 'txt', 'rar', 'zip',
  'gz', 'bz2', 'mp4', 'avi', 'rmvb', 'pdf', 'svg', 'tiff', 'mp3', 'MOV', 'wps',
];
/** Rich-text image MIME types (spec §5; `image/svg` as written there). */
export const EDITOR_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/svg'];
export const DEFAULT_LIMIT = 5;
/** MB */
export const DEFAULT_FILE_SIZE = 100;

export const UPLOAD_MESSAGES = {
  imageFailed: '上传图片失败，请重试',
  fileFailed: '上传文件失败，请重试',
  editorInsertFailed: '图片插入失败',
  editorBadType: '图片格式错误!',
  imageUploading: '正在上传图片，请稍候...',
  fileUploading: '正在上传文件，请稍候...',
} as const;

/** What the checks read of a browser File. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** Extension after the last dot, '' when none (case kept). */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > -1 ? name.slice(i + 1) : '';
}

const MB = 1024 * 1024;

/**
 * Image check before upload: the extension or the MIME subtype must be in `fileType`
 * (case-insensitive; any image/* when `fileType` is empty), and the size below `fileSize` MB
 * (0 = no limit). Returns the error text, or null when the file may go.
 * @example checkImage({name:'a.gif',size:1,type:'image/gif'}) // '文件格式不正确, 请上传png/jpg/jpeg图片格式文件!'
 */
export function checkImage(file: FileLike, fileType: string[] = IMAGE_TYPES, fileSize = DEFAULT_FILE_SIZE): string | null {
  let ok: boolean;
  if (fileType.length > 0) {
    const ext = extensionOf(file.name).toLowerCase();
    const sub = (file.type.split('/')[1] ?? '').toLowerCase();
    ok = fileType.some((t) => t.toLowerCase() === ext || t.toLowerCase() === sub);
  } else {
    ok = file.type.startsWith('image/');
  }
  if (!ok) return `文件格式不正确, 请上传${fileType.join('/')}图片格式文件!`;
  if (fileSize && !(file.size / MB < fileSize)) return `上传头像图片大小不能超过 ${fileSize} MB!`;
  return null;
}

/**
 * File check before upload: the extension must be in `fileType` (case-insensitive; the server
 * compares the same way) and the size below `fileSize` MB (0 = no limit).
 */
export function checkFile(file: FileLike, fileType: string[] = FILE_TYPES, fileSize = DEFAULT_FILE_SIZE): string | null {
  if (fileType.length > 0) {
    const ext = extensionOf(file.name).toLowerCase();
    if (!ext || !fileType.some((t) => t.toLowerCase() === ext)) return `文件格式不正确, 请上传${fileType.join('/')}格式文件!`;
  }
  if (fileSize && !(file.size / MB < fileSize)) return `上传文件大小不能超过 ${fileSize} MB!`;
  return null;
}

/** Rich-text image check: MIME in EDITOR_IMAGE_TYPES, size below `fileSize` MB. */
export function checkEditorImage(file: FileLike, fileSize = DEFAULT_FILE_SIZE): string | null {
  if (!EDITOR_IMAGE_TYPES.includes(file.type)) return UPLOAD_MESSAGES.editorBadType;
  if (fileSize && !(file.size / MB < fileSize)) return `上传文件大小不能超过 ${fileSize} MB!`;
  return null;
}

/** Count check (handleExceed): `current` already uploaded plus `adding` must not pass `limit`. */
export function checkCount(current: number, adding: number, limit = DEFAULT_LIMIT): string | null {
  return limit > 0 && current + adding > limit ? `上传文件数量不能超过 ${limit} 个!` : null;
}

/** The tip under an uploader: 请上传 大小不超过 N MB 格式为 a/b 的文件. */
export function uploadHint(fileSize = DEFAULT_FILE_SIZE, fileType: string[] = IMAGE_TYPES): string {
  const parts = ['请上传'];
  if (fileSize) parts.push(`大小不超过 ${fileSize} MB`);
  if (fileType.length > 0) parts.push(`格式为 ${fileType.join('/')}`);
  parts.push('的文件');
  return parts.join(' ');
}

/** `accept` attribute for a list of extensions: `.png,.jpg`. */
export const acceptOf = (fileType: string[]) => fileType.map((t) => `.${t}`).join(',');

/** Comma-joined value → urls (blank entries dropped); arrays pass through. */
export function splitUrls(value: string | string[] | null | undefined): string[] {
  if (!value) return [];
  const list = Array.isArray(value) ? value : value.split(',');
  return list.map((s) => s.trim()).filter(Boolean);
}

/** Urls → comma-joined value. */
export const joinUrls = (urls: string[]) => urls.join(',');

/** The name shown for a stored file: the last path segment. */
export function fileNameOf(url: string): string {
  const clean = url.split('?')[0];
  const i = clean.lastIndexOf('/');
  return i > -1 ? clean.slice(i + 1) : clean;
}

/** Where a stored file is and how to get it (`servedUrl`). */
export interface ServedUrl {
  /** The address without any token; what an `<img src>` shows. */
  url: string;
  /** True for addresses under the API prefix: downloads of them go with the bearer header. */
  api: boolean;
}

/**
 * Address of a stored file: `/profile/…` gets the API prefix; an `<img>` shows it as it is (the
 * file cookie opens `/caishui-api/profile/**`, issue 41 §3), while downloads of addresses under
 * the API prefix go with the bearer header (issue 11 §4: no token in image URLs or links); other
 * addresses (http…, data:, blob:) are used as they are.
 * @example servedUrl('/profile/upload/a.png') // {url: '/caishui-api/profile/upload/a.png', api: true}
 */
export function servedUrl(url: string, apiBase = '/caishui-api'): ServedUrl {
  const full = url.startsWith('/profile/') ? `${apiBase}${url}` : url;
  return { url: full, api: full.startsWith(`${apiBase}/`) };
}

/** The upload reply of `/common/upload` and `/common/uploadFile`. */
export interface UploadReply {
  code?: number;
  msg?: string;
  url?: string;
  fileName?: string;
  newFileName?: string;
  originalFilename?: string;
}

export type UploadOutcome =
  | { ok: true; url: string; fileName: string; originalFilename: string }
  | { ok: false; code: number; message: string };

/**
 * Reads a reply: code 200 with a url → ok; any other code → the server msg (spec §8: shown as an
 * error and the file removed).
 */
export function readUploadReply(reply: UploadReply | null | undefined, fallback: string): UploadOutcome {
  if (reply && reply.code === 200 && reply.url) {
    return { ok: true, url: reply.url, fileName: reply.fileName ?? reply.url, originalFilename: reply.originalFilename ?? fileNameOf(reply.url) };
  }
  return { ok: false, code: reply?.code ?? 500, message: reply?.msg || fallback };
}
