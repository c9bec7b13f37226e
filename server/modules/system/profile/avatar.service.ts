/**
 * Avatar upload (platform spec §2 Profile, §5 "Avatar", §8 "Avatar success"; reference §2
 * `POST /system/user/profile/avatar`, RuoYi MimeTypeUtils.IMAGE_EXTENSION): the file must be an
 * image by name (bmp, gif, jpg, jpeg, png; a name without extension such as the cropper's `blob`
 * takes it from the MIME type) AND by its first bytes, else 文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。
 * It is stored as `UPLOAD_DIR/avatar/yyyy/MM/dd/<unique>.<png|jpg|gif|bmp>` (the type the bytes
 * show) and served by the files module at `/profile/avatar/yyyy/MM/dd/<name>`, the new
 * `sys_user.avatar`. Names are made here, so the path never leaves UPLOAD_DIR. The file is
 * written before, and the old one removed after, the `store.transaction` that sets the avatar
 * (issue 43: the transaction awaits nothing but the store's statements).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../../deps';
import type { LoginUser } from '../../../core/authz';
import { AppError } from '../../../core/errors';
import { nowText } from '../../../core/clock';
import { formatDate } from '../../../../shared/utils/date';
import type { UploadedFileShape } from '../../../../shared/schemas/system/user';
import { findUserDetail } from '../user/user.repo';
import { updateUser } from '../user/user-write.repo';
import { confirmUpload, releaseUpload, releaseUploadNamed, reserveUpload } from '../../common/upload-quota.service';

export const AVATAR_FORMAT_ERROR = '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。';
export const IMAGE_EXTENSIONS = ['bmp', 'gif', 'jpg', 'jpeg', 'png'] as const;
const MIME_EXTENSIONS: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/pjpeg': 'jpg', 'image/gif': 'gif', 'image/bmp': 'bmp', 'image/x-ms-bmp': 'bmp',
};
/** URL prefix under which the files module serves UPLOAD_DIR. */
export const PROFILE_URL_PREFIX = '/profile';

type ImageKind = 'png' | 'jpg' | 'gif' | 'bmp';

/** The image type the first bytes show (PNG, JPEG, GIF87a/89a, BMP), or null. */
export function sniffImage(data: Uint8Array): ImageKind | null {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (b.length >= 14 && b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  return null;
}

/** The lower-case extension of the name, or the MIME type's when the name has none. */
function extensionOf(file: UploadedFileShape): string {
  const base = path.basename(file.filename || '');
  const dot = base.lastIndexOf('.');
  if (dot > 0 && dot < base.length - 1) return base.slice(dot + 1).toLowerCase();
  return MIME_EXTENSIONS[(file.mimetype || '').toLowerCase()] ?? '';
}

/** Absolute path of a `/profile/avatar/...` URL inside UPLOAD_DIR/avatar, or null. */
function avatarFileOf(root: string, url: string): string | null {
  if (!url.startsWith(`${PROFILE_URL_PREFIX}/avatar/`)) return null;
  const file = path.resolve(root, url.slice(PROFILE_URL_PREFIX.length + 1));
  return file.startsWith(path.join(root, 'avatar') + path.sep) ? file : null;
}

/**
 * Stores the avatar and sets it on the signed-in user → `{imgUrl}`. The previous avatar file
 * (when it is one of ours) is removed after the change is saved, and its size freed. Errors: the
 * format message above; 上传图片异常，请联系管理员 for an empty file; the upload quotas' (issue 38 §7,
 * common/upload-quota.service.ts), checked before anything is written.
 */
export async function uploadAvatar(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'env'>, login: LoginUser, file: UploadedFileShape): Promise<{ imgUrl: string }> {
  if (file.data.byteLength === 0) throw new AppError('invalid', '上传图片异常，请联系管理员');
  const ext = extensionOf(file);
  const kind = sniffImage(file.data);
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !kind) throw new AppError('invalid', AVATAR_FORMAT_ERROR);

  const now = deps.clock.now();
  const day = formatDate(now, 'yyyy/MM/dd');
  const name = `${formatDate(now, 'yyyyMMddHHmmss')}_${crypto.randomUUID().replace(/-/g, '')}.${kind}`;
  const root = path.resolve(deps.env.UPLOAD_DIR);
  const target = path.resolve(root, 'avatar', day, name);
  if (!target.startsWith(path.join(root, 'avatar') + path.sep)) throw new AppError('internal', '上传图片异常，请联系管理员');
  const imgUrl = `${PROFILE_URL_PREFIX}/avatar/${day}/${name}`;
  const reserved = await reserveUpload(deps, login.userId, file.data.byteLength);
  try {
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.data, { flag: 'wx' });
  } catch (e) {
    await releaseUpload(deps, reserved);
    throw e;
  }
  await confirmUpload(deps, reserved, imgUrl);

  let previous = '';
  try {
    const { store } = deps;
    await store.transaction(async () => {
      previous = (await findUserDetail(store, login.userId))?.avatar ?? '';
      if (await updateUser(store, login.userId, { avatar: imgUrl, updateBy: login.userName, updateTime: nowText(deps.clock) }) === 0) {
        throw new AppError('internal', '上传图片异常，请联系管理员');
      }
    });
  } catch (e) {
    await fs.rm(target, { force: true });
    await releaseUpload(deps, reserved);
    throw e;
  }
  const old = previous ? avatarFileOf(root, previous) : null;
  if (old && old !== target) {
    await fs.rm(old, { force: true }).catch(() => undefined);
    await releaseUploadNamed(deps, previous);
  }
  return { imgUrl };
}
