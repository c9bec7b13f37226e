/**
 * Paging and date-range input shared by every list (api-contract "TableDataInfo", reference §1):
 * `pageNum` from 1 (default 1), `pageSize` (default 10), `orderByColumn` camelCase checked against
 * the entity's columns by the repository, `isAsc` asc|desc, and inclusive whole-day ranges in
 * `params[beginTime]`/`params[endTime]` or top-level `beginTime`/`endTime`.
 */

export { pageInput, type PageInput } from '../../shared/schemas/common';
import type { PageInput } from '../../shared/schemas/common';

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Offset and limit of a page; pages past the end clamp to the last one (RuoYi `reasonable`). */
export function pageWindow(input: Pick<PageInput, 'pageNum' | 'pageSize'>, total: number): { offset: number; limit: number } {
  const last = Math.max(1, Math.ceil(total / input.pageSize));
  const page = Math.min(input.pageNum, last);
  return { offset: (page - 1) * input.pageSize, limit: input.pageSize };
}

/** The inclusive day range as `[from 'yyyy-MM-dd 00:00:00', to 'yyyy-MM-dd 23:59:59']` bounds. */
export function dayRange(input: Pick<PageInput, 'beginTime' | 'endTime' | 'params'>): { from?: string; to?: string } {
  const begin = input.params?.beginTime || input.beginTime || undefined;
  const end = input.params?.endTime || input.endTime || undefined;
  return {
    from: begin ? `${begin.slice(0, 10)} 00:00:00` : undefined,
    to: end ? `${end.slice(0, 10)} 23:59:59` : undefined,
  };
}

/** `asc` unless `desc`/`descending`. */
export const isDescending = (isAsc?: string) => isAsc === 'desc' || isAsc === 'descending';
