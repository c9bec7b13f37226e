/**
 * Confirm-and-act helpers of the list screens (platform spec §8 confirmations, §7 exports,
 * §9 download names):
 * - `confirmDelete(ids, what)` → 是否确认删除{what}为"{ids}"的数据项？ titled 系统提示; resolves true on 确定.
 * - `confirmClean(what)` → 是否确认清空所有{what}数据项？
 * - `confirmWarning(message)` → any other 系统提示 confirmation.
 * - `exportExcel(path, params)` posts the filters form-encoded to the REST export path
 *   (e.g. '/system/user/export') under the loading mask and saves `data_{timestamp}.xlsx`
 *   (the server's Content-Disposition name wins when it sends one). Resolves true when saved.
 */
import { download } from '../../lib/download';
import { confirm } from '../../lib/modal/confirm';
import { cleanConfirmText, deleteConfirmText, DIALOG_TITLE, excelFileName } from './messages';

export { MSG, deleteConfirmText, cleanConfirmText, cancelUserRoleText, CANCEL_SELECTED_AUTH_TEXT } from './messages';

/** A 系统提示 warning confirmation. */
export function confirmWarning(message: string): Promise<boolean> {
  return confirm({ title: DIALOG_TITLE, message, type: 'warning' });
}

/** 是否确认删除{what}为"{ids}"的数据项？ */
export function confirmDelete(ids: string | number | (string | number)[], what: string): Promise<boolean> {
  return confirmWarning(deleteConfirmText(ids, what));
}

/** 是否确认清空所有{what}数据项？ */
export function confirmClean(what: string): Promise<boolean> {
  return confirmWarning(cleanConfirmText(what));
}

/** Exports the list behind `path` with `params` (the current filters, without paging). */
export function exportExcel(path: string, params: Record<string, unknown> = {}): Promise<boolean> {
  const { pageNum: _p, pageSize: _s, ...filters } = params;
  return download(path, filters, { method: 'POST', filename: excelFileName() });
}
