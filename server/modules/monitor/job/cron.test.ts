/**
 * Quartz cron validation and next fire times (reference §5; cron.ts): a table of expressions
 * Quartz accepts or refuses, the forms this server refuses to schedule, and fire times computed
 * in the server's time zone (local dates below).
 */
import { describe, expect, it } from 'vitest';
import nodeCron from 'node-cron';
import { fireTimesBetween, lastFireAtOrBefore, nextFireAfter, nextFireTimes, parseQuartzCron } from './cron';

const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
const show = (t: number) => {
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};
const FROM = at(2026, 1, 1); // a Thursday

describe('parseQuartzCron: validity (Cron表达式不正确)', () => {
  const valid = [
    '0/10 * * * * ?', '0/15 * * * * ?', '0/20 * * * * ?', '0 0 2 * * ?', '0 0/30 9-17 * * ?', '0 15 10 ? * MON-FRI',
    '0 15 10 ? * 6L', '0 15 10 ? * 6#3', '0 15 10 L * ?', '0 15 10 LW * ?', '0 15 10 15W * ?', '0 0 12 ? * L',
    '0 15 10 ? * * 2027', '0 15 10 * * ? 2027-2029', '0 0 22-2 * * ?', '0 0 12 ? * fri-mon', '0 0 12 1,15 jan,jul ?',
    '*/5 * * * * ?', '0 0 0 31 2 ?', '  0 0 12 * * ?  ', '0 0 12 ? * SUN#1', '0 0 12 ? * FRIL', '0 /5 * * * ?',
  ];
  it.each(valid)('accepts %s', (e) => expect(parseQuartzCron(e)).toMatchObject({ ok: true }));

  const invalid: [string, string][] = [
    ['', 'empty'], ['* * * * *', '5 fields'], ['0 0 12 * * ? 2027 1', '8 fields'],
    ['0 0 12 * * *', 'neither day field is ?'], ['0 0 12 ? * ?', 'both day fields are ?'], ['0 0 12 1 * MON', 'both day fields set'],
    ['60 * * * * ?', 'second 60'], ['0 60 * * * ?', 'minute 60'], ['0 0 24 * * ?', 'hour 24'], ['0 0 0 32 * ?', 'day 32'],
    ['0 0 0 0 * ?', 'day 0'], ['0 0 0 ? 13 *', 'month 13'], ['0 0 0 ? * 8', 'weekday 8'], ['0 0 0 ? * 0', 'weekday 0'],
    ['0 0 0 ? * MON#6', '#6'], ['0 0 0 ? * MON#0', '#0'], ['? 0 0 * * ?', '? in seconds'], ['0 0 0 1? * ?', '? with a value'],
    ['0 0 0 * * ? 1969', 'year 1969'], ['0 0 0 * * ? 2100', 'year 2100'], ['0 0/0 * * * ?', 'step 0'], ['0 0/61 * * * ?', 'step 61'],
    ['0 0 0 3L * ?', 'nL in day of month'], ['0 0 0 L,5 * ?', 'L in a list'], ['0 0 0 ? * 1,2L', 'L in a weekday list'],
    ['0 0 0 ? * MON#1,FRI#2', '# in a list'], ['0 0 0 L-31 * ?', 'L offset > 30'], ['a b c d e f', 'letters'],
    ['0 0 0 ? * FOO', 'unknown name'], ['0 0 0 1,,2 * ?', 'empty list item'], ['0 0 0 1-2-3 * ?', 'double range'],
    ['0 0 12 ? * MON 2027 x', 'extra field'], ['0 0 0 5W-6 * ?', 'W in a range'], ['0 0 0 ? * 1W', 'W in weekday'],
  ];
  it.each(invalid)('refuses %j (%s)', (e) => expect(parseQuartzCron(e)).toMatchObject({ ok: false, reason: 'invalid' }));

  it.each([['0 0 12 L-3 * ?'], ['0 0 12 L-3W * ?'], ['0 0 12 1W,15W * ?']])('says %s cannot be scheduled', (e) => {
    expect(parseQuartzCron(e)).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});

describe('fire times (croner, server time zone)', () => {
  const next3 = (e: string, from = FROM) => {
    const r = parseQuartzCron(e);
    if (!r.ok) throw new Error(r.detail);
    return nextFireTimes(r.cron, from, 3).map(show);
  };

  it.each([
    ['0/10 * * * * ?', ['2026-01-01 00:00:10', '2026-01-01 00:00:20', '2026-01-01 00:00:30']],
    ['0 15 10 ? * MON-FRI', ['2026-01-01 10:15:00', '2026-01-02 10:15:00', '2026-01-05 10:15:00']],
    ['0 0 12 ? * 1', ['2026-01-04 12:00:00', '2026-01-11 12:00:00', '2026-01-18 12:00:00']], // Quartz 1 = Sunday
    ['0 0 12 ? * L', ['2026-01-03 12:00:00', '2026-01-10 12:00:00', '2026-01-17 12:00:00']], // L alone = Saturday
    ['0 15 10 ? * 6L', ['2026-01-30 10:15:00', '2026-02-27 10:15:00', '2026-03-27 10:15:00']], // last Friday
    ['0 15 10 ? * 6#3', ['2026-01-16 10:15:00', '2026-02-20 10:15:00', '2026-03-20 10:15:00']], // third Friday
    ['0 15 10 L * ?', ['2026-01-31 10:15:00', '2026-02-28 10:15:00', '2026-03-31 10:15:00']],
    ['0 15 10 LW * ?', ['2026-01-30 10:15:00', '2026-02-27 10:15:00', '2026-03-31 10:15:00']],
    ['0 15 10 15W * ?', ['2026-01-15 10:15:00', '2026-02-16 10:15:00', '2026-03-16 10:15:00']],
    ['0 0 22-2 * * ?', ['2026-01-01 01:00:00', '2026-01-01 02:00:00', '2026-01-01 22:00:00']],
    ['0 0 12 ? * FRI-MON', ['2026-01-02 12:00:00', '2026-01-03 12:00:00', '2026-01-04 12:00:00']],
    ['0 15 10 ? * * 2027', ['2027-01-01 10:15:00', '2027-01-02 10:15:00', '2027-01-03 10:15:00']],
    ['0 0 0 29 2 ? 2027-2030', ['2028-02-29 00:00:00']],
  ] as [string, string[]][])('%s → %j', (e, want) => expect(next3(e)).toEqual(want));

  it('has no next fire for 31 February or a past year', () => {
    for (const e of ['0 0 0 31 2 ?', '0 0 0 * * ? 2020']) {
      const r = parseQuartzCron(e);
      expect(r.ok && nextFireAfter(r.cron, FROM)).toBeNull();
    }
  });

  it('lists fire times between two instants, capped to the newest', () => {
    const r = parseQuartzCron('0/10 * * * * ?');
    if (!r.ok) throw new Error();
    expect(fireTimesBetween(r.cron, FROM, FROM + 35_000).map(show)).toEqual(['2026-01-01 00:00:10', '2026-01-01 00:00:20', '2026-01-01 00:00:30']);
    expect(fireTimesBetween(r.cron, FROM, FROM + 3600_000, 2).map(show)).toEqual(['2026-01-01 00:59:50', '2026-01-01 01:00:00']);
    expect(lastFireAtOrBefore(r.cron, FROM + 20_000)).toBe(FROM + 20_000);
  });
});

describe('node-cron translation', () => {
  it.each(['0/10 * * * * ?', '0 15 10 ? * MON-FRI', '0 15 10 ? * 6L', '0 15 10 ? * 6#3', '0 15 10 LW * ?', '0 15 10 15W * ?', '0 0 12 ? * 1'])(
    '%s: node-cron accepts the translation and matches croner', (e) => {
      const r = parseQuartzCron(e);
      if (!r.ok || !r.cron.nodeCron) throw new Error('expected a node-cron form');
      expect(nodeCron.validate(r.cron.nodeCron)).toBe(true);
      const task = nodeCron.createTask(r.cron.nodeCron, () => {});
      try {
        for (const t of nextFireTimes(r.cron, FROM, 6)) expect(task.match(new Date(t))).toBe(true);
        expect(task.match(new Date(nextFireTimes(r.cron, FROM, 1)[0] + 1000))).toBe(false);
      } finally {
        void task.destroy();
      }
    });

  it('has no node-cron form for a restricted year', () => {
    const r = parseQuartzCron('0 15 10 ? * * 2027');
    expect(r.ok && r.cron.nodeCron).toBeNull();
  });
});
