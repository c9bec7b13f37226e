/**
 * Filter conditions of the modules written by the code generator (issue 14; tool/gen templates):
 * one call per query field of the list, `undefined` when the filter is not given (drizzle's `and`
 * skips it). LIKE uses the project's one LIKE rule (`core/like.ts`). Imported only by the
 * generated repositories, so it is part of the repository layer (`.repo.ts`, issue 42).
 */
import { eq, gt, gte, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { contains, type LikeOn } from '../../core/like';

/** The comparisons of the generator's queryType (RuoYi gen_table_column.query_type). */
export type QueryOp = 'EQ' | 'NE' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'LIKE';

/**
 * `col <op> value`, or undefined when `value` is undefined / ''. `on` picks LIKE's dialect
 * (core/like.ts contains: SQLite LIKE, PostgreSQL ILIKE): the generated repositories pass the
 * Drizzle handle their query runs on (`store.db`), as the product's repositories do.
 */
export function compareOf(op: QueryOp, col: SQLiteColumn, value: string | number | boolean | undefined, on: LikeOn): SQL | undefined {
  if (value === undefined || value === '') return undefined;
  switch (op) {
    case 'LIKE': return contains(col, String(value), on);
    case 'NE': return ne(col, value);
    case 'GT': return gt(col, value);
    case 'GTE': return gte(col, value);
    case 'LT': return lt(col, value);
    case 'LTE': return lte(col, value);
    default: return eq(col, value);
  }
}

/**
 * BETWEEN on a `yyyy-MM-dd HH:mm:ss` text column: `begin` / `end` inclusive; a bare day as `end`
 * covers that whole day (…23:59:59), as the list screens' date ranges mean (api-contract "Date ranges").
 */
export function betweenOf(col: SQLiteColumn, begin: string | undefined, end: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (begin) out.push(gte(col, begin.length === 10 ? `${begin} 00:00:00` : begin));
  if (end) out.push(lte(col, end.length === 10 ? `${end} 23:59:59` : end));
  return out;
}
