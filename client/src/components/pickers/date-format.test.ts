import { describe, expect, it } from 'vitest';
import { PICKER_FORMATS } from '../../../../shared/utils/date';
import { fromInputValue, orderRange, toInputValue } from './date-format';

describe('picker formats (spec §9)', () => {
  it('uses the spec formats', () => {
    expect(PICKER_FORMATS).toMatchObject({ date: 'yyyy-MM-dd', month: 'yyyy-MM', year: 'yyyy' });
  });
  it('reads values into native inputs', () => {
    expect(toInputValue('date', '2024-03-05')).toBe('2024-03-05');
    expect(toInputValue('date', '2024-03-05 10:00:00')).toBe('2024-03-05');
    expect(toInputValue('month', '2024-03')).toBe('2024-03');
    expect(toInputValue('year', '2024')).toBe('2024');
    expect(toInputValue('datetime', '2024-03-05 10:11:12')).toBe('2024-03-05T10:11:12');
    expect(toInputValue('datetime', '2024-03-05 10:11')).toBe('2024-03-05T10:11:00');
    expect(toInputValue('date', 'junk')).toBe('');
    expect(toInputValue('date', null)).toBe('');
  });
  it('writes native values in the spec formats', () => {
    expect(fromInputValue('date', '2024-03-05')).toBe('2024-03-05');
    expect(fromInputValue('month', '2024-03')).toBe('2024-03');
    expect(fromInputValue('year', '2024')).toBe('2024');
    expect(fromInputValue('year', '24')).toBe('');
    expect(fromInputValue('datetime', '2024-03-05T10:11')).toBe('2024-03-05 10:11:00');
    expect(fromInputValue('datetime', '2024-03-05T10:11:12')).toBe('2024-03-05 10:11:12');
    expect(fromInputValue('date', '')).toBe('');
  });
  it('orders a range', () => {
    expect(orderRange('2024-02-01', '2024-01-01')).toEqual(['2024-01-01', '2024-02-01']);
    expect(orderRange('2024-01-01', '')).toEqual(['2024-01-01', '']);
  });
});
