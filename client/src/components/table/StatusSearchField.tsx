/**
 * The 状态 field (200px) of a list search form (RuoYi el-select over sys_normal_disable): a native
 * select named `status` whose empty first option shows `placeholder` (角色状态, 用户状态 …).
 */
import type { DictOption } from '../../hooks/useDict';
import { SearchField } from './SearchForm';
import { DictSelect } from '../form/OptionSelect';

export function StatusSearchField({ placeholder, value, onChange, options }: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  options: DictOption[];
}) {
  return (
    <SearchField label="状态" w="200px">
      <DictSelect name="status" placeholder={placeholder} options={options} value={value} onChange={onChange} w="100%" />
    </SearchField>
  );
}
