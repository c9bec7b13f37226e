/**
 * `el-cascader` of a stored form: one select over the whole option paths (show-all-levels,
 * separator, multiple via `props.props.multiple`, checkStrictly); options static or dynamic
 * (spec §4 "Form designer": re-fetched on blur).
 */
import { createListCollection, Flex, Select, Spinner } from '@chakra-ui/react';
import { useMemo } from 'react';
import { cascaderPaths, pathLabel } from '../cascader';
import { optionKey } from '../fields';
import { useFieldOptions } from '../useFieldOptions';
import { widthOf, type WidgetProps } from './types';

export function CascaderWidget({ field, value, onChange, onBlur, disabled, size }: WidgetProps) {
  const { options, loading, refetch } = useFieldOptions(field);
  const props = ((field.props as { props?: Record<string, unknown> } | undefined)?.props ?? {}) as { multiple?: boolean; checkStrictly?: boolean };
  const multiple = props.multiple === true;
  const showAll = field['show-all-levels'] !== false;
  const separator = typeof field.separator === 'string' ? field.separator : '/';
  const collection = useMemo(() => {
    const items = cascaderPaths(options, props.checkStrictly === true).map((p) => ({
      key: optionKey(p.values), label: pathLabel(p, showAll, separator), values: p.values, disabled: p.disabled,
    }));
    return createListCollection({ items, itemToString: (i) => i.label, itemToValue: (i) => i.key, isItemDisabled: (i) => i.disabled });
  }, [options, props.checkStrictly, showAll, separator]);
  const selected = Array.isArray(value) && value.length
    ? (multiple ? (value as unknown[]).filter(Array.isArray).map(optionKey) : [optionKey(value)])
    : [];
  return (
    <Select.Root
      size={size}
      w={widthOf(field) ?? '100%'}
      multiple={multiple}
      collection={collection}
      disabled={disabled}
      value={selected}
      onValueChange={(d) => {
        const paths = d.items.map((i) => i.values);
        onChange(multiple ? paths : (paths[0] ?? []));
      }}
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
