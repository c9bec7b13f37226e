/**
 * The 状态 field (200px) of a list search form (RuoYi el-select over sys_normal_disable): a native
 * select named `status` whose empty first option shows `placeholder` (角色状态, 用户状态 …).
 */
import { NativeSelect } from '@chakra-ui/react';
import type { DictOption } from '../../hooks/useDict';
import { SearchField } from './SearchForm';

export function StatusSearchField({ placeholder, value, onChange, options }: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  options: DictOption[];
}) {
  return (
    <SearchField label="状态" w="200px">
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name="status" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </SearchField>
  );
}
