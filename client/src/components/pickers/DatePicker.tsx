/**
 * Single date pickers with the spec §9 formats (PICKER_FORMATS): `type` 'date' → yyyy-MM-dd,
 * 'month' → yyyy-MM, 'year' → yyyy, 'datetime' → yyyy-MM-dd HH:mm:ss. Native inputs (date, month,
 * datetime-local with seconds; a 4-digit number field for years).
 *
 * Props: `type?: PickerType` ('date'), `value?: string | null`, `onChange(value: string)` ('' when
 * cleared), `placeholder?: string` (选择日期 / 选择月 / 选择年 / 选择日期时间), `w?: string`,
 * `disabled?: boolean`, `min? / max?: string` (same format as the value), `name?: string`,
 * `size?: 'xs' | 'sm' | 'md'` ('sm').
 */
import { Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { fromInputValue, INPUT_TYPE, PLACEHOLDER, toInputValue, type PickerType } from './date-format';

export type { PickerType } from './date-format';

export interface DatePickerProps {
  type?: PickerType;
  value?: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  w?: string;
  disabled?: boolean;
  min?: string;
  max?: string;
  name?: string;
  size?: 'xs' | 'sm' | 'md';
}

export function DatePicker({ type = 'date', value, onChange, placeholder, w, disabled, min, max, name, size = 'sm' }: DatePickerProps) {
  const shown = toInputValue(type, value);
  // The year field is typed digit by digit: keep the draft until it has 4 digits.
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const label = placeholder ?? PLACEHOLDER[type];
  return (
    <Input
      type={INPUT_TYPE[type]}
      size={size}
      w={w ?? (type === 'datetime' ? '210px' : type === 'year' ? '110px' : '150px')}
      name={name}
      aria-label={label}
      placeholder={label}
      step={type === 'datetime' ? 1 : undefined}
      min={type === 'year' ? (min ?? 1900) : min ? toInputValue(type, min) : undefined}
      max={type === 'year' ? (max ?? 9999) : max ? toInputValue(type, max) : undefined}
      value={type === 'year' ? draft : shown}
      disabled={disabled}
      onChange={(e) => {
        const raw = e.target.value;
        if (type === 'year') {
          setDraft(raw.replace(/\D/g, '').slice(0, 4));
          const v = fromInputValue('year', raw);
          if (v || raw === '') onChange(v);
          return;
        }
        onChange(fromInputValue(type, raw));
      }}
    />
  );
}
