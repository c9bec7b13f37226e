/**
 * Single Chinese date pickers with the spec §9 formats (PICKER_FORMATS; issue 11 §7): `type`
 * 'date' → yyyy-MM-dd, 'month' → yyyy-MM, 'year' → yyyy, 'datetime' → yyyy-MM-dd HH:mm:ss. A text
 * box shows the value in that format whatever the browser's language and accepts typing (see
 * date-format: 2026-1-5 → 2026-01-05); its 打开日历 button opens the zh-CN calendar (day, month or
 * year view). The datetime calendar has a time row (HH:mm:ss, 此刻, 确定) below the days.
 *
 * Props: `type?: PickerType` ('date'), `value?: string | null`, `onChange(value: string)` ('' when
 * cleared), `placeholder?: string` (选择日期 / 选择月 / 选择年 / 选择日期时间; also the text box's
 * accessible name), `w?: string`, `disabled?: boolean`, `min? / max?: string` (same format as the
 * value; typed values outside are refused, calendar days outside are disabled), `name?: string`
 * (the text box's name), `size?: 'xs' | 'sm' | 'md'` ('sm').
 */
import { Button, DatePicker as Calendar, Flex, Input, InputGroup, useDatePickerContext } from '@chakra-ui/react';
import { formatDate } from '../../../../shared/utils/date';
import { CalendarPanel, CalendarTrigger, calendarRootProps, dayOf, toCalendarDate } from './calendar-kit';
import {
  fromDayParts, parseTyped, PLACEHOLDER, toDayParts, toDisplay, toLastDayParts, withinBounds, type PickerType,
} from './date-format';
import { TimeField } from './TimeField';
import { useTypedInput } from './typed-input';

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

const DEFAULT_W: Record<PickerType, string> = { date: '150px', month: '150px', year: '120px', datetime: '210px' };

export function DatePicker({ type = 'date', value, onChange, placeholder, w, disabled, min, max, name, size = 'sm' }: DatePickerProps) {
  const shown = toDisplay(type, value);
  const label = placeholder ?? PLACEHOLDER[type];
  const parse = (text: string) => {
    const v = parseTyped(type, text);
    return v && !withinBounds(type, v, min, max) ? null : v;
  };
  const typed = useTypedInput(shown, parse, onChange);
  const day = toDayParts(type, shown);
  const time = type === 'datetime' && shown ? shown.slice(11) : '00:00:00';
  const lo = toDayParts(type, min);
  const hi = toLastDayParts(type, max);
  return (
    <Calendar.Root
      {...calendarRootProps(type, size)}
      w={w ?? DEFAULT_W[type]}
      maxW="full"
      gap="0"
      disabled={disabled}
      value={day ? [toCalendarDate(day)] : []}
      min={lo ? toCalendarDate(lo) : undefined}
      max={hi ? toCalendarDate(hi) : undefined}
      closeOnSelect={type !== 'datetime'}
      onValueChange={(d) => onChange(d.value[0] ? fromDayParts(type, dayOf(d.value[0]), time) : '')}
      data-testid="date-picker"
    >
      <Calendar.Control>
        <InputGroup endElement={<CalendarTrigger size={size} />} endElementProps={{ px: '1' }}>
          <Input size={size} name={name} aria-label={label} placeholder={label} disabled={disabled} autoComplete="off" {...typed} />
        </InputGroup>
      </Calendar.Control>
      <CalendarPanel type={type} footer={type === 'datetime' ? <TimeRow value={shown} onChange={onChange} /> : undefined} />
    </Calendar.Root>
  );
}

/** The datetime calendar's time row: HH:mm:ss of the value (on today when no day is picked yet), 此刻, 确定. */
function TimeRow({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const api = useDatePickerContext();
  const date = value ? value.slice(0, 10) : formatDate(new Date(), 'yyyy-MM-dd');
  return (
    <Flex gap="2" align="center" borderTopWidth="1px" pt="2">
      <TimeField size="xs" w="100px" value={value ? value.slice(11) : ''} onChange={(t) => t && onChange(`${date} ${t}`)} />
      <Button size="xs" variant="ghost" ms="auto" onClick={() => onChange(formatDate(new Date(), 'yyyy-MM-dd HH:mm:ss'))}>
        此刻
      </Button>
      <Button size="xs" colorPalette="brand" onClick={() => api.setOpen(false)}>
        确定
      </Button>
    </Flex>
  );
}
