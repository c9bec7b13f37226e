/**
 * Date range of the list filters (RuoYi `<el-date-picker type="daterange" value-format="yyyy-MM-dd"
 * range-separator="-" start-placeholder="开始日期" end-placeholder="结束日期">`; platform spec §9
 * picker format yyyy-MM-dd). Two native date inputs; the end cannot precede the begin.
 *
 * Props: `value?: [string, string] | string[] | null`, `onChange(range: [string, string])`
 * (['', ''] when cleared; feed it to addDateRange), `w?: string` (each input, '140px'),
 * `disabled?: boolean`, `size?: 'xs' | 'sm' | 'md'` ('sm').
 */
import { Flex, Input, Text } from '@chakra-ui/react';
import { fromInputValue, orderRange, toInputValue } from './date-format';

export interface DateRangePickerProps {
  value?: [string, string] | string[] | null;
  onChange: (range: [string, string]) => void;
  w?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm' | 'md';
}

export function DateRangePicker({ value, onChange, w = '140px', disabled, size = 'sm' }: DateRangePickerProps) {
  const begin = toInputValue('date', value?.[0]);
  const end = toInputValue('date', value?.[1]);
  const set = (b: string, e: string) => onChange(orderRange(fromInputValue('date', b), fromInputValue('date', e)));
  return (
    <Flex align="center" gap="1" data-testid="date-range">
      <Input
        type="date"
        size={size}
        w={w}
        aria-label="开始日期"
        placeholder="开始日期"
        value={begin}
        max={end || undefined}
        disabled={disabled}
        onChange={(e) => set(e.target.value, end)}
      />
      <Text as="span" color="fg.muted">
        -
      </Text>
      <Input
        type="date"
        size={size}
        w={w}
        aria-label="结束日期"
        placeholder="结束日期"
        value={end}
        min={begin || undefined}
        disabled={disabled}
        onChange={(e) => set(begin, e.target.value)}
      />
    </Flex>
  );
}
