/**
 * Timer values of BPMN timer event definitions (Flowable's DurationHelper / BusinessCalendar in
 * small), as epoch milliseconds:
 * - `timeDate`: an ISO 8601 date-time (`2026-12-01T09:00`, `2026-12-01T09:00:00+08:00`; no offset =
 *   the server's time zone), or an expression yielding one, a Date or epoch ms;
 * - `timeDuration`: an ISO 8601 duration (`PT10M`, `P1D`, `P1DT2H`) from now, or an expression
 *   yielding one (a date-time / Date is taken as an absolute due date, as Flowable does);
 * - `timeCycle`: `R<n>/<duration>` (n fires, the first after one period), `R/<duration>` (unbounded),
 *   `R<n>/<start>/<duration>` (the first fire at `start` when it is still ahead), optionally
 *   `…/<end>` (no fire after the end date), or Flowable's Quartz-style cron (`0 0/5 * * * ?`,
 *   seconds first, unbounded; computed by croner).
 * Expressions are evaluated by the caller (the engine's JUEL evaluator in the execution's scope).
 * Bad values throw AppError invalid naming the element.
 */
import { DateTime, Duration } from 'luxon';
import { Cron } from 'croner';
import { invalid } from '../../core/errors';

export type TimerKind = 'timeDate' | 'timeDuration' | 'timeCycle';

/** A cycle: ISO repeating interval or cron. `repeats` null = unbounded. */
export type Cycle =
  | { kind: 'iso'; repeats: number | null; start: number | null; period: string; end: number | null }
  | { kind: 'cron'; expression: string };

/** Where a timer fires first, and what it repeats afterwards (`repeat` text stored on wf_timer, null = once). */
export interface TimerSchedule {
  dueTime: number;
  repeat: string | null;
}

/** The element a value belongs to, for error texts. */
export interface TimerElement {
  id: string;
  type: string;
}

function bad(el: TimerElement, kind: TimerKind, value: unknown, why = ''): Error {
  const shown = typeof value === 'string' ? value : typeof value === 'bigint' ? String(value) : JSON.stringify(value) ?? String(value);
  return invalid(`定时器 ${el.id} (${el.type}) 的 ${kind} 值无效: "${shown}"${why ? ` (${why})` : ''}`);
}

/** Epoch ms of an ISO 8601 date-time text, or null when it is not one. */
export function parseIsoDate(text: string): number | null {
  const t = text.trim();
  if (!/^\d{4}-\d{2}/.test(t)) return null;
  const d = DateTime.fromISO(t);
  return d.isValid ? d.toMillis() : null;
}

/** The luxon Duration of an ISO 8601 duration text (`PT10M`), or null when it is not one (or negative). */
export function parseIsoDuration(text: string): Duration | null {
  const t = text.trim();
  if (!/^P/i.test(t)) return null;
  const d = Duration.fromISO(t.toUpperCase());
  if (!d.isValid) return null;
  const values = Object.values(d.toObject()) as number[];
  if (values.some((v) => v < 0)) return null;
  return d;
}

/** `from` plus an ISO duration, in the server's time zone (calendar aware: P1M, P1D across DST). */
export function addDuration(from: number, duration: string): number {
  const d = parseIsoDuration(duration);
  if (!d) throw new Error(`invalid duration ${duration}`);
  return DateTime.fromMillis(from).plus(d).toMillis();
}

/** A date value from an expression result or text: Date, epoch ms, ISO text. */
function dateValue(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return parseIsoDate(value);
  return null;
}

const CRON_OPTIONS = { paused: true, alternativeWeekdays: true, sloppyRanges: true } as const;

function cronOf(expression: string): Cron {
  return new Cron(expression, { ...CRON_OPTIONS });
}

/** Parses a cycle text (see the module doc). Throws naming the element. */
export function parseCycle(text: string, el: TimerElement): Cycle {
  const t = text.trim();
  if (!/^R/i.test(t)) {
    const fields = t.split(/\s+/);
    if (fields.length < 6 || fields.length > 7) throw bad(el, 'timeCycle', text, '应为 R<n>/<duration> 或 6-7 段的 cron 表达式');
    try {
      if (!cronOf(t).nextRun(new Date(0))) throw new Error('never fires');
    } catch (e) {
      throw bad(el, 'timeCycle', text, (e as Error).message);
    }
    return { kind: 'cron', expression: t };
  }
  const parts = t.split('/');
  const m = /^R(\d*)$/i.exec(parts[0]);
  if (!m || parts.length < 2 || parts.length > 4) throw bad(el, 'timeCycle', text);
  const repeats = m[1] === '' ? null : Number(m[1]);
  if (repeats !== null && (!Number.isSafeInteger(repeats) || repeats < 1)) throw bad(el, 'timeCycle', text, '重复次数至少为 1');
  const rest = parts.slice(1);
  let start: number | null = null;
  let end: number | null = null;
  let period: string | undefined;
  for (const p of rest) {
    if (parseIsoDuration(p)) {
      if (period) throw bad(el, 'timeCycle', text);
      period = p.trim().toUpperCase();
    } else {
      const d = parseIsoDate(p);
      if (d === null) throw bad(el, 'timeCycle', text);
      if (!period && start === null) start = d;
      else if (period && end === null) end = d;
      else throw bad(el, 'timeCycle', text);
    }
  }
  if (!period) throw bad(el, 'timeCycle', text, '缺少周期');
  if (addDuration(0, period) <= 0) throw bad(el, 'timeCycle', text, '周期必须大于 0');
  return { kind: 'iso', repeats, start, period, end };
}

/** The stored repeat text of a cycle with `repeats` fires left (null when none is left). */
function repeatText(c: Cycle, left: number | null): string | null {
  if (c.kind === 'cron') return c.expression;
  if (left !== null && left <= 0) return null;
  const end = c.end !== null ? `/${DateTime.fromMillis(c.end).toISO()}` : '';
  return `R${left ?? ''}/${c.period}${end}`;
}

/**
 * The first fire of a cycle after `now`. Without a start: one period after now (`R3/PT10M` fires at
 * +10, +20, +30 min). With a start: the occurrences are start, start + period, … (n of them); the
 * first one after now fires and only the occurrences left after it remain (Flowable computes from
 * the start date); null when every occurrence is past or after the end. Cron: the next matching second.
 */
export function firstCycleFire(c: Cycle, now: number): TimerSchedule | null {
  if (c.kind === 'cron') {
    const next = cronOf(c.expression).nextRun(new Date(now));
    return next ? { dueTime: next.getTime(), repeat: c.expression } : null;
  }
  let due: number;
  let left: number | null;
  if (c.start === null) {
    due = addDuration(now, c.period);
    left = c.repeats === null ? null : c.repeats - 1;
  } else {
    let k = 0;
    due = c.start;
    while (due <= now && (c.repeats === null || k < c.repeats - 1) && k < 100_000) { due = addDuration(due, c.period); k++; }
    if (due <= now) {
      if (c.repeats !== null) return null; // every occurrence is past
      due = addDuration(now, c.period); // an unbounded cycle started very long ago
    }
    left = c.repeats === null ? null : c.repeats - 1 - k;
  }
  if (c.end !== null && due > c.end) return null;
  return { dueTime: due, repeat: repeatText(c, left) };
}

/**
 * The next fire of a stored repeat text after a fire due at `previousDue` (one period later;
 * occurrences already past at `now` are skipped; cron: after max(previousDue, now)); null when
 * no fire is left. The text is the one firstCycleFire stored (`R<n left>/<period>[/<end>]`).
 */
export function nextCycleFire(repeat: string, previousDue: number, now: number): TimerSchedule | null {
  const c = parseCycle(repeat, { id: 'repeat', type: 'timer' });
  if (c.kind === 'cron') {
    const next = cronOf(c.expression).nextRun(new Date(Math.max(previousDue, now)));
    return next ? { dueTime: next.getTime(), repeat } : null;
  }
  // Occurrences missed while nothing fired (downtime) are skipped: the next one after now fires
  // (a bounded cycle whose remaining occurrences are all past fires its last one once).
  let due = addDuration(previousDue, c.period);
  let left = c.repeats === null ? null : c.repeats - 1;
  let guard = 0;
  while (due <= now && (left === null || left > 0) && guard++ < 100_000) {
    due = addDuration(due, c.period);
    if (left !== null) left--;
  }
  if (c.end !== null && due > c.end) return null;
  return { dueTime: due, repeat: repeatText(c, left) };
}

const EXPRESSION = /[$#]\{/;

/**
 * The schedule of a timer event definition at `now`: exactly one of timeDate / timeDuration /
 * timeCycle (the first given, in that order). `evaluate(text)` evaluates a text holding an
 * expression (only called when it has `${…}` / `#{…}`). Throws naming the element on a bad or
 * missing value; null when a cycle never fires (its end is past).
 */
export function timerSchedule(
  def: { timeDate?: string; timeDuration?: string; timeCycle?: string },
  now: number,
  el: TimerElement,
  evaluate: (text: string) => unknown,
): TimerSchedule | null {
  const value = (text: string): unknown => (EXPRESSION.test(text) ? evaluate(text) : text);
  if (def.timeDate !== undefined && def.timeDate.trim() !== '') {
    const v = value(def.timeDate);
    const d = dateValue(v);
    if (d === null) throw bad(el, 'timeDate', v);
    return { dueTime: d, repeat: null };
  }
  if (def.timeDuration !== undefined && def.timeDuration.trim() !== '') {
    const v = value(def.timeDuration);
    if (typeof v === 'string' && parseIsoDuration(v)) return { dueTime: addDuration(now, v), repeat: null };
    const d = dateValue(v);
    if (d === null) throw bad(el, 'timeDuration', v);
    return { dueTime: d, repeat: null };
  }
  if (def.timeCycle !== undefined && def.timeCycle.trim() !== '') {
    const v = value(def.timeCycle);
    if (typeof v !== 'string') throw bad(el, 'timeCycle', v);
    return firstCycleFire(parseCycle(v, el), now);
  }
  throw invalid(`定时器 ${el.id} (${el.type}) 缺少 timeDate / timeDuration / timeCycle`);
}
