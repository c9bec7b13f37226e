/**
 * Success messages and confirmation texts of platform spec §8 (RuoYi's $modal.msgSuccess and
 * $modal.confirm texts), pure so screens and tests share one spelling.
 */

/** Success messages (spec §8). */
export const MSG = {
  add: '新增成功',
  update: '修改成功',
  remove: '删除成功',
  auth: '授权成功',
  cancelAuth: '取消授权成功',
  clean: '清空成功',
} as const;

/** Title of message dialogs (spec §8). */
export const DIALOG_TITLE = '系统提示';

/** Ids as RuoYi prints them: arrays comma-joined. */
export function joinIds(ids: string | number | (string | number)[]): string {
  return Array.isArray(ids) ? ids.join(',') : String(ids);
}

/**
 * 是否确认删除{what}为"{ids}"的数据项？
 * @example deleteConfirmText([3, 4], '字典编码') // 是否确认删除字典编码为"3,4"的数据项？
 */
export function deleteConfirmText(ids: string | number | (string | number)[], what: string): string {
  return `是否确认删除${what}为"${joinIds(ids)}"的数据项？`;
}

/** 是否确认清空所有{what}数据项？ (e.g. 调度日志). */
export const cleanConfirmText = (what: string) => `是否确认清空所有${what}数据项？`;

/** 确认要取消该用户"{name}"角色吗？ (role-to-users, per-row cancel). */
export const cancelUserRoleText = (name: string) => `确认要取消该用户"${name}"角色吗？`;

/** Batch cancel of the role-to-users screen. */
export const CANCEL_SELECTED_AUTH_TEXT = '是否取消选中用户授权数据项？';

/** File name of an Excel download: data_{timestamp}.xlsx (spec §9). */
export const excelFileName = (now = Date.now()) => `data_${now}.xlsx`;
