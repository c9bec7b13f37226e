/**
 * Search form of the role list: 角色名称, 权限字符, 状态 (sys_normal_disable), 创建时间 range.
 */
import { Input } from '@chakra-ui/react';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { DictOption } from '../../../hooks/useDict';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { StatusSearchField } from '../../../components/table/StatusSearchField';

export interface RoleFilters {
  roleName: string;
  roleKey: string;
  status: string;
  dateRange: [string, string];
}

export const EMPTY_ROLE_FILTERS: RoleFilters = { roleName: '', roleKey: '', status: '', dateRange: ['', ''] };

interface Props {
  value: RoleFilters;
  onChange: (v: RoleFilters) => void;
  onSearch: () => void;
  onReset: () => void;
  show: boolean;
  statusOptions: DictOption[];
}

export function RoleSearch({ value, onChange, onSearch, onReset, show, statusOptions }: Props) {
  const set = (key: 'roleName' | 'roleKey' | 'status') => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  return (
    <SearchForm show={show} onSearch={onSearch} onReset={onReset} testId="role-search">
      <SearchField label="角色名称" w="200px">
        <Input size="sm" name="roleName" placeholder="请输入角色名称" value={value.roleName} onChange={set('roleName')} />
      </SearchField>
      <SearchField label="权限字符" w="200px">
        <Input size="sm" name="roleKey" placeholder="请输入权限字符" value={value.roleKey} onChange={set('roleKey')} />
      </SearchField>
      <StatusSearchField placeholder="角色状态" value={value.status} onChange={(status) => onChange({ ...value, status })} options={statusOptions} />
      <SearchField label="创建时间">
        <DateRangePicker value={value.dateRange} onChange={(dateRange) => onChange({ ...value, dateRange })} w="130px" />
      </SearchField>
    </SearchForm>
  );
}
