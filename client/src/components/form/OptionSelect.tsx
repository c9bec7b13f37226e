/**
 * The app's el-select over a short option list, as a native select (platform spec §2 search forms
 * and form dialogs):
 *
 * - `OptionSelect`: `{value, label}` options; with `placeholder` an empty first entry shows it (a
 *   clearable el-select), and it names the control for screen readers (else `name` does).
 *   `w` defaults to 240 px, the search-form width; `disabled` greys it out; `size` 'xs' fits a
 *   table cell (the generator's 字段信息), where the chosen label also shows as the hover title.
 * - `DictSelect`: the same over a dictionary's options (`useDict`).
 */
import { NativeSelect } from '@chakra-ui/react';
import type { DictOption } from '../../hooks/useDict';

export interface OptionSelectProps {
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  name: string;
  w?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm';
}

export function OptionSelect({ options, value, onChange, placeholder, name, w = '240px', disabled, size = 'sm' }: OptionSelectProps) {
  return (
    <NativeSelect.Root size={size} w={w}>
      {/* Inside a Field.Root the Root's `disabled` is ignored (the Field's wins), so it goes on the select. */}
      <NativeSelect.Field name={name} aria-label={placeholder ?? name} value={value} onChange={(e) => onChange(e.target.value)}
        title={size === 'xs' ? options.find((o) => o.value === value)?.label : undefined} {...(disabled ? ({ disabled: true } as object) : {})}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** OptionSelect over dictionary options. */
export function DictSelect(props: Omit<OptionSelectProps, 'options'> & { options: DictOption[] }) {
  return <OptionSelect {...props} options={props.options.map((o) => ({ value: o.value, label: o.label }))} />;
}
