import { isEqual } from '@zag-js/utils';
import { describe, expect, it } from 'vitest';
import { MAX_FRACTION_DIGITS, numberFormatOptions, numberText } from './number-format';

const fmt = (p: number | undefined, v: number) => new Intl.NumberFormat('en-US', numberFormatOptions(p)).format(v);

describe('numberFormatOptions', () => {
  it('always gives the same keys, so the shared zag formatter memo sees every change', () => {
    const keys = (p: number | undefined) => Object.keys(numberFormatOptions(p)).sort();
    expect(keys(undefined)).toEqual(keys(2));
    expect(keys(0)).toEqual(keys(2));
    // zag compares only the new object's keys: a free input after a precision-2 one must differ.
    expect(isEqual(numberFormatOptions(2), numberFormatOptions(undefined))).toBe(false);
    expect(isEqual(numberFormatOptions(undefined), numberFormatOptions(2))).toBe(false);
  });
  it('a precision fixes the digits; none keeps the value as typed', () => {
    expect(numberFormatOptions(2)).toEqual({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
    expect(numberFormatOptions(undefined)).toEqual({ minimumFractionDigits: 0, maximumFractionDigits: MAX_FRACTION_DIGITS, useGrouping: false });
    expect(fmt(undefined, 3)).toBe('3');
    expect(fmt(undefined, 880.5)).toBe('880.5');
    expect(fmt(undefined, 12345678)).toBe('12345678');
    expect(fmt(2, 3)).toBe('3.00');
    expect(fmt(0, 2.6)).toBe('3');
  });
  it('clamps a bad precision to what Intl accepts', () => {
    expect(numberFormatOptions(-1).maximumFractionDigits).toBe(0);
    expect(numberFormatOptions(99).maximumFractionDigits).toBe(MAX_FRACTION_DIGITS);
    expect(numberFormatOptions(1.6).maximumFractionDigits).toBe(2);
    expect(() => fmt(99, 1)).not.toThrow();
  });
});

describe('numberText', () => {
  it('shows a number fixed to the precision, else as is', () => {
    expect(numberText(3, undefined)).toBe('3');
    expect(numberText(553, 2)).toBe('553.00');
    expect(numberText(undefined, 2)).toBe('');
    expect(numberText(null, undefined)).toBe('');
    expect(numberText('7', 2)).toBe('7');
  });
});
