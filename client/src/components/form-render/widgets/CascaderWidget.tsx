/**
 * `el-cascader` of a stored form: one select over the whole option paths (show-all-levels,
 * separator, multiple via `props.props.multiple`, checkStrictly); options static or dynamic
 * (spec §4 "Form designer": re-fetched on blur).
 */
import { createListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';
import { cascaderPaths, pathLabel } from '../../../../../shared/form/cascader';
import { optionKey } from '../../../../../shared/form/fields';
import { useFieldOptions } from '../useFieldOptions';
import { FieldSelect } from './ChoiceWidgets';
import type { WidgetProps } from './types';

/** el-cascader: one select over the option paths. */
export function CascaderWidget(widget: WidgetProps) {
  const { field, value, onChange } = widget;
  const state = useFieldOptions(field);
  const { options } = state;
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
    <FieldSelect widget={widget} options={state} multiple={multiple} collection={collection} selected={selected}
      onValueChange={(d) => {
        const paths = d.items.map((i) => i.values);
        onChange(multiple ? paths : (paths[0] ?? []));
      }}
    />
  );
}
