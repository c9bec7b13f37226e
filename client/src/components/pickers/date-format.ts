/**
 * Conversions between native date inputs and the spec §9 picker formats (PICKER_FORMATS in
 * shared/utils/date.ts): date yyyy-MM-dd, month yyyy-MM, year yyyy, datetime yyyy-MM-dd HH:mm:ss.
 *
 * Native inputs use `yyyy-MM-dd` (date), `yyyy-MM` (month), `yyyy-MM-ddTHH:mm[:ss]`
 * (datetime-local); the year picker is a 4-digit number field.
 */
import { PICKER_FORMATS } from '../../../../shared/utils/date';

export type PickerType = keyof typeof PICKER_FORMATS;

/** The `type` attribute of the native input for a picker type. */
export const INPUT_TYPE: Record<PickerType, string> = { date: 'date', month: 'month', year: 'number', datetime: 'datetime-local' };

/** Element UI's Chinese placeholders. */
export const PLACEHOLDER: Record<PickerType, string> = { date: '选择日期', month: '选择月', year: '选择年', datetime: '选择日期时间' };

const PATTERN: Record<PickerType, RegExp> = {
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  month: /^(\d{4})-(\d{2})$/,
  year: /^(\d{4})$/,
  datetime: /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/,
};

/** A picker value (spec format) → the native input value; anything unreadable → ''. */
export function toInputValue(type: PickerType, value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (type === 'datetime') {
    const m = PATTERN.datetime.exec(v);
    return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}` : '';
  }
  // A longer value (e.g. a datetime in a date picker) keeps its leading part.
  const head = type === 'date' ? v.slice(0, 10) : type === 'month' ? v.slice(0, 7) : v.slice(0, 4);
  return PATTERN[type].test(head) ? head : '';
}

/** A native input value → the spec format ('' when empty or unreadable). */
export function fromInputValue(type: PickerType, raw: string): string {
  const v = raw.trim();
  if (!v) return '';
  if (type === 'datetime') {
    const m = PATTERN.datetime.exec(v);
    return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}` : '';
  }
  if (type === 'year') return /^\d{4}$/.test(v) ? v : '';
  return PATTERN[type].test(v) ? v : '';
}

/** A range with begin after end is swapped, so [begin, end] always reads forwards. */
export function orderRange(begin: string, end: string): [string, string] {
  return begin && end && begin > end ? [end, begin] : [begin, end];
}
