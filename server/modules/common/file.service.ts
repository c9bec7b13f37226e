/**
 * Uploads and downloads (platform spec §5, §7 "Uploads and downloads"; reference §2 Files, RuoYi
 * CommonController / FileUploadUtils). Files live under `UPLOAD_DIR` (RuoYi's profile folder):
 * uploads in `upload/yyyy/MM/dd/<name>_<unique>.<ext>`, served as `/profile/…`; `/common/download`
 * reads `download/<fileName>`. Nothing outside UPLOAD_DIR is ever read or written (file.paths.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { AppError } from '../../core/errors';
import type { FileReply, UploadedFile } from '../../core/files';
import { formatDate } from '../../../shared/utils/date';
import { confirmUpload, releaseUpload, reserveUpload } from './upload-quota.service';
import { contentMatchesExtension } from './file-content';
import {
  contentTypeOf, DEFAULT_ALLOWED_EXTENSIONS, extensionOf, FILE_EXTENSIONS, isAllowedExtension, isSafeRelativeName,
  MAX_NAME_LENGTH, MAX_UPLOAD_BYTES, resolveInside, safeBaseName,
} from './file.paths';

type Deps = Pick<AppDeps, 'env' | 'clock'>;
type UploadDeps = Pick<AppDeps, 'env' | 'clock' | 'store'>;

/** The API prefix the served files sit under (server/app.ts API_PREFIX). */
export const FILE_URL_PREFIX = '/caishui-api';
/** RuoYi Constants.RESOURCE_PREFIX. */
export const RESOURCE_PREFIX = '/profile';

export interface UploadReply {
  /** `/caishui-api/profile/upload/yyyy/MM/dd/<name>_<unique>.<ext>` */
  url: string;
  /** `/profile/upload/yyyy/MM/dd/<name>_<unique>.<ext>` */
  fileName: string;
  /** `<name>_<unique>.<ext>` */
  newFileName: string;
  originalFilename: string;
  /** The original name again (spec §3 upload response). */
  oldFilename: string;
}

/** `default`: `/common/upload` (DEFAULT_ALLOWED_EXTENSIONS); `file`: `/common/uploadFile` (FILE_EXTENSIONS). */
export type UploadKind = 'default' | 'file';

const rootOf = (deps: Pick<AppDeps, 'env'>) => path.resolve(deps.env.UPLOAD_DIR);

/**
 * Stores one upload and answers its names; the stored name passes the download rule
 * (isSafeRelativeName), so `fileName` can always be downloaded. Errors (500, nothing stored):
 * 文件格式不正确 (extension not in the kind's list, or bytes not of the extension's family:
 * file-content.ts, issue 41 §4); 上传的文件名最长100个字符; 文件名称非法，不允许上传 (never for a sanitised name);
 * 上传的文件大小超出限制的文件大小！允许的文件最大大小是：100MB！; with `userId`, the upload quotas'
 * messages (upload-quota.service.ts, issue 38 §7), checked and reserved before anything is written.
 */
export async function storeUpload(deps: UploadDeps, file: UploadedFile, kind: UploadKind, maxBytes = MAX_UPLOAD_BYTES, userId?: number): Promise<UploadReply> {
  const original = file.filename ?? '';
  if (original.length > MAX_NAME_LENGTH) throw new AppError('invalid', `上传的文件名最长${MAX_NAME_LENGTH}个字符`);
  const ext = extensionOf(original);
  if (!isAllowedExtension(ext, kind === 'default' ? DEFAULT_ALLOWED_EXTENSIONS : FILE_EXTENSIONS)) throw new AppError('invalid', '文件格式不正确');
  if (file.data.length > maxBytes) {
    throw new AppError('invalid', `上传的文件大小超出限制的文件大小！允许的文件最大大小是：${Math.round(maxBytes / 1024 / 1024)}MB！`);
  }
  if (!(await contentMatchesExtension(ext, file.data))) throw new AppError('invalid', '文件格式不正确');
  const now = deps.clock.now();
  const day = formatDate(now, 'yyyy/MM/dd');
  const nameOf = () => `${safeBaseName(original)}_${formatDate(now, 'yyyyMMddHHmmss')}${crypto.randomBytes(3).toString('hex')}.${ext}`;
  let newFileName = nameOf();
  // The download rule decides what may be stored, so every stored file can be read back.
  if (!isSafeRelativeName(`upload/${day}/${newFileName}`)) throw new AppError('invalid', '文件名称非法，不允许上传');
  const reserved = userId === undefined ? undefined : await reserveUpload(deps, userId, file.data.length);
  try {
    const dir = path.join(rootOf(deps), 'upload', ...day.split('/'));
    await fs.mkdir(dir, { recursive: true });
    for (;; newFileName = nameOf()) {
      try {
        await fs.writeFile(path.join(dir, newFileName), file.data, { flag: 'wx' });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw e;
      }
      break;
    }
  } catch (e) {
    if (reserved !== undefined) await releaseUpload(deps, reserved);
    throw e;
  }
  const fileName = `${RESOURCE_PREFIX}/upload/${day}/${newFileName}`;
  if (reserved !== undefined) await confirmUpload(deps, reserved, fileName);
  return { url: `${FILE_URL_PREFIX}${fileName}`, fileName, newFileName, originalFilename: original, oldFilename: original };
}

async function readInside(deps: Deps, rel: string, illegal: string, downloadName: string): Promise<FileReply & { realPath: string }> {
  if (!isSafeRelativeName(rel)) throw new AppError('invalid', illegal);
  const real = await resolveInside(rootOf(deps), rel);
  if (!real) throw new AppError('notFound', '文件不存在');
  return { fileName: downloadName, contentType: contentTypeOf(rel), body: await fs.readFile(real), realPath: real };
}

const shown = (s: string) => s.slice(0, 200);

/**
 * `GET /common/download?fileName=&delete=` → the file `UPLOAD_DIR/download/<fileName>`, sent as
 * `<timestamp><part after the first '_'>` (RuoYi), deleted afterwards when `delete` is true.
 * Errors (500): 文件名称(x)非法，不允许下载。; 文件不存在.
 */
export async function downloadFile(deps: Deps, fileName: string, remove: boolean): Promise<FileReply> {
  const illegal = `文件名称(${shown(fileName)})非法，不允许下载。`;
  if (!isSafeRelativeName(fileName)) throw new AppError('invalid', illegal);
  const base = fileName.split('/').pop() ?? '';
  const file = await readInside(deps, `download/${fileName}`, illegal, `${deps.clock.now()}${base.slice(base.indexOf('_') + 1)}`);
  if (remove) await fs.rm(file.realPath, { force: true });
  return { fileName: file.fileName, contentType: file.contentType, body: file.body };
}

/**
 * `GET /common/download/resource?resource=/profile/…` → that file under UPLOAD_DIR, named by its
 * last segment. Errors (500): 资源文件(x)非法，不允许下载。; 文件不存在.
 */
export async function downloadResource(deps: Deps, resource: string): Promise<FileReply> {
  const illegal = `资源文件(${shown(resource)})非法，不允许下载。`;
  if (!resource.startsWith(`${RESOURCE_PREFIX}/`)) throw new AppError('invalid', illegal);
  const rel = resource.slice(RESOURCE_PREFIX.length + 1);
  const { fileName, contentType, body } = await readInside(deps, rel, illegal, rel.split('/').pop() ?? 'file');
  return { fileName, contentType, body };
}

/**
 * `GET /profile/**` → a stored file (the `url` of an upload). Errors (500): 文件名称(x)非法，不允许下载。;
 * 文件不存在.
 */
export async function serveProfile(deps: Deps, rel: string): Promise<FileReply> {
  const { fileName, contentType, body } = await readInside(deps, rel, `文件名称(${shown(rel)})非法，不允许下载。`, rel.split('/').pop() ?? 'file');
  return { fileName, contentType, body };
}
