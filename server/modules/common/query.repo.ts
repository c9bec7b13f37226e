/**
 * Query helpers shared by the repositories (api-contract "TableDataInfo"; reference §1
 * TableSupport): the handle type that both the database and a transaction satisfy, the checked
 * order column, one page of rows, LIKE and day-range conditions. Part of the repository layer
 * (hence `.repo.ts`: under server/modules only `*.repo.ts` files build queries, issue 42): the
 * repositories and the modules the code generator writes import it; services import only the
 * `DbTx` type from here.
 */
import { asc, desc, gte, lte, type SQL } from 'drizzle-orm';
import type { BaseSQLiteDatabase, SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { RunResult } from 'better-sqlite3';
import type * as schema from '../../db/schema';
import { AppError } from '../../core/errors';
import { dayRange, isDescending, pageWindow, type Page, type PageInput } from '../../core/pagination';

/** The database or a transaction handle (`db.transaction((tx) => …)`): what repositories take. */
export type DbTx = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

/**
 * The ORDER BY of a list: `orderByColumn` (camelCase) must be a key of `columns`, else
 * AppError('invalid', 参数不符合规范，不能进行查询) (reference §1); absent → `fallback` (already ordered).
 */
export function orderOf(columns: Record<string, SQLiteColumn>, f: Pick<PageInput, 'orderByColumn' | 'isAsc'>, fallback: SQL[]): SQL[] {
  if (!f.orderByColumn) return fallback;
  const col = columns[f.orderByColumn];
  if (!col) throw new AppError('invalid', '参数不符合规范，不能进行查询');
  return [isDescending(f.isAsc) ? desc(col) : asc(col)];
}

/**
 * One page `{rows, total}` (pages past the end clamp to the last, RuoYi `reasonable`), or every
 * row when `f` has no paging (exports).
 */
export function pageOf<T>(f: Partial<Pick<PageInput, 'pageNum' | 'pageSize'>>, total: () => number, rows: (limit?: number, offset?: number) => T[]): Page<T> {
  if (f.pageNum === undefined || f.pageSize === undefined) {
    const all = rows();
    return { rows: all, total: all.length };
  }
  const n = total();
  const { offset, limit } = pageWindow({ pageNum: f.pageNum, pageSize: f.pageSize }, n);
  return { rows: rows(limit, offset), total: n };
}

/**
 * pageOf for repositories on the async store (issue 43): the same paging rules, with `total` and
 * `rows` awaited (the count first, then the window it allows).
 */
export async function pageOfAsync<T>(f: Partial<Pick<PageInput, 'pageNum' | 'pageSize'>>, total: () => Promise<number>, rows: (limit?: number, offset?: number) => Promise<T[]>): Promise<Page<T>> {
  if (f.pageNum === undefined || f.pageSize === undefined) {
    const all = await rows();
    return { rows: all, total: all.length };
  }
  const n = await total();
  const { offset, limit } = pageWindow({ pageNum: f.pageNum, pageSize: f.pageSize }, n);
  return { rows: await rows(limit, offset), total: n };
}

/** The one LIKE rule of every list filter (core/like.ts): `%`, `_` and `\` are taken literally. */
export { contains } from '../../core/like';

/** Inclusive whole-day bounds on a `yyyy-MM-dd HH:mm:ss` text column (api-contract "Date ranges"). */
export function withinDays(col: SQLiteColumn, f: Pick<PageInput, 'beginTime' | 'endTime' | 'params'>): SQL[] {
  const { from, to } = dayRange(f);
  return [from ? gte(col, from) : undefined, to ? lte(col, to) : undefined].filter((x): x is SQL => x !== undefined);
}
