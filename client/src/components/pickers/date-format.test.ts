import { describe, expect, it } from 'vitest';
import { PICKER_FORMATS } from '../../../../shared/utils/date';
import {
  daysInMonth, fromDayParts, orderRange, parseTime, parseTyped, toDayParts, toDisplay, toLastDayParts, withinBounds,
} from './date-format';

describe('picker formats (spec §9)', () => {
  it('uses the spec formats', () => {
    expect(PICKER_FORMATS).toMatchObject({ date: 'yyyy-MM-dd', month: 'yyyy-MM', year: 'yyyy', datetime: 'yyyy-MM-dd HH:mm:ss' });
  });

  it('shows stored values in the spec format', () => {
    expect(toDisplay('date', '2024-03-05')).toBe('2024-03-05');
    expect(toDisplay('date', '2024-03-05 10:00:00')).toBe('2024-03-05');
    expect(toDisplay('month', '2024-03')).toBe('2024-03');
    expect(toDisplay('month', '2024-03-05')).toBe('2024-03');
    expect(toDisplay('year', '2024')).toBe('2024');
    expect(toDisplay('datetime', '2024-03-05 10:11:12')).toBe('2024-03-05 10:11:12');
    expect(toDisplay('datetime', '2024-03-05T10:11')).toBe('2024-03-05 10:11:00');
    expect(toDisplay('date', 'junk')).toBe('');
    expect(toDisplay('date', null)).toBe('');
  });

  it('reads typed text leniently into the spec format', () => {
    expect(parseTyped('date', '2024-03-05')).toBe('2024-03-05');
    expect(parseTyped('date', ' 2024-3-5 ')).toBe('2024-03-05');
    expect(parseTyped('date', '2024/03/05')).toBe('2024-03-05');
    expect(parseTyped('month', '2024-3')).toBe('2024-03');
    expect(parseTyped('year', '2024')).toBe('2024');
    expect(parseTyped('datetime', '2024-03-05 9:05')).toBe('2024-03-05 09:05:00');
    expect(parseTyped('datetime', '2024-03-05T18:00:00')).toBe('2024-03-05 18:00:00');
    expect(parseTyped('datetime', '2024-03-05')).toBe('2024-03-05 00:00:00');
    expect(parseTyped('date', '')).toBe('');
  });

  it('refuses text that is no date, partial text and impossible days', () => {
    expect(parseTyped('date', '2024-03-')).toBeNull();
    expect(parseTyped('date', '03/05/2024')).toBeNull();
    expect(parseTyped('date', '2025-02-29')).toBeNull();
    expect(parseTyped('date', '2024-02-29')).toBe('2024-02-29');
    expect(parseTyped('date', '2024-13-01')).toBeNull();
    expect(parseTyped('month', '2024-00')).toBeNull();
    expect(parseTyped('year', '24')).toBeNull();
    expect(parseTyped('datetime', '2024-03-05 24:00:00')).toBeNull();
    expect(parseTyped('datetime', '2024-03-05 10:60')).toBeNull();
  });

  it('reads times as HH:mm:ss', () => {
    expect(parseTime('18:00')).toBe('18:00:00');
    expect(parseTime('9:5:7')).toBe('09:05:07');
    expect(parseTime('')).toBe('');
    expect(parseTime('6 PM')).toBeNull();
    expect(parseTime('23:59:60')).toBeNull();
  });

  it('converts between values and calendar days', () => {
    expect(toDayParts('date', '2024-03-05')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(toDayParts('month', '2024-03')).toEqual({ year: 2024, month: 3, day: 1 });
    expect(toDayParts('year', '2024')).toEqual({ year: 2024, month: 1, day: 1 });
    expect(toLastDayParts('month', '2024-02')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(toLastDayParts('year', '2024')).toEqual({ year: 2024, month: 12, day: 31 });
    expect(toDayParts('date', '')).toBeNull();
    const day = { year: 2024, month: 3, day: 5 };
    expect(fromDayParts('date', day)).toBe('2024-03-05');
    expect(fromDayParts('month', day)).toBe('2024-03');
    expect(fromDayParts('year', day)).toBe('2024');
    expect(fromDayParts('datetime', day, '08:30:00')).toBe('2024-03-05 08:30:00');
    expect(daysInMonth(2023, 2)).toBe(28);
  });

  it('checks bounds in the same format', () => {
    expect(withinBounds('date', '2024-03-05', '2024-03-01', '2024-03-31')).toBe(true);
    expect(withinBounds('date', '2024-04-01', undefined, '2024-03-31')).toBe(false);
    expect(withinBounds('month', '2024-02', '2024-03')).toBe(false);
  });

  it('orders a range', () => {
    expect(orderRange('2024-02-01', '2024-01-01')).toEqual(['2024-01-01', '2024-02-01']);
    expect(orderRange('2024-01-01', '')).toEqual(['2024-01-01', '']);
  });
});
