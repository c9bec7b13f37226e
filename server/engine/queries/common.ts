/**
 * Helpers shared by the engine's read queries: paging, date-range parsing, wire formatting, and
 * the per-dialect pieces of their SQL (issue 43 "Portable SQL": every statement runs on the store's
 * SQLite and PostgreSQL adapters; SQLite keeps its own text where it was measured or indexed).
 */
import { formatDateTime } from '../../../shared/utils/date';
import type { DbKind } from '../../db/store/port';
import { likePattern } from '../../core/like';

export interface PageQuery {
  /** 1-based page number (default 1). */
  pageNum?: number;
  /** Rows per page (default 10, at most 500). */
  pageSize?: number;
}

export interface Page<T> { rows: T[]; total: number }

export function limits(q: PageQuery): { limit: number; offset: number } {
  const size = Math.min(Math.max(Math.trunc(q.pageSize ?? 10) || 10, 1), 500);
  const num = Math.max(Math.trunc(q.pageNum ?? 1) || 1, 1);
  return { limit: size, offset: (num - 1) * size };
}

/**
 * The paging clause of the list statements (bind limit, offset of `limits`). The CASTs matter:
 * SQLite runs an ORDER BY … `LIMIT ? OFFSET ?` with bare parameters 2–3× slower than the same
 * statement with `CAST(? AS INTEGER)` (measured on the to-do list: ~130 µs vs ~55 µs for 16 rows,
 * same query plan; issue 15), whatever type the value is bound as.
 */
export const PAGE_SQL = 'LIMIT CAST(? AS INTEGER) OFFSET CAST(? AS INTEGER)';

const DATE_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * Parses a filter bound `yyyy-MM-dd[ HH:mm[:ss]]` (local time) to epoch ms; a date-only end bound
 * means the end of that day. Unparseable or empty → undefined.
 */
export function parseBound(text: string | undefined | null, end = false): number | undefined {
  if (!text) return undefined;
  const m = DATE_RE.exec(String(text).trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  if (h === undefined && end) return new Date(+y, +mo - 1, +d, 23, 59, 59, 999).getTime();
  return new Date(+y, +mo - 1, +d, +(h ?? 0), +(mi ?? 0), +(s ?? 0)).getTime();
}

const p2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `yyyy-MM-dd HH:mm:ss` (local time) or null: shared/utils/date `formatDateTime`'s text, built
 * directly (every list row formats its times; no pattern replace per value). Years outside
 * 1000–9999 and invalid values go through formatDateTime.
 */
export function fmt(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  const d = new Date(ms);
  const y = d.getFullYear();
  if (!(y >= 1000 && y <= 9999)) return formatDateTime(ms);
  return `${y}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;
}

/** RuoYi duration text: `1天2小时3分钟`, `5分钟`, `12秒` (zero parts left out). */
export function durationText(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || ms <= 0) return null;
  const sec = Math.floor(ms / 1000);
  const day = Math.floor(sec / 86400);
  const hour = Math.floor((sec % 86400) / 3600);
  const min = Math.floor((sec % 3600) / 60);
  let out = '';
  if (day) out += `${day}天`;
  if (hour) out += `${hour}小时`;
  if (min) out += `${min}分钟`;
  return out || `${sec % 60}秒`;
}

/** `like(text)` = `%text%` for LIKE_ESCAPED (`LIKE ? ESCAPE '\'`), `%`, `_`, `\` taken literally (core/like.ts). */
export { likePattern as like, LIKE_ESCAPED } from '../../core/like';

/**
 * The case-insensitive "contains" operator (bind `like(text)`): SQLite `LIKE ? ESCAPE '\'` (its
 * LIKE ignores the case of ASCII letters), PostgreSQL `ILIKE ? ESCAPE '\'` (its LIKE does not):
 * the rule of core/like.ts likeEscapedOn, by database kind.
 */
export const likeOn = (kind: DbKind): string => (kind === 'postgres' ? "ILIKE ? ESCAPE '\\'" : "LIKE ? ESCAPE '\\'");

/**
 * A one-column row source `value` of the strings of a JSON array parameter (bind
 * `JSON.stringify(list)`): SQLite `json_each`, PostgreSQL `json_array_elements_text`. Use as
 * `col IN (${jsonValues(kind)})` or in FROM.
 */
export const jsonValues = (kind: DbKind): string => `SELECT value FROM ${jsonFrom(kind)}`;

/** jsonValues' table function alone (for a FROM clause): its one column is `value`. */
export const jsonFrom = (kind: DbKind): string => (kind === 'postgres' ? 'json_array_elements_text(CAST(? AS json))' : 'json_each(?)');

/**
 * True when comma list column `col` holds the bound id as one of its items (`,a,b,` contains
 * `,id,`): SQLite `instr`, PostgreSQL `strpos`, same test.
 */
export const csvHas = (kind: DbKind, col: string): string => (kind === 'postgres'
  ? `strpos(',' || ${col} || ',', ',' || CAST(? AS text) || ',') > 0`
  : `instr(',' || ${col} || ',', ',' || ? || ',') > 0`);

export interface ListFilter extends PageQuery { name?: string; beginTime?: string; endTime?: string }

/**
 * The total of a list whose page of `rowCount` rows was read with `limit` / `offset`: a page that
 * is not full ends the list (unless it is empty past the first page), so only a full or empty
 * later page runs the COUNT (`count`, which grows with the user's history for the finished /
 * my-process lists).
 */
export function totalOf(rowCount: number, limit: number, offset: number): number | undefined {
  return rowCount < limit && (offset === 0 || rowCount > 0) ? offset + rowCount : undefined;
}

export function where(parts: string[]): string {
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

/**
 * Adds the list filter's conditions on `col` (begin / end bounds, epoch ms) and `d.name`
 * (contains `name`, ignoring case: likeOn) to `parts`, their values to `params`.
 */
export function range(kind: DbKind, col: string, f: ListFilter, params: unknown[], parts: string[]) {
  const b = parseBound(f.beginTime);
  const e = parseBound(f.endTime, true);
  if (b !== undefined) { parts.push(`${col} >= ?`); params.push(b); }
  if (e !== undefined) { parts.push(`${col} <= ?`); params.push(e); }
  if (f.name) { parts.push(`d.name ${likeOn(kind)}`); params.push(likePattern(f.name)); }
}

export const splitIds = (s: string | null | undefined): string[] => (s ? s.split(',').filter(Boolean) : []);
