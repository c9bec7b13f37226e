import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { addDuration, firstCycleFire, nextCycleFire, parseCycle, parseIsoDate, parseIsoDuration, timerSchedule } from './iso8601';

const el = { id: 'timer1', type: 'boundaryEvent' };
const now = DateTime.fromISO('2026-03-10T08:00:00').toMillis();
const MIN = 60_000;
const noEval = (t: string) => { throw new Error(`unexpected eval ${t}`); };

describe('ISO 8601 dates and durations', () => {
  it('parses dates with and without offsets', () => {
    expect(parseIsoDate('2026-12-01T09:00:00Z')).toBe(Date.UTC(2026, 11, 1, 9));
    expect(parseIsoDate('2026-12-01T09:00:00+08:00')).toBe(Date.UTC(2026, 11, 1, 1));
    expect(parseIsoDate('2026-12-01T09:00')).toBe(DateTime.fromISO('2026-12-01T09:00').toMillis());
    expect(parseIsoDate('2026-12-01')).toBe(DateTime.fromISO('2026-12-01').toMillis());
    expect(parseIsoDate('PT10M')).toBeNull();
    expect(parseIsoDate('2026-13-45T00:00')).toBeNull();
    expect(parseIsoDate('tomorrow')).toBeNull();
  });

  it('parses durations', () => {
    expect(parseIsoDuration('PT10M')!.as('minutes')).toBe(10);
    expect(parseIsoDuration('P1DT2H')!.as('hours')).toBe(26);
    expect(parseIsoDuration('pt5s')!.as('seconds')).toBe(5);
    expect(parseIsoDuration('10M')).toBeNull();
    expect(parseIsoDuration('PTXM')).toBeNull();
    expect(addDuration(now, 'PT10M')).toBe(now + 10 * MIN);
    expect(addDuration(now, 'P1D')).toBe(DateTime.fromMillis(now).plus({ days: 1 }).toMillis());
  });
});

describe('timerSchedule', () => {
  it('timeDate: absolute, from text or expression (string, Date, epoch ms)', () => {
    expect(timerSchedule({ timeDate: '2026-12-01T09:00:00Z' }, now, el, noEval)).toEqual({ dueTime: Date.UTC(2026, 11, 1, 9), repeat: null });
    const d = new Date(Date.UTC(2027, 0, 1));
    expect(timerSchedule({ timeDate: '${due}' }, now, el, () => d)!.dueTime).toBe(d.getTime());
    expect(timerSchedule({ timeDate: '${due}' }, now, el, () => '2027-01-01T00:00:00Z')!.dueTime).toBe(d.getTime());
    expect(timerSchedule({ timeDate: '${due}' }, now, el, () => 12345)!.dueTime).toBe(12345);
  });

  it('timeDuration: from now; an expression yielding a duration', () => {
    expect(timerSchedule({ timeDuration: 'PT10M' }, now, el, noEval)).toEqual({ dueTime: now + 10 * MIN, repeat: null });
    expect(timerSchedule({ timeDuration: 'P1D' }, now, el, noEval)!.dueTime).toBe(DateTime.fromMillis(now).plus({ days: 1 }).toMillis());
    let seen = '';
    expect(timerSchedule({ timeDuration: '${wait}' }, now, el, (t) => { seen = t; return 'PT1H'; })!.dueTime).toBe(now + 60 * MIN);
    expect(seen).toBe('${wait}');
  });

  it('timeCycle: R3/PT10M fires three times, one period apart, then stops', () => {
    const first = timerSchedule({ timeCycle: 'R3/PT10M' }, now, el, noEval)!;
    expect(first).toEqual({ dueTime: now + 10 * MIN, repeat: 'R2/PT10M' });
    const second = nextCycleFire(first.repeat!, first.dueTime, first.dueTime)!;
    expect(second).toEqual({ dueTime: now + 20 * MIN, repeat: 'R1/PT10M' });
    const third = nextCycleFire(second.repeat!, second.dueTime, second.dueTime)!;
    expect(third).toEqual({ dueTime: now + 30 * MIN, repeat: null });
  });

  it('timeCycle: R/PT1H is unbounded', () => {
    const first = timerSchedule({ timeCycle: 'R/PT1H' }, now, el, noEval)!;
    expect(first.repeat).toBe('R/PT1H');
    let s = first;
    for (let i = 0; i < 50; i++) s = nextCycleFire(s.repeat!, s.dueTime, s.dueTime)!;
    expect(s.dueTime).toBe(now + 51 * 60 * MIN);
    expect(s.repeat).toBe('R/PT1H');
  });

  it('timeCycle with a start date: the first fire at the start, then each period', () => {
    const start = DateTime.fromISO('2026-12-01T09:00').toMillis();
    const first = timerSchedule({ timeCycle: 'R2/2026-12-01T09:00/P1D' }, now, el, noEval)!;
    expect(first.dueTime).toBe(start);
    const second = nextCycleFire(first.repeat!, first.dueTime, first.dueTime)!;
    expect(second.dueTime).toBe(DateTime.fromMillis(start).plus({ days: 1 }).toMillis());
    expect(second.repeat).toBeNull();
  });

  it('timeCycle with a start date in the past: the first occurrence after now, only the rest remain', () => {
    const first = timerSchedule({ timeCycle: 'R3/2026-03-09T08:00/P1D' }, now, el, noEval)!;
    expect(first).toEqual({ dueTime: DateTime.fromISO('2026-03-11T08:00').toMillis(), repeat: null });
    expect(timerSchedule({ timeCycle: 'R2/2026-03-01T08:00/P1D' }, now, el, noEval)).toBeNull();
    const unbounded = timerSchedule({ timeCycle: 'R/2026-03-10T07:30/PT1H' }, now, el, noEval)!;
    expect(unbounded).toEqual({ dueTime: now + 30 * MIN, repeat: 'R/PT1H' });
  });

  it('after a downtime, a cycle skips the occurrences already past', () => {
    expect(nextCycleFire('R/PT1H', now, now + 5.5 * 60 * MIN)).toEqual({ dueTime: now + 6 * 60 * MIN, repeat: 'R/PT1H' });
    expect(nextCycleFire('R5/PT1H', now, now + 2.5 * 60 * MIN)).toEqual({ dueTime: now + 3 * 60 * MIN, repeat: 'R2/PT1H' });
    // All remaining occurrences past: the last one fires once (due in the past = at the next tick).
    expect(nextCycleFire('R2/PT1H', now, now + 10 * 60 * MIN)).toEqual({ dueTime: now + 2 * 60 * MIN, repeat: null });
  });

  it('timeCycle with an end date stops after it', () => {
    const c = parseCycle('R/PT1H/2026-03-10T10:30', el);
    expect(c).toMatchObject({ kind: 'iso', repeats: null, period: 'PT1H' });
    const first = firstCycleFire(c, now)!;
    const second = nextCycleFire(first.repeat!, first.dueTime, first.dueTime)!;
    expect(second.dueTime).toBe(now + 120 * MIN);
    expect(nextCycleFire(second.repeat!, second.dueTime, second.dueTime)).toBeNull();
  });

  it('timeCycle: Flowable cron form (seconds first, ? and 0/5)', () => {
    const first = timerSchedule({ timeCycle: '0 0/5 * * * ?' }, now + 2 * MIN, el, noEval)!;
    expect(first.dueTime).toBe(now + 5 * MIN);
    expect(first.repeat).toBe('0 0/5 * * * ?');
    expect(nextCycleFire(first.repeat!, first.dueTime, first.dueTime)!.dueTime).toBe(now + 10 * MIN);
  });

  it('timeCycle from an expression', () => {
    expect(timerSchedule({ timeCycle: '${cycle}' }, now, el, () => 'R2/PT5M')).toEqual({ dueTime: now + 5 * MIN, repeat: 'R1/PT5M' });
  });

  it('bad values fail naming the element', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ timeDuration: '10 minutes' }, /定时器 timer1 \(boundaryEvent\) 的 timeDuration 值无效: "10 minutes"/],
      [{ timeDuration: 'PT-5M' }, /timeDuration/],
      [{ timeDate: 'next monday' }, /timeDate 值无效/],
      [{ timeCycle: 'R0/PT1M' }, /timeCycle 值无效/],
      [{ timeCycle: 'R3' }, /timeCycle/],
      [{ timeCycle: 'R3/PT0S' }, /周期必须大于 0/],
      [{ timeCycle: 'R3/yesterday/PT1M' }, /timeCycle/],
      [{ timeCycle: '61 * * * * ?' }, /timeCycle 值无效/],
      [{ timeCycle: 'every hour' }, /timeCycle/],
      [{}, /缺少 timeDate/],
    ];
    for (const [def, re] of cases) expect(() => timerSchedule(def, now, el, noEval), JSON.stringify(def)).toThrow(re);
    expect(() => timerSchedule({ timeDuration: '${x}' }, now, el, () => 42n as unknown)).toThrow(/timeDuration/);
    expect(() => timerSchedule({ timeCycle: '${x}' }, now, el, () => 5)).toThrow(/timeCycle 值无效/);
  });
});
