/**
 * Operation log shapes (reference §3 sys_oper_log): businessType 0 other, 1 insert, 2 update,
 * 3 delete, 4 grant, 5 export, 6 import, 7 force logout, 8 gencode, 9 clean (dictionary
 * sys_oper_type); status 0 success / 1 failure.
 */
import { z } from 'zod';
import { pageInput } from '../common';
import { filterText, optionalInt } from '../system/dept';

/** `GET /monitor/operlog/list` (paged) filters, with the operation date range. */
export const operlogListInput = pageInput.extend({
  title: filterText,
  operName: filterText,
  operIp: filterText,
  businessType: optionalInt.pipe(z.number().min(0).max(9).optional()),
  status: optionalInt.pipe(z.number().min(0).max(1).optional()),
});
export type OperlogListInput = z.input<typeof operlogListInput>;
export const operlogExportInput = operlogListInput.omit({ pageNum: true, pageSize: true });
