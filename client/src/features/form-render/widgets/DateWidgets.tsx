/**
 * `el-time-picker` (single / is-range, HH:mm:ss) and `el-date-picker` (date, week, month, year,
 * datetime, daterange, monthrange, datetimerange) of a stored form, with the spec §9 formats
 * (date yyyy-MM-dd, month yyyy-MM, year yyyy, time HH:mm:ss, datetime yyyy-MM-dd HH:mm:ss).
 */
import { Flex, Text } from '@chakra-ui/react';
import { DatePicker, type PickerType } from '../../../components/pickers/DatePicker';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { TimeField } from '../../../components/pickers/TimeField';
import type { FormField } from '../types';
import type { WidgetProps } from './types';

const pair = (v: unknown): [string, string] =>
  Array.isArray(v) ? [String(v[0] ?? ''), String(v[1] ?? '')] : ['', ''];
/** A cleared range is stored as null (so `required` sees it empty). */
const rangeOut = (r: [string, string]) => (r[0] || r[1] ? r : null);

/** el-time-picker's box: HH:mm:ss, typed (TimeField). */
function TimeInput({ value, onChange, placeholder, disabled, size, name }: {
  value: string; onChange: (v: string) => void; placeholder?: string; disabled: boolean; size: 'xs' | 'sm'; name?: string;
}) {
  return <TimeField value={value} onChange={onChange} placeholder={placeholder} disabled={disabled} size={size} name={name} />;
}

function Separator({ field }: { field: FormField }) {
  return (
    <Text as="span" color="fg.muted" fontSize="sm" px="1">
      {String(field['range-separator'] ?? '至')}
    </Text>
  );
}

/** el-time-picker. */
export function TimeWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  if (field['is-range'] === true) {
    const [a, b] = pair(value);
    return (
      <Flex align="center" gap="1" wrap="wrap">
        <TimeInput value={a} placeholder={String(field['start-placeholder'] ?? '开始时间')} disabled={disabled} size={size} onChange={(v) => onChange(rangeOut([v, b]))} />
        <Separator field={field} />
        <TimeInput value={b} placeholder={String(field['end-placeholder'] ?? '结束时间')} disabled={disabled} size={size} onChange={(v) => onChange(rangeOut([a, v]))} />
      </Flex>
    );
  }
  return <TimeInput value={typeof value === 'string' ? value : ''} placeholder={field.placeholder} disabled={disabled} size={size} name={field.__vModel__} onChange={(v) => onChange(v || null)} />;
}

const SINGLE: Record<string, PickerType> = { date: 'date', week: 'date', dates: 'date', month: 'month', year: 'year', datetime: 'datetime' };
const RANGE: Record<string, PickerType> = { monthrange: 'month', datetimerange: 'datetime' };

/** el-date-picker. */
export function DateWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  const type = String(field.type ?? 'date');
  if (type === 'daterange') {
    return <DateRangePicker value={pair(value)} disabled={disabled} size={size} onChange={(r) => onChange(rangeOut(r))} />;
  }
  if (RANGE[type]) {
    const [a, b] = pair(value);
    return (
      <Flex align="center" gap="1" wrap="wrap">
        <DatePicker type={RANGE[type]} value={a} placeholder={String(field['start-placeholder'] ?? '开始日期')} disabled={disabled} size={size} max={b || undefined} onChange={(v) => onChange(rangeOut([v, b]))} />
        <Separator field={field} />
        <DatePicker type={RANGE[type]} value={b} placeholder={String(field['end-placeholder'] ?? '结束日期')} disabled={disabled} size={size} min={a || undefined} onChange={(v) => onChange(rangeOut([a, v]))} />
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
