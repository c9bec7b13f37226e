/**
 * Upload quotas (issue 38 §7: "a role-less user stored 20 MB"): every file the server keeps for a
 * user (common upload / uploadFile, avatar) counts against
 * - `sys.upload.userQuota`: megabytes one user may keep (default 200), and
 * - `sys.upload.totalQuota`: megabytes all users together may keep (default 10240).
 * A value that is not a positive number uses the default. The check and the reservation of the
 * new file's size are one transaction, run before anything is written to disk, so two uploads at
 * once cannot both pass a nearly full quota. Sizes are counted from the ledger `sys_upload`
 * (files stored before it existed are not counted). A replaced avatar's row goes with its file.
 *
 * On the async store (issue 43): the quotas are read through the config cache (config.repo.ts
 * `configValue`) before the reservation, and every write is one `store.transaction`.
 */
import type { AppDeps } from '../../deps';
import { AppError } from '../../core/errors';
import { nowText } from '../../core/clock';
import { configValue } from '../system/config/config.repo';
import { deleteUpload, deleteUploadsNamed, insertUpload, renameUpload, totalUploadBytes, userUploadBytes } from './upload-quota.repo';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

export const USER_QUOTA_KEY = 'sys.upload.userQuota';
export const TOTAL_QUOTA_KEY = 'sys.upload.totalQuota';
/** Defaults in megabytes. */
export const DEFAULT_USER_QUOTA_MB = 200;
export const DEFAULT_TOTAL_QUOTA_MB = 10240;

const MB = 1024 * 1024;
const mbText = (bytes: number) => `${Math.round((bytes / MB) * 100) / 100}MB`;

async function quotaBytes(deps: Deps, key: string, fallbackMb: number): Promise<number> {
  const mb = Number(((await configValue(deps.store, key)) ?? '').trim() || NaN);
  return (Number.isFinite(mb) && mb > 0 ? mb : fallbackMb) * MB;
}

/** The quotas in bytes: `{user, total}` from the config keys above (defaults when unset or invalid). */
export async function uploadQuotas(deps: Deps): Promise<{ user: number; total: number }> {
  return { user: await quotaBytes(deps, USER_QUOTA_KEY, DEFAULT_USER_QUOTA_MB), total: await quotaBytes(deps, TOTAL_QUOTA_KEY, DEFAULT_TOTAL_QUOTA_MB) };
}

/**
 * Reserves `size` bytes for `userId` before a file is written → the ledger row id (pass it to
 * confirmUpload once the file has its name, or to releaseUpload when the write fails).
 * Errors (500, nothing reserved): 上传失败：超出个人上传空间限额（已用 xMB，本次 yMB，限额 zMB）;
 * 上传失败：超出系统上传空间总限额（已用 xMB，本次 yMB，限额 zMB）.
 */
export async function reserveUpload(deps: Deps, userId: number, size: number): Promise<number> {
  const quota = await uploadQuotas(deps);
  const { store } = deps;
  const createTime = nowText(deps.clock);
  return store.transaction(async () => {
    const mine = await userUploadBytes(store, userId);
    if (mine + size > quota.user) {
      throw new AppError('refused', `上传失败：超出个人上传空间限额（已用 ${mbText(mine)}，本次 ${mbText(size)}，限额 ${mbText(quota.user)}）`);
    }
    const all = await totalUploadBytes(store);
    if (all + size > quota.total) {
      throw new AppError('refused', `上传失败：超出系统上传空间总限额（已用 ${mbText(all)}，本次 ${mbText(size)}，限额 ${mbText(quota.total)}）`);
    }
    return insertUpload(store, { userId, fileName: '', size, createTime });
  });
}

/** Records the served path (`/profile/…`) of the reserved row `uploadId`. */
export async function confirmUpload(deps: Deps, uploadId: number, fileName: string): Promise<void> {
  await deps.store.transaction(() => renameUpload(deps.store, uploadId, fileName));
}

/** Frees the reservation `uploadId` (the file was not kept). */
export async function releaseUpload(deps: Deps, uploadId: number): Promise<void> {
  await deps.store.transaction(() => deleteUpload(deps.store, uploadId));
}

/** Frees the rows of a removed file (`/profile/…` path). */
export async function releaseUploadNamed(deps: Deps, fileName: string): Promise<void> {
  await deps.store.transaction(() => deleteUploadsNamed(deps.store, fileName));
}
