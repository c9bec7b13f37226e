/**
 * Time of day box in the spec §9 format HH:mm:ss (workflow spec §9 "time HH:mm:ss"), typed:
 * 9:5 becomes 09:05:00 on blur, text that is no time reverts. Used by el-time-picker in stored
 * forms and by the datetime picker's time row; not a native time input, whose text follows the
 * browser's language (12-hour AM/PM in en-US).
 *
 * Props: `value?: string | null` (HH:mm:ss), `onChange(value: string)` ('' when cleared),
 * `placeholder?: string` (选择时间, also the accessible name), `w?: string` ('150px'),
 * `disabled?: boolean`, `name?: string`, `size?: 'xs' | 'sm' | 'md'` ('sm').
 */
import { Input } from '@chakra-ui/react';
import { parseTime } from './date-format';
import { useTypedInput } from './typed-input';

export interface TimeFieldProps {
  value?: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  w?: string;
  disabled?: boolean;
  name?: string;
  size?: 'xs' | 'sm' | 'md';
}

export function TimeField({ value, onChange, placeholder = '选择时间', w = '150px', disabled, name, size = 'sm' }: TimeFieldProps) {
  const typed = useTypedInput(parseTime(value ?? '') ?? '', parseTime, onChange);
  return (
    <Input size={size} w={w} name={name} aria-label={placeholder} placeholder={placeholder} disabled={disabled}
      autoComplete="off" inputMode="numeric" {...typed} />
  );
}
