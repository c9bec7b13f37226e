import { describe, expect, it } from 'vitest';
import {
  PICKER_FORMATS,
  addDateRange,
  defaultStartTime,
  formatDate,
  formatDateTime,
  formatRelativeTime,
  parseTime,
} from './date';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

describe('formatDate / formatDateTime', () => {
  const d = new Date(2024, 0, 5, 9, 3, 7);
  it('formats Date and epoch ms with the default pattern', () => {
    expect(formatDate(d)).toBe('2024-01-05 09:03:07');
    expect(formatDate(d.getTime())).toBe('2024-01-05 09:03:07');
    expect(formatDateTime(d)).toBe('2024-01-05 09:03:07');
    expect(formatDateTime(d.getTime())).toBe('2024-01-05 09:03:07');
  });
  it('applies custom patterns, including repeated tokens', () => {
    expect(formatDate(d, 'yyyy-MM-dd')).toBe('2024-01-05');
    expect(formatDate(d, PICKER_FORMATS.month)).toBe('2024-01');
    expect(formatDate(d, PICKER_FORMATS.year)).toBe('2024');
    expect(formatDate(d, 'HH:mm')).toBe('09:03');
    expect(formatDate(d, 'dd/dd')).toBe('05/05');
  });
  it('accepts yyyy-MM-dd HH:mm:ss strings as local time', () => {
    expect(formatDate('2024-12-31 23:59:59', 'yyyy-MM-dd')).toBe('2024-12-31');
    expect(formatDate('2024-12-31 23:59:59')).toBe('2024-12-31 23:59:59');
    expect(formatDate('2024-03-01', 'yyyy-MM-dd HH:mm:ss')).toBe('2024-03-01 00:00:00');
    expect(formatDate('2024-03-01T08:30:00', 'HH:mm')).toBe('08:30');
  });
  it('returns empty text for invalid input', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(NaN))).toBe('');
  });
  it('exposes the picker formats', () => {
    expect(PICKER_FORMATS).toEqual({
      date: 'yyyy-MM-dd',
      month: 'yyyy-MM',
      year: 'yyyy',
      datetime: 'yyyy-MM-dd HH:mm:ss',
    });
  });
});

describe('parseTime', () => {
  const d = new Date(2024, 0, 5, 9, 3, 7); // a Friday
  it('uses the default pattern', () => {
    expect(parseTime(d)).toBe('2024-01-05 09:03:07');
    expect(parseTime(d.getTime())).toBe('2024-01-05 09:03:07');
  });
  it('treats 10-digit numbers and digit strings as seconds', () => {
    const secs = Math.floor(d.getTime() / 1000);
    expect(String(secs)).toHaveLength(10);
    expect(parseTime(secs)).toBe('2024-01-05 09:03:07');
    expect(parseTime(String(secs))).toBe('2024-01-05 09:03:07');
    expect(parseTime(String(d.getTime()))).toBe('2024-01-05 09:03:07');
  });
  it('parses date strings as local time, dropping T and milliseconds', () => {
    expect(parseTime('2024-01-05 09:03:07', '{y}/{m}/{d}')).toBe('2024/01/05');
    expect(parseTime('2024-01-05T09:03:07.123', '{h}:{i}:{s}')).toBe('09:03:07');
  });
  it('renders the weekday with {a}', () => {
    expect(parseTime(d, '{y}-{m}-{d} 星期{a}')).toBe('2024-01-05 星期五');
    expect(parseTime(new Date(2024, 0, 7), '{a}')).toBe('日');
    expect(parseTime(new Date(2024, 0, 8), '{a}')).toBe('一');
  });
  it('pads values below 10 and keeps larger ones', () => {
    expect(parseTime(new Date(2024, 10, 25, 23, 45, 59))).toBe('2024-11-25 23:45:59');
    expect(parseTime(new Date(2024, 0, 1, 0, 0, 0))).toBe('2024-01-01 00:00:00');
  });
  it('returns empty text for empty or invalid input', () => {
    expect(parseTime(null)).toBe('');
    expect(parseTime(undefined)).toBe('');
    expect(parseTime('')).toBe('');
    expect(parseTime('garbage')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0).getTime();
  it('says 刚刚 under 30 seconds and for future times', () => {
    expect(formatRelativeTime(now, now)).toBe('刚刚');
    expect(formatRelativeTime(now - 29 * SEC, now)).toBe('刚刚');
    expect(formatRelativeTime(now + 5 * MIN, now)).toBe('刚刚');
  });
  it('counts minutes (rounded up) from 30 s to under 1 h', () => {
    expect(formatRelativeTime(now - 30 * SEC, now)).toBe('1分钟前');
    expect(formatRelativeTime(now - 90 * SEC, now)).toBe('2分钟前');
    expect(formatRelativeTime(now - 59 * MIN, now)).toBe('59分钟前');
    expect(formatRelativeTime(now - (HOUR - SEC), now)).toBe('60分钟前');
  });
  it('counts hours (rounded up) from 1 h to under 1 day', () => {
    expect(formatRelativeTime(now - HOUR, now)).toBe('1小时前');
    expect(formatRelativeTime(now - 23 * HOUR, now)).toBe('23小时前');
    expect(formatRelativeTime(now - (24 * HOUR - SEC), now)).toBe('24小时前');
  });
  it('says 1天前 from 1 day to under 2 days', () => {
    expect(formatRelativeTime(now - 24 * HOUR, now)).toBe('1天前');
    expect(formatRelativeTime(now - 47 * HOUR, now)).toBe('1天前');
  });
  it('falls back to M月d日H时m分 from 2 days on', () => {
    expect(formatRelativeTime(now - 48 * HOUR, now)).toBe('6月13日12时0分');
    expect(formatRelativeTime(new Date(2024, 0, 2, 3, 4, 5).getTime(), now)).toBe('1月2日3时4分');
  });
  it('accepts 10-digit seconds', () => {
    const t = Math.floor((now - 5 * MIN) / 1000);
    expect(formatRelativeTime(t, now)).toBe('5分钟前');
  });
  it('works across midnight (elapsed time, not calendar days)', () => {
    const justAfterMidnight = new Date(2024, 5, 15, 0, 0, 10).getTime();
    const beforeMidnight = new Date(2024, 5, 14, 23, 59, 50).getTime();
    expect(formatRelativeTime(beforeMidnight, justAfterMidnight)).toBe('刚刚');
    expect(formatRelativeTime(new Date(2024, 5, 14, 23, 0).getTime(), justAfterMidnight)).toBe('2小时前');
  });
});

describe('defaultStartTime', () => {
  it('goes 90 days back as yyyy-MM-dd', () => {
    expect(defaultStartTime(new Date(2024, 5, 15, 10, 0))).toBe('2024-03-17');
  });
  it('crosses year boundaries and leap days', () => {
    expect(defaultStartTime(new Date(2024, 0, 1))).toBe('2023-10-03');
    expect(defaultStartTime(new Date(2024, 4, 29))).toBe('2024-02-29');
  });
  it('uses the local date even just before and after midnight', () => {
    expect(defaultStartTime(new Date(2024, 5, 15, 23, 59, 59))).toBe('2024-03-17');
    expect(defaultStartTime(new Date(2024, 5, 16, 0, 0, 0))).toBe('2024-03-18');
  });
  it('defaults to today', () => {
    expect(defaultStartTime()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('addDateRange', () => {
  it('adds beginTime/endTime and does not mutate the input', () => {
    const input = { pageNum: 1, pageSize: 10 };
    const out = addDateRange(input, ['2024-01-01', '2024-01-31']);
    expect(out).toEqual({ pageNum: 1, pageSize: 10, params: { beginTime: '2024-01-01', endTime: '2024-01-31' } });
    expect(input).toEqual({ pageNum: 1, pageSize: 10 });
  });
  it('uses begin<Prop>/end<Prop> with a prop name', () => {
    expect(addDateRange({}, ['a', 'b'], 'CreateTime').params).toEqual({ beginCreateTime: 'a', endCreateTime: 'b' });
    expect(addDateRange({}, ['a', 'b'], 'createTime').params).toEqual({ beginCreateTime: 'a', endCreateTime: 'b' });
  });
  it('keeps other params entries and copies the params object', () => {
    const inner = { dataScope: 'x', beginTime: 'old', endTime: 'old' };
    const out = addDateRange({ params: inner }, ['n1', 'n2']);
    expect(out.params).toEqual({ dataScope: 'x', beginTime: 'n1', endTime: 'n2' });
    expect(inner.beginTime).toBe('old');
  });
  it('removes the keys when there is no range', () => {
    const input = { params: { beginTime: 'old', endTime: 'old', other: 1 } };
    expect(addDateRange(input, null).params).toEqual({ other: 1 });
    expect(addDateRange(input, undefined).params).toEqual({ other: 1 });
    expect(addDateRange({}, undefined)).toEqual({ params: {} });
  });
  it('replaces a non-object params value', () => {
    expect(addDateRange({ params: [1] }, ['a', 'b']).params).toEqual({ beginTime: 'a', endTime: 'b' });
    expect(addDateRange({ params: null }, ['a', 'b']).params).toEqual({ beginTime: 'a', endTime: 'b' });
  });
});

describe('formatDate default pattern', () => {
  it('writes the same text as the general token formatter', () => {
    for (const d of [new Date(2024, 0, 5, 9, 3, 7), new Date(2026, 10, 27, 23, 59, 59), new Date(999, 11, 31, 0, 0, 0), new Date(2024, 1, 29, 12, 0, 9)]) {
      expect(formatDate(d)).toBe(`${formatDate(d, 'yyyy-MM-dd')} ${formatDate(d, 'HH:mm:ss')}`);
      expect(formatDate(d.getTime())).toBe(formatDate(d));
    }
    expect(formatDate(new Date(2024, 0, 5, 9, 3, 7))).toBe('2024-01-05 09:03:07');
    expect(formatDate('2024-01-05 09:03:07')).toBe('2024-01-05 09:03:07');
    expect(formatDate(Number.NaN)).toBe('');
  });
});
