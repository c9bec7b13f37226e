/**
 * Quartz cron expressions as RuoYi stores them (reference §5; Quartz `CronExpression`):
 * `sec min hour day-of-month month day-of-week [year]`, seconds first, 6 or 7 fields.
 *
 * - Values: sec/min 0-59, hour 0-23, dom 1-31, month 1-12 or JAN-DEC, dow 1-7 (1 = SUN) or
 *   SUN-SAT, year 1970-2099; `*`, lists `a,b`, ranges `a-b` (wrapping, as Quartz: `FRI-MON`),
 *   increments `a/n`, `a-b/n`, `/n` and a star with `/n`; names are case-insensitive.
 * - `?` only in day-of-month or day-of-week, and exactly one of the two must be `?` (Quartz:
 *   "specifying both a day-of-week AND a day-of-month parameter is not implemented").
 * - Day of month: `L` (last day), `LW` (last weekday), `nW` (weekday nearest the n-th), alone.
 * - Day of week: `L` alone (= 7, Saturday), `nL` (last n-day of the month), `n#k` (k-th n-day,
 *   k 1-5), alone.
 *
 * `parseQuartzCron` answers `invalid` for anything Quartz refuses (→ Cron表达式不正确) and
 * `unsupported` for Quartz forms this server cannot schedule (`L-n` offsets, `W` in lists): those
 * are refused at add/edit with their own message instead of being scheduled as something else.
 *
 * A valid expression is translated to explicit value lists (Sunday = 0) for croner, which
 * computes every fire time in the server's time zone (`nextFireAfter`, `fireTimesBetween`,
 * `lastFireAtOrBefore`), and to node-cron's syntax (`nodeCron`, null when a year is restricted,
 * which node-cron cannot express; the scheduler then uses its own timer, see scheduler.ts).
 */
import { Cron } from 'croner';

type Kind = 'second' | 'minute' | 'hour' | 'dom' | 'month' | 'dow' | 'year';
const KINDS: Kind[] = ['second', 'minute', 'hour', 'dom', 'month', 'dow', 'year'];
const RANGE: Record<Kind, [number, number]> = {
  second: [0, 59], minute: [0, 59], hour: [0, 23], dom: [1, 31], month: [1, 12], dow: [1, 7], year: [1970, 2099],
};
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** One parsed field: all values, none (`?`), an explicit set, or a day special. */
type Field =
  | { t: 'star' } | { t: 'none' } | { t: 'set'; values: number[] }
  | { t: 'lastDay' } | { t: 'lastWeekday' } | { t: 'nearestWeekday'; day: number }
  | { t: 'lastOf'; dow: number } | { t: 'nth'; dow: number; k: number };

export interface QuartzCron {
  /** The expression as given (trimmed). */
  source: string;
  /** 7-field croner pattern (Sunday = 0, explicit lists); evaluated with `domAndDow`. */
  croner: string;
  /** 6-field node-cron pattern, or null when node-cron cannot express it (a restricted year). */
  nodeCron: string | null;
  cron: Cron;
}

export type CronCheck =
  | { ok: true; cron: QuartzCron }
  | { ok: false; reason: 'invalid' | 'unsupported'; detail: string };

class CronError extends Error {
  constructor(readonly reason: 'invalid' | 'unsupported', message: string) { super(message); }
}
const invalid = (m: string) => new CronError('invalid', m);

function valueOf(token: string, kind: Kind): number {
  let v: number;
  if (/^\d+$/.test(token)) v = Number(token);
  else if (kind === 'month' && MONTHS.includes(token)) v = MONTHS.indexOf(token) + 1;
  else if (kind === 'dow' && DAYS.includes(token)) v = DAYS.indexOf(token) + 1;
  else throw invalid(`无法识别的值 '${token}'`);
  const [min, max] = RANGE[kind];
  if (v < min || v > max) throw invalid(`值 ${v} 超出范围 ${min}-${max}`);
  return v;
}

/** Expands `*`, `a`, `a-b` (wrapping), each with an optional `/n`, into values. */
function expandItem(item: string, kind: Kind): number[] {
  const [min, max] = RANGE[kind];
  const [base, stepText, extra] = item.split('/');
  if (extra !== undefined) throw invalid(`'${item}' 格式错误`);
  let step = 1;
  if (stepText !== undefined) {
    if (!/^\d+$/.test(stepText)) throw invalid(`'/' 之后必须是整数`);
    step = Number(stepText);
    if (step < 1 || step > max) throw invalid(`增量 ${step} 超出范围`);
  }
  let from: number;
  let to: number;
  if (base === '*' || (base === '' && stepText !== undefined)) [from, to] = [min, max];
  else if (base.includes('-')) {
    const [a, b, more] = base.split('-');
    if (more !== undefined) throw invalid(`'${item}' 格式错误`);
    from = valueOf(a, kind);
    to = valueOf(b, kind);
  } else {
    from = valueOf(base, kind);
    to = stepText === undefined ? from : max;
  }
  const span = max - min + 1;
  const end = to >= from ? to : to + span;
  const out: number[] = [];
  for (let i = from; i <= end; i += step) out.push(i > max ? i - span : i);
  return out;
}

function parseField(text: string, kind: Kind): Field {
  if (text === '*') return { t: 'star' };
  if (text.includes('?')) {
    if (text !== '?' || (kind !== 'dom' && kind !== 'dow')) throw invalid(`'?' 只能单独用于日或星期字段`);
    return { t: 'none' };
  }
  if (kind === 'dom') {
    if (text === 'L') return { t: 'lastDay' };
    if (text === 'LW') return { t: 'lastWeekday' };
    if (/^L-\d+W?$/.test(text)) {
      if (Number(text.slice(2).replace('W', '')) > 30) throw invalid('L-n 的偏移不能大于 30');
      throw new CronError('unsupported', `日字段的 '${text}'（距月末偏移）`);
    }
    const w = /^(\d+)W$/.exec(text);
    if (w) return { t: 'nearestWeekday', day: valueOf(w[1], 'dom') };
    if (/[LW]/.test(text)) {
      if (text.split(',').every((p) => /^(\d+W|[\d\-/]+)$/.test(p))) throw new CronError('unsupported', `日字段列表中的 'W'（${text}）`);
      throw invalid(`'L'、'W' 须单独使用`);
    }
  }
  if (kind === 'dow') {
    if (text === 'L') return { t: 'set', values: [7] };
    const last = /^(\w+?)L$/.exec(text);
    if (last && !text.includes(',')) return { t: 'lastOf', dow: valueOf(last[1], 'dow') };
    const nth = /^(\w+)#(\d+)$/.exec(text);
    if (nth) {
      const k = Number(nth[2]);
      if (k < 1 || k > 5) throw invalid(`'#' 之后必须是 1-5`);
      return { t: 'nth', dow: valueOf(nth[1], 'dow'), k };
    }
    if (/[L#]/.test(text)) throw invalid(`'L'、'#' 须单独使用`);
  }
  if (!/^[A-Z0-9*,\-/]+$/.test(text)) throw invalid(`字段 '${text}' 含非法字符`);
  const values = new Set<number>();
  for (const item of text.split(',')) {
    if (item === '') throw invalid(`字段 '${text}' 格式错误`);
    for (const v of expandItem(item, kind)) values.add(v);
  }
  return { t: 'set', values: [...values].sort((a, b) => a - b) };
}

/** Emits one field; `dowSyntax` picks croner's `5#L` or node-cron's `5L`. */
function emit(f: Field, kind: Kind, target: 'croner' | 'node-cron'): string {
  const shift = kind === 'dow' ? 1 : 0;
  switch (f.t) {
    case 'star': case 'none': return '*';
    case 'set': return f.values.map((v) => v - shift).join(',');
    case 'lastDay': return 'L';
    case 'lastWeekday': return 'LW';
    case 'nearestWeekday': return `${f.day}W`;
    case 'lastOf': return target === 'croner' ? `${f.dow - 1}#L` : `${f.dow - 1}L`;
    case 'nth': return `${f.dow - 1}#${f.k}`;
  }
}

/** Parses, checks and translates a Quartz expression (see the file header for the grammar). */
export function parseQuartzCron(expression: string): CronCheck {
  const source = (expression ?? '').trim();
  try {
    const parts = source.toUpperCase().split(/\s+/);
    if (parts.length < 6 || parts.length > 7) throw invalid('须为 6 或 7 个字段');
    const fields = parts.map((p, i) => parseField(p, KINDS[i]));
    const dom = fields[3];
    const dow = fields[5];
    if ((dom.t === 'none') === (dow.t === 'none')) throw invalid(`日与星期字段必须且只能有一个为 '?'`);
    const year: Field = fields[6] ?? { t: 'star' };
    const all = [...fields.slice(0, 6), year];
    const croner = all.map((f, i) => emit(f, KINDS[i], 'croner')).join(' ');
    const nodeCron = year.t === 'star' ? all.slice(0, 6).map((f, i) => emit(f, KINDS[i], 'node-cron')).join(' ') : null;
    let cron: Cron;
    try {
      cron = new Cron(croner, { paused: true, domAndDow: true, mode: '7-part' });
    } catch (e) {
      throw new CronError('unsupported', (e as Error).message);
    }
    return { ok: true, cron: { source, croner, nodeCron, cron } };
  } catch (e) {
    if (e instanceof CronError) return { ok: false, reason: e.reason, detail: e.message };
    throw e;
  }
}

/** The first fire time strictly after `after` (epoch ms), or null when there is none. */
export function nextFireAfter(c: QuartzCron, after: number): number | null {
  return c.cron.nextRun(new Date(after))?.getTime() ?? null;
}

/** Up to `count` fire times strictly after `after`, ascending. */
export function nextFireTimes(c: QuartzCron, after: number, count: number): number[] {
  return c.cron.nextRuns(count, new Date(after)).map((d) => d.getTime());
}

/** The latest fire time `<= at`, or null. */
export function lastFireAtOrBefore(c: QuartzCron, at: number): number | null {
  return c.cron.previousRuns(1, new Date(at + 1))[0]?.getTime() ?? null;
}

/**
 * Fire times in `(after, upTo]`, ascending; when there are more than `cap`, only the newest
 * `cap` (so a long downtime of an every-second job stays bounded).
 */
export function fireTimesBetween(c: QuartzCron, after: number, upTo: number, cap = 1000): number[] {
  const out: number[] = [];
  for (let t = after; out.length <= cap;) {
    const next = nextFireAfter(c, t);
    if (next === null || next > upTo) return out;
    out.push(next);
    t = next;
  }
  return c.cron.previousRuns(cap, new Date(upTo + 1)).map((d) => d.getTime()).filter((t) => t > after).reverse();
}
