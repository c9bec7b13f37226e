/**
 * `formatOptions` of an `el-input-number` (reference §7 `precision`). @zag-js/number-input keeps
 * one memoised Intl formatter for every number input on the page and compares options one-sidedly
 * (only the new object's keys), so every input must pass the same key set: otherwise an input
 * without a precision reuses another input's 2-digit formatter and shows 3 as "3.00".
 */

/** Most fraction digits shown when a field sets no precision (hides float noise like 0.30000000000000004). */
export const MAX_FRACTION_DIGITS = 15;

export interface NumberFormat {
  minimumFractionDigits: number;
  maximumFractionDigits: number;
  useGrouping: false;
}

/**
 * Precision (digits after the point, undefined = free) → `{minimumFractionDigits,
 * maximumFractionDigits, useGrouping: false}`, always these three keys: a precision p (an integer
 * clamped to 0…MAX_FRACTION_DIGITS) gives p/p, none gives 0/MAX_FRACTION_DIGITS.
 */
export function numberFormatOptions(precision: number | undefined): NumberFormat {
  if (precision === undefined || !Number.isFinite(precision)) {
    return { minimumFractionDigits: 0, maximumFractionDigits: MAX_FRACTION_DIGITS, useGrouping: false };
  }
  const p = Math.min(MAX_FRACTION_DIGITS, Math.max(0, Math.round(precision)));
  return { minimumFractionDigits: p, maximumFractionDigits: p, useGrouping: false };
}

/** The text a number input shows for a value: fixed to the precision when set, else as is ('' for none). */
export function numberText(value: unknown, precision: number | undefined): string {
  if (typeof value !== 'number') return value === undefined || value === null ? '' : String(value);
  if (!Number.isFinite(value)) return '';
  return precision !== undefined ? value.toFixed(numberFormatOptions(precision).maximumFractionDigits) : String(value);
}
