/**
 * Paging and date-range input of every list (api-contract "TableDataInfo", reference §1).
 * Numbers are coerced because REST query strings carry text.
 */
import { z } from 'zod';

export const dayOrTime = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, '日期格式应为 yyyy-MM-dd');

export const pageInput = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  orderByColumn: z.string().regex(/^[a-zA-Z0-9_]{1,60}$/, '参数不符合规范，不能进行查询').optional(),
  isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
  beginTime: dayOrTime.optional().or(z.literal('')),
  endTime: dayOrTime.optional().or(z.literal('')),
  params: z.object({ beginTime: dayOrTime.optional().or(z.literal('')), endTime: dayOrTime.optional().or(z.literal('')) }).partial().optional(),
});
export type PageInput = z.infer<typeof pageInput>;

