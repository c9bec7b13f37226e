/**
 * "Contains" filters of every list (issue 11 §4 "LIKE filters"; reference §1 RuoYi's
 * `like concat('%', #{x}, '%')`): the user's text is matched literally, so a search for `%` or
 * `_` finds the rows containing that character instead of every row. One rule for the Drizzle
 * repositories (`contains`) and the engine's hand-written SQL (`likePattern` with LIKE_ESCAPED /
 * `likeEscapedOn`).
 *
 * Case (issue 43): SQLite's LIKE ignores the case of ASCII letters, PostgreSQL's LIKE does not. So
 * that a search finds the same rows on both, the filter is chosen by the dialect: SQLite keeps
 * `LIKE` (its SQL text unchanged, its indexes and speed too), PostgreSQL uses `ILIKE` (same
 * pattern, same `ESCAPE '\'`; it also folds non-ASCII letters, which SQLite's LIKE does not).
 */
import { is, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DbKind } from '../db/store/port';

/** The escape character of every LIKE pattern built here (SQLite `ESCAPE '\'`). */
export const LIKE_ESCAPE_CHAR = '\\';

/** `LIKE ? ESCAPE '\'`: SQLite's operator text for hand-written SQL; bind `likePattern(text)` to `?`. */
export const LIKE_ESCAPED = "LIKE ? ESCAPE '\\'";

/**
 * What picks the dialect of a filter: the database kind (`store.kind`), or the Drizzle handle the
 * query runs on (`store.db`, a transaction's handle, the synchronous `deps.db`): a PostgreSQL
 * handle (its `dialect` is Drizzle's PgDialect) means PostgreSQL, anything else SQLite.
 */
export type LikeOn = DbKind | { readonly select: unknown };

/** The database kind `on` names (see LikeOn); Drizzle keeps a handle's dialect in a field its types hide. */
export function likeKindOf(on: LikeOn): DbKind {
  if (typeof on === 'string') return on;
  return is((on as { dialect?: unknown }).dialect, PgDialect) ? 'postgres' : 'sqlite';
}

/**
 * The case-insensitive "contains" operator text of hand-written SQL for the dialect of `on`:
 * SQLite `LIKE ? ESCAPE '\'` (LIKE_ESCAPED), PostgreSQL `ILIKE ? ESCAPE '\'`; bind `likePattern(text)`.
 */
export function likeEscapedOn(on: LikeOn): string {
  return likeKindOf(on) === 'postgres' ? "ILIKE ? ESCAPE '\\'" : LIKE_ESCAPED;
}

/** `%text%` with `\`, `%` and `_` in `text` escaped by `\`, e.g. `50%_off` → `%50\%\_off%`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `${LIKE_ESCAPE_CHAR}${c}`)}%`;
}

/**
 * `col LIKE '%text%' ESCAPE '\'` (SQLite) or `col ILIKE '%text%' ESCAPE '\'` (PostgreSQL, chosen
 * by `on`: the caller's `db` or `store.kind`) with `text` taken literally (likePattern), or
 * undefined for a blank / absent text (no filter; `and()` skips it). Matches ignoring the case of
 * letters on both databases.
 */
export function contains(col: SQLiteColumn, text: string | undefined | null, on: LikeOn): SQL | undefined {
  if (!text) return undefined;
  return likeKindOf(on) === 'postgres'
    ? sql`${col} ILIKE ${likePattern(text)} ESCAPE '\\'`
    : sql`${col} LIKE ${likePattern(text)} ESCAPE '\\'`;
}
