/**
 * Text ↔ value rules of the Chinese pickers, with the spec §9 formats (PICKER_FORMATS in
 * shared/utils/date.ts; workflow spec §9): date yyyy-MM-dd, month yyyy-MM, year yyyy, datetime
 * yyyy-MM-dd HH:mm:ss, time HH:mm:ss. The text shown in a picker is its value in that format,
 * whatever the browser's language.
 *
 * Typing is lenient and normalised: one-digit months, days and hours, `/` or `.` between the date
 * parts, `T` between date and time, seconds left out (→ :00), a datetime typed without its time
 * (→ 00:00:00). Impossible dates (2025-02-29, month 13, 24:00) are not values.
 */
import { PICKER_FORMATS } from '../../../../shared/utils/date';

export type PickerType = keyof typeof PICKER_FORMATS;

/** Element UI's Chinese placeholders. */
export const PLACEHOLDER: Record<PickerType, string> = { date: '选择日期', month: '选择月', year: '选择年', datetime: '选择日期时间' };

/** A calendar day: year, month 1-12, day 1-31. */
export interface DayParts {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const SEP = '[-/.]';
const TIME = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/;
const PATTERN: Record<PickerType, RegExp> = {
  date: new RegExp(`^(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})$`),
  month: new RegExp(`^(\\d{4})${SEP}(\\d{1,2})$`),
  year: /^(\d{4})$/,
  datetime: new RegExp(`^(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})(?:(?:\\s+|T)(.+))?$`),
};

/** Days in `month` (1-12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(year, month, 0).getDate();
}

function validDay(y: number, m: number, d: number): boolean {
  return y >= 1000 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Typed time text → `HH:mm:ss`; '' for blank; null when it is not a time of day. */
export function parseTime(text: string): string | null {
  const v = text.trim();
  if (!v) return '';
  const m = TIME.exec(v);
  if (!m) return null;
  const [h, i, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return h <= 23 && i <= 59 && s <= 59 ? `${pad(h)}:${pad(i)}:${pad(s)}` : null;
}

/** Typed text → the value in the spec format of `type`; '' for blank; null when unreadable. */
export function parseTyped(type: PickerType, text: string): string | null {
  const v = text.trim();
  if (!v) return '';
  const m = PATTERN[type].exec(v);
  if (!m) return null;
  const y = Number(m[1]);
  if (type === 'year') return y >= 1000 ? m[1] : null;
  const mo = Number(m[2]);
  if (type === 'month') return y >= 1000 && mo >= 1 && mo <= 12 ? `${y}-${pad(mo)}` : null;
  const d = Number(m[3]);
  if (!validDay(y, mo, d)) return null;
  const date = `${y}-${pad(mo)}-${pad(d)}`;
  if (type === 'date') return date;
  const time = m[4] === undefined ? '00:00:00' : parseTime(m[4]);
  return time ? `${date} ${time}` : null;
}

/**
 * A stored value → the text shown (spec format); '' when empty or unreadable. A longer value keeps
 * its leading part (a datetime shown by a date picker: '2024-03-05 10:00:00' → '2024-03-05').
 */
export function toDisplay(type: PickerType, value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  const head = type === 'date' ? v.slice(0, 10) : type === 'month' ? v.slice(0, 7) : type === 'year' ? v.slice(0, 4) : v;
  return parseTyped(type, head) ?? '';
}

/** True when `value` (spec format, non-empty) lies within `[min, max]` (same format; either may be absent). */
export function withinBounds(type: PickerType, value: string, min?: string, max?: string): boolean {
  const lo = toDisplay(type, min);
  const hi = toDisplay(type, max);
  return (!lo || value >= lo) && (!hi || value <= hi);
}

/** The calendar day of a value (month → its 1st, year → 1 January); null when empty or unreadable. */
export function toDayParts(type: PickerType, value: string | null | undefined): DayParts | null {
  const v = toDisplay(type, value);
  if (!v) return null;
  return { year: Number(v.slice(0, 4)), month: type === 'year' ? 1 : Number(v.slice(5, 7)), day: type === 'date' || type === 'datetime' ? Number(v.slice(8, 10)) : 1 };
}

/** The last calendar day a bound covers (month → its last day, year → 31 December), for `max`. */
export function toLastDayParts(type: PickerType, value: string | null | undefined): DayParts | null {
  const p = toDayParts(type, value);
  if (!p) return null;
  if (type === 'year') return { year: p.year, month: 12, day: 31 };
  if (type === 'month') return { ...p, day: daysInMonth(p.year, p.month) };
  return p;
}

/** A day picked in the calendar → the value of `type` (`time` HH:mm:ss for datetime, else 00:00:00). */
export function fromDayParts(type: PickerType, p: DayParts, time = '00:00:00'): string {
  if (type === 'year') return String(p.year);
  if (type === 'month') return `${p.year}-${pad(p.month)}`;
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  return type === 'date' ? date : `${date} ${time}`;
}

/** The `yyyy-MM-dd` text of a day (what the calendar's parseDate reads). */
export function isoDay(p: DayParts): string {
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A range with begin after end is swapped, so [begin, end] always reads forwards. */
export function orderRange(begin: string, end: string): [string, string] {
  return begin && end && begin > end ? [end, begin] : [begin, end];
}
