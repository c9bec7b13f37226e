/**
 * Login log shapes (reference §1 login log, §2 Monitor, §3 sys_logininfor): status '0' success /
 * '1' failure (dictionary sys_common_status).
 */
import { z } from 'zod';
import { pageInput } from '../common';
import { filterText, optionalCode } from '../system/dept';
import { controlCharsMessage, isOneLine } from '../text';

/** `GET /monitor/logininfor/list` (paged) filters, with the login date range. */
export const logininforListInput = pageInput.extend({
  ipaddr: filterText,
  userName: filterText,
  status: optionalCode(['0', '1']),
});
export type LogininforListInput = z.input<typeof logininforListInput>;
export const logininforExportInput = logininforListInput.omit({ pageNum: true, pageSize: true });

/** `GET /monitor/logininfor/unlock/{userName}`. */
export const unlockInput = z.object({ userName: z.string().trim().min(1, '用户账号不能为空').max(50).refine(isOneLine, controlCharsMessage('用户账号')) });
