/**
 * Date range of the list filters (RuoYi `<el-date-picker type="daterange" value-format="yyyy-MM-dd"
 * range-separator="-" start-placeholder="开始日期" end-placeholder="结束日期">`; platform spec §9
 * picker format yyyy-MM-dd; issue 11 §7). Two text boxes, 开始日期 and 结束日期, show and accept
 * yyyy-MM-dd whatever the browser's language; a click anywhere in the field (either box, the
 * separator, the 打开日历 button; issue 40 §9) opens one zh-CN calendar in which two clicks pick
 * the range, and the caret stays in the box clicked, so typing still works. The end never precedes the begin (a reversed range is swapped). On a
 * narrow screen (375 px) the boxes wrap onto two lines instead of running off the screen.
 *
 * Props: `value?: [string, string] | string[] | null`, `onChange(range: [string, string])`
 * (['', ''] when cleared; feed it to addDateRange), `w?: string` (each box, '140px'),
 * `disabled?: boolean`, `size?: 'xs' | 'sm' | 'md'` ('sm'), `separator?: string` (between the
 * boxes, '-'; a stored form's `range-separator`), `startPlaceholder?` / `endPlaceholder?`
 * (开始日期 / 结束日期; the boxes' accessible names stay 开始日期 / 结束日期), `fluid?: boolean`
 * (fill the container: the boxes share its width, each at least 112px, instead of `w`).
 */
import { DatePicker as Calendar, Input, InputGroup, Text, useDatePickerContext } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { CalendarPanel, CalendarTrigger, calendarRootProps, dayOf, toCalendarDate } from './calendar-kit';
import { fromDayParts, orderRange, parseTyped, toDayParts, toDisplay } from './date-format';
import { useTypedInput } from './typed-input';

export interface DateRangePickerProps {
  value?: [string, string] | string[] | null;
  onChange: (range: [string, string]) => void;
  w?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm' | 'md';
  separator?: string;
  startPlaceholder?: string;
  endPlaceholder?: string;
  fluid?: boolean;
}

/** Each box's width: `w` fixed, or (fluid) a share of the row, at least 112px. */
const boxWidth = (w: string, fluid: boolean | undefined) => (fluid ? { flex: '1 1 112px', minW: '112px' } : { w, flexShrink: 0 });

const parse = (text: string) => parseTyped('date', text);

/**
 * The field's row: a click on it, outside the 打开日历 button (which toggles by itself), opens the
 * calendar as a click on the picker's own input would (zag's `input.click` opening, which leaves
 * the focus where it is).
 */
function FieldControl(props: Calendar.ControlProps) {
  const api = useDatePickerContext();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest('[data-part="trigger"]')) return;
    (api.getInputProps().onClick as ((event: MouseEvent<HTMLElement>) => void) | undefined)?.(e);
  };
  return <Calendar.Control {...props} onClick={onClick} />;
}

/** Two yyyy-MM-dd boxes and one range calendar; see the file comment for the props. */
export function DateRangePicker({
  value, onChange, w = '140px', disabled, size = 'sm', separator = '-', startPlaceholder = '开始日期', endPlaceholder = '结束日期', fluid,
}: DateRangePickerProps) {
  const begin = toDisplay('date', value?.[0]);
  const end = toDisplay('date', value?.[1]);
  const beginTyped = useTypedInput(begin, parse, (b) => onChange(orderRange(b, end)));
  const endTyped = useTypedInput(end, parse, (e) => onChange(orderRange(begin, e)));
  const b = toDayParts('date', begin);
  const e = toDayParts('date', end);
  const picked = b && e ? [toCalendarDate(b), toCalendarDate(e)] : b ? [toCalendarDate(b)] : [];
  const box = { size, disabled, autoComplete: 'off' } as const;
  const width = boxWidth(w, fluid);
  return (
    <Calendar.Root
      {...calendarRootProps('date', size)}
      selectionMode="range"
      openOnClick
      w={fluid ? 'full' : 'auto'}
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
      <FieldControl flexWrap="wrap" alignItems={fluid ? 'center' : undefined} gap="1" rowGap="2" w={fluid ? 'full' : 'auto'}>
        <Input {...box} {...width} aria-label="开始日期" placeholder={startPlaceholder} {...beginTyped} />
        <Text as="span" color="fg.muted" flexShrink={0} fontSize={fluid ? 'sm' : undefined} px={fluid ? '1' : undefined} data-testid="date-range-separator">
          {separator}
        </Text>
        <InputGroup {...width} endElement={<CalendarTrigger size={size} />} endElementProps={{ px: '1' }}>
          <Input {...box} aria-label="结束日期" placeholder={endPlaceholder} {...endTyped} />
        </InputGroup>
      </FieldControl>
      <CalendarPanel type="date" />
    </Calendar.Root>
  );
}
