/**
 * Date range of the list filters (RuoYi `<el-date-picker type="daterange" value-format="yyyy-MM-dd"
 * range-separator="-" start-placeholder="开始日期" end-placeholder="结束日期">`; platform spec §9
 * picker format yyyy-MM-dd; issue 11 §7). Two text boxes, 开始日期 and 结束日期, show and accept
 * yyyy-MM-dd whatever the browser's language; the 打开日历 button opens one zh-CN calendar in which
 * two clicks pick the range. The end never precedes the begin (a reversed range is swapped). On a
 * narrow screen (375 px) the boxes wrap onto two lines instead of running off the screen.
 *
 * Props: `value?: [string, string] | string[] | null`, `onChange(range: [string, string])`
 * (['', ''] when cleared; feed it to addDateRange), `w?: string` (each box, '140px'),
 * `disabled?: boolean`, `size?: 'xs' | 'sm' | 'md'` ('sm').
 */
import { DatePicker as Calendar, Input, InputGroup, Text } from '@chakra-ui/react';
import { CalendarPanel, CalendarTrigger, calendarRootProps, dayOf, toCalendarDate } from './calendar-kit';
import { fromDayParts, orderRange, parseTyped, toDayParts, toDisplay } from './date-format';
import { useTypedInput } from './typed-input';

export interface DateRangePickerProps {
  value?: [string, string] | string[] | null;
  onChange: (range: [string, string]) => void;
  w?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm' | 'md';
}

const parse = (text: string) => parseTyped('date', text);

export function DateRangePicker({ value, onChange, w = '140px', disabled, size = 'sm' }: DateRangePickerProps) {
  const begin = toDisplay('date', value?.[0]);
  const end = toDisplay('date', value?.[1]);
  const beginTyped = useTypedInput(begin, parse, (b) => onChange(orderRange(b, end)));
  const endTyped = useTypedInput(end, parse, (e) => onChange(orderRange(begin, e)));
  const b = toDayParts('date', begin);
  const e = toDayParts('date', end);
  const picked = b && e ? [toCalendarDate(b), toCalendarDate(e)] : b ? [toCalendarDate(b)] : [];
  const box = { size, disabled, autoComplete: 'off', flexShrink: 0 } as const;
  return (
    <Calendar.Root
      {...calendarRootProps('date', size)}
      selectionMode="range"
      w="auto"
      maxW="full"
      gap="0"
      disabled={disabled}
      value={picked}
      onValueChange={(d) => {
        const [s, t] = d.value;
        onChange([s ? fromDayParts('date', dayOf(s)) : '', t ? fromDayParts('date', dayOf(t)) : '']);
      }}
      data-testid="date-range"
    >
      <Calendar.Control flexWrap="wrap" gap="1" rowGap="2" w="auto">
        <Input {...box} w={w} aria-label="开始日期" placeholder="开始日期" {...beginTyped} />
        <Text as="span" color="fg.muted">
          -
        </Text>
        <InputGroup w={w} flexShrink={0} endElement={<CalendarTrigger size={size} />} endElementProps={{ px: '1' }}>
          <Input {...box} aria-label="结束日期" placeholder="结束日期" {...endTyped} />
        </InputGroup>
      </Calendar.Control>
      <CalendarPanel type="date" />
    </Calendar.Root>
  );
}
