/**
 * `el-time-picker` (single / is-range, HH:mm:ss) and `el-date-picker` (date, week, month, year,
 * datetime, daterange, monthrange, datetimerange) of a stored form, with the spec §9 formats
 * (date yyyy-MM-dd, month yyyy-MM, year yyyy, time HH:mm:ss, datetime yyyy-MM-dd HH:mm:ss).
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DatePicker, type PickerType } from '../../pickers/DatePicker';
import { DateRangePicker } from '../../pickers/DateRangePicker';
import { TimeField } from '../../pickers/TimeField';
import type { FormField } from '../../../../../shared/form/types';
import type { WidgetProps } from './types';

const pair = (v: unknown): [string, string] =>
  Array.isArray(v) ? [String(v[0] ?? ''), String(v[1] ?? '')] : ['', ''];
/** A cleared range is stored as null (so `required` sees it empty). */
const rangeOut = (r: [string, string]) => (r[0] || r[1] ? r : null);

/** el-time-picker's box: HH:mm:ss, typed (TimeField); `w` '100%' inside a range's share. */
function TimeInput({ value, onChange, placeholder, disabled, size, name, w }: {
  value: string; onChange: (v: string) => void; placeholder?: string; disabled: boolean; size: 'xs' | 'sm'; name?: string; w?: string;
}) {
  return <TimeField value={value} onChange={onChange} placeholder={placeholder} disabled={disabled} size={size} name={name} w={w} />;
}

/** `range-separator` of a range picker (至 when unset, as the designer writes it). */
const separatorOf = (field: FormField) => String(field['range-separator'] || '至');

function Separator({ field }: { field: FormField }) {
  return (
    <Text as="span" color="fg.muted" fontSize="sm" px="1" flexShrink={0}>
      {separatorOf(field)}
    </Text>
  );
}

/**
 * One end of a range: a share of the row, at least `minW`, so both ends and the separator fit
 * one line of a span-12 column (they wrap only below twice `minW`).
 */
function RangeEnd({ minW, children }: { minW: string; children: ReactNode }) {
  return <Box flex={`1 1 ${minW}`} minW={minW}>{children}</Box>;
}

/** el-time-picker: one HH:mm:ss box, or (is-range) two sharing the row around `range-separator`. */
export function TimeWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  if (field['is-range'] === true) {
    const [a, b] = pair(value);
    return (
      <Flex align="center" gap="1" wrap="wrap" w="100%">
        <RangeEnd minW="96px">
          <TimeInput w="100%" value={a} placeholder={String(field['start-placeholder'] ?? '开始时间')} disabled={disabled} size={size} onChange={(v) => onChange(rangeOut([v, b]))} />
        </RangeEnd>
        <Separator field={field} />
        <RangeEnd minW="96px">
          <TimeInput w="100%" value={b} placeholder={String(field['end-placeholder'] ?? '结束时间')} disabled={disabled} size={size} onChange={(v) => onChange(rangeOut([a, v]))} />
        </RangeEnd>
      </Flex>
    );
  }
  return <TimeInput value={typeof value === 'string' ? value : ''} placeholder={field.placeholder} disabled={disabled} size={size} name={field.__vModel__} onChange={(v) => onChange(v || null)} />;
}

const SINGLE: Record<string, PickerType> = { date: 'date', week: 'date', dates: 'date', month: 'month', year: 'year', datetime: 'datetime' };
const RANGE: Record<string, PickerType> = { monthrange: 'month', datetimerange: 'datetime' };

/** el-date-picker: one box of its type, or a range (daterange: one range calendar) around `range-separator`. */
export function DateWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  const type = String(field.type ?? 'date');
  if (type === 'daterange') {
    return (
      <DateRangePicker
        fluid
        value={pair(value)}
        disabled={disabled}
        size={size}
        separator={separatorOf(field)}
        startPlaceholder={String(field['start-placeholder'] || '开始日期')}
        endPlaceholder={String(field['end-placeholder'] || '结束日期')}
        onChange={(r) => onChange(rangeOut(r))}
      />
    );
  }
  if (RANGE[type]) {
    const [a, b] = pair(value);
    const endMinW = RANGE[type] === 'datetime' ? '180px' : '112px';
    return (
      <Flex align="center" gap="1" wrap="wrap" w="100%">
        <RangeEnd minW={endMinW}>
          <DatePicker type={RANGE[type]} w="100%" value={a} placeholder={String(field['start-placeholder'] ?? '开始日期')} disabled={disabled} size={size} max={b || undefined} onChange={(v) => onChange(rangeOut([v, b]))} />
        </RangeEnd>
        <Separator field={field} />
        <RangeEnd minW={endMinW}>
          <DatePicker type={RANGE[type]} w="100%" value={b} placeholder={String(field['end-placeholder'] ?? '结束日期')} disabled={disabled} size={size} min={a || undefined} onChange={(v) => onChange(rangeOut([a, v]))} />
        </RangeEnd>
      </Flex>
    );
  }
  return (
    <DatePicker
      type={SINGLE[type] ?? 'date'}
      value={typeof value === 'string' ? value : ''}
      placeholder={field.placeholder}
      disabled={disabled}
      size={size}
      name={field.__vModel__}
      onChange={(v) => onChange(v || null)}
    />
  );
}
