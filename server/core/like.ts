/**
 * "Contains" filters of every list (issue 11 §4 "LIKE filters"; reference §1 RuoYi's
 * `like concat('%', #{x}, '%')`): the user's text is matched literally, so a search for `%` or
 * `_` finds the rows containing that character instead of every row. One rule for the Drizzle
 * repositories (`contains`) and the engine's hand-written SQL (`likePattern` with LIKE_ESCAPED).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** The escape character of every LIKE pattern built here (SQLite `ESCAPE '\'`). */
export const LIKE_ESCAPE_CHAR = '\\';

/** `LIKE ? ESCAPE '\'`: the operator text for hand-written SQL; bind `likePattern(text)` to `?`. */
export const LIKE_ESCAPED = "LIKE ? ESCAPE '\\'";

/** `%text%` with `\`, `%` and `_` in `text` escaped by `\`, e.g. `50%_off` → `%50\%\_off%`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE_CHAR}${c}`)}%`;
}

/**
 * `col LIKE '%text%' ESCAPE '\'` with `text` taken literally (likePattern), or undefined for a
 * blank / absent text (no filter; `and()` skips it).
 */
export function contains(col: SQLiteColumn, text: string | undefined | null): SQL | undefined {
  if (!text) return undefined;
  return sql`${col} LIKE ${likePattern(text)} ESCAPE '\\'`;
}
