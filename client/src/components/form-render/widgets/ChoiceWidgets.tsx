/**
 * `el-select` (single / multiple, clearable), `el-radio-group` (optionType default / button,
 * border) and `el-checkbox-group` (min/max) of a stored form, over static or dynamic options
 * (spec §3 "Option item", §4 "Form designer" dynamic data re-fetched on blur).
 */
import { Checkbox, CheckboxGroup, createListCollection, Flex, RadioGroup, SegmentGroup, Select, Spinner, type ListCollection, type SelectValueChangeDetails } from '@chakra-ui/react';
import { useMemo } from 'react';
import { optionKey } from '../../../../../shared/form/fields';
import type { FormOption } from '../../../../../shared/form/types';
import { useFieldOptions } from '../useFieldOptions';
import { numProp, widthOf, type WidgetProps } from './types';

/** Options keyed by string for Chakra, plus key ↔ value lookups. */
function useKeyed(options: FormOption[]) {
  return useMemo(() => {
    const items = options.map((o) => ({ key: optionKey(o.value), label: o.label, value: o.value, disabled: o.disabled === true }));
    const byKey = new Map(items.map((i) => [i.key, i.value]));
    return { items, valueOf: (k: string) => byKey.get(k) };
  }, [options]);
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

interface FieldSelectProps<T extends { key: string; label: string }> {
  /** The widget's own props (field, size, disabled, onBlur). */
  widget: WidgetProps;
  /** The field's option state (spinner while loading; re-fetched on close). */
  options: { loading: boolean; refetch: () => void };
  multiple: boolean;
  collection: ListCollection<T>;
  selected: string[];
  onValueChange: (details: SelectValueChangeDetails<T>) => void;
}

/** The select of a stored form's el-select / el-cascader; on close it blurs and re-fetches options. */
export function FieldSelect<T extends { key: string; label: string }>({ widget, options, multiple, collection, selected, onValueChange }: FieldSelectProps<T>) {
  const { field, size, disabled, onBlur } = widget;
  const { loading, refetch } = options;
  return (
    <Select.Root
      size={size}
      w={widthOf(field) ?? '100%'}
      multiple={multiple}
      collection={collection}
      disabled={disabled}
      value={selected}
      onValueChange={onValueChange}
      onOpenChange={(d) => {
        if (!d.open) {
          onBlur();
          refetch();
        }
      }}
    >
      <Select.HiddenSelect name={field.__vModel__} />
      <Select.Control>
        <Select.Trigger aria-label={field.__config__.label ?? field.__vModel__}>
          <Select.ValueText placeholder={field.placeholder ?? '请选择'} />
        </Select.Trigger>
        <Select.IndicatorGroup>
          {loading && <Spinner size="xs" />}
          {field.clearable === true && !disabled && <Select.ClearTrigger />}
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.length === 0 && (
            <Flex px="3" py="2" fontSize="sm" color="fg.muted">
              无数据
            </Flex>
          )}
          {collection.items.map((item) => (
            <Select.Item item={item} key={item.key}>
              {item.label}
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
    </Select.Root>
  );
}

/** el-select (single or `multiple`). */
export function SelectWidget(widget: WidgetProps) {
  const { field, value, onChange } = widget;
  const state = useFieldOptions(field);
  const { items, valueOf } = useKeyed(state.options);
  const collection = useMemo(
    () => createListCollection({ items, itemToString: (i) => i.label, itemToValue: (i) => i.key, isItemDisabled: (i) => i.disabled }),
    [items],
  );
  const multiple = field.multiple === true;
  const selected = asArray(value).map(optionKey);
  return (
    <FieldSelect widget={widget} options={state} multiple={multiple} collection={collection} selected={selected}
      onValueChange={(d) => {
        const vals = d.value.map(valueOf);
        onChange(multiple ? vals : (vals[0] ?? ''));
      }}
    />
  );
}

/** el-radio-group; `__config__.optionType === 'button'` shows a segmented group. */
export function RadioWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  const { options } = useFieldOptions(field);
  const { items, valueOf } = useKeyed(options);
  const current = value === undefined || value === null || value === '' ? null : optionKey(value);
  if (field.__config__.optionType === 'button') {
    return (
      <SegmentGroup.Root size={size} value={current} disabled={disabled} onValueChange={(d) => d.value !== null && onChange(valueOf(d.value))} name={field.__vModel__}>
        <SegmentGroup.Indicator bg="brand.solid" shadow="none" />
        {items.map((i) => (
          <SegmentGroup.Item key={i.key} value={i.key} disabled={i.disabled} _checked={{ color: 'white' }}>
            <SegmentGroup.ItemText>{i.label}</SegmentGroup.ItemText>
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </SegmentGroup.Root>
    );
  }
  const border = field.__config__.border === true;
  return (
    <RadioGroup.Root size={size} value={current} disabled={disabled} onValueChange={(d) => d.value !== null && onChange(valueOf(d.value))} name={field.__vModel__} pt="1.5">
      <Flex gap={border ? '2' : '5'} wrap="wrap">
        {items.map((i) => (
          <RadioGroup.Item key={i.key} value={i.key} disabled={i.disabled} {...(border ? { borderWidth: '1px', borderRadius: 'sm', px: '3', py: '1' } : {})}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{i.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Flex>
    </RadioGroup.Root>
  );
}

/** el-checkbox-group: value an array; `min`/`max` bound how many may be ticked. */
export function CheckboxWidget({ field, value, onChange, disabled, size }: WidgetProps) {
  const { options } = useFieldOptions(field);
  const { items, valueOf } = useKeyed(options);
  const selected = asArray(value).map(optionKey);
  const max = numProp(field, 'max');
  const min = numProp(field, 'min');
  const border = field.__config__.border === true || field.__config__.optionType === 'button';
  return (
    <CheckboxGroup value={selected} disabled={disabled} name={field.__vModel__} onValueChange={(keys) => onChange(keys.map(valueOf))} pt="1.5">
      <Flex gap={border ? '2' : '5'} wrap="wrap">
        {items.map((i) => {
          const on = selected.includes(i.key);
          const locked = (!on && max !== undefined && max > 0 && selected.length >= max) || (on && min !== undefined && min > 0 && selected.length <= min);
          return (
            <Checkbox.Root key={i.key} value={i.key} size={size} disabled={disabled || i.disabled || locked} {...(border ? { borderWidth: '1px', borderRadius: 'sm', px: '3', py: '1' } : {})}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{i.label}</Checkbox.Label>
            </Checkbox.Root>
          );
        })}
      </Flex>
    </CheckboxGroup>
  );
}
