/**
 * Login log services (reference §1 lockout, §2 Monitor; RuoYi SysLogininforController): list,
 * delete, clean, unlock (clears the wrong-password counter) and export. On the async store (issue 43):
 * list, delete, clean, unlock and export go through `store` (each write one `store.transaction`;
 * unlock's is auth/password.service.ts clearWrongPasswords').
 */
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../core/errors';
import type { FileReply } from '../../../core/files';
import { clearWrongPasswords } from '../../auth/password.service';
import { exportSheet, SUCCESS_FAIL } from '../../common/export-file';
import { cleanLogininfor, deleteLogininfor, listLogininfor, type LogininforFilter, type LogininforRow } from './logininfor.repo';

type Deps = Pick<AppDeps, 'db' | 'store' | 'clock'>;

/** `GET /monitor/logininfor/list` → `{rows, total}`, newest first. */
export const logininforList = (deps: Deps, f: LogininforFilter) => listLogininfor(deps.store, f);

/** `POST /monitor/logininfor/delete/{infoIds}`. Errors: 操作失败 when none exists. */
export async function logininforRemove(deps: Deps, infoIds: number[]): Promise<void> {
  if (await deps.store.transaction(() => deleteLogininfor(deps.store, infoIds)) === 0) throw new AppError('notFound', '操作失败');
}

/** `POST /monitor/logininfor/clean`: deletes every row. */
export async function logininforClean(deps: Deps): Promise<void> {
  await deps.store.transaction(() => cleanLogininfor(deps.store));
}

/** `GET /monitor/logininfor/unlock/{userName}`: clears the user's wrong-password counter (reference §1). */
export function logininforUnlock(deps: Deps, userName: string): Promise<void> {
  return clearWrongPasswords(deps, userName);
}

/** `POST /monitor/logininfor/export` → `data_{timestamp}.xlsx` (sheet 登录日志). */
export async function logininforExport(deps: Deps, f: LogininforFilter): Promise<FileReply> {
  return exportSheet<LogininforRow>('登录日志', [
    { header: '序号', value: 'infoId' },
    { header: '用户账号', value: 'userName' },
    { header: '登录状态', value: 'status', labels: SUCCESS_FAIL },
    { header: '登录地址', value: 'ipaddr' },
    { header: '登录地点', value: 'loginLocation' },
    { header: '浏览器', value: 'browser' },
    { header: '操作系统', value: 'os' },
    { header: '提示消息', value: 'msg' },
    { header: '访问时间', value: 'loginTime', width: 22 },
  ], (await listLogininfor(deps.store, f)).rows, deps.clock.now());
}
