/**
 * Exports (`POST …/export`, api-contract "System, monitor, common"): an xlsx FileReply that the
 * operation log records by its name only, not as the JSON of its bytes.
 */
import { exportXlsx, type ExcelColumn } from '../../core/excel';
import type { FileReply } from '../../core/files';

/** The FileReply with a `toJSON` that gives `{fileName}` (what `auditText` stores). */
export function loggableFile(file: FileReply): FileReply {
  return Object.defineProperty({ ...file }, 'toJSON', { value: () => ({ fileName: file.fileName }), enumerable: false });
}

/** `exportXlsx(sheet, columns, rows, now)` made loggable. */
export async function exportSheet<T>(sheet: string, columns: ExcelColumn<T>[], rows: T[], now: number): Promise<FileReply> {
  return loggableFile(await exportXlsx(sheet, columns, rows, now));
}

/** Labels of the status dictionaries used by the exports. */
export const NORMAL_DISABLE = { '0': '正常', '1': '停用' };
export const SUCCESS_FAIL = { '0': '成功', '1': '失败' };
export const YES_NO = { Y: '是', N: '否' };
