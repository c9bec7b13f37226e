/**
 * Search form of the user list: 用户名称, 手机号码, 状态 (sys_normal_disable), 创建时间 range,
 * 搜索 / 重置.
 */
import { Input } from '@chakra-ui/react';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { DictOption } from '../../../hooks/useDict';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { StatusSearchField } from '../../../components/table/StatusSearchField';

export interface UserFilters {
  userName: string;
  phonenumber: string;
  status: string;
  dateRange: [string, string];
}

export const EMPTY_FILTERS: UserFilters = { userName: '', phonenumber: '', status: '', dateRange: ['', ''] };

interface Props {
  value: UserFilters;
  onChange: (v: UserFilters) => void;
  onSearch: () => void;
  onReset: () => void;
  show: boolean;
  statusOptions: DictOption[];
}

export function UserSearch({ value, onChange, onSearch, onReset, show, statusOptions }: Props) {
  const set = (key: 'userName' | 'phonenumber' | 'status') => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });
  return (
    <SearchForm show={show} onSearch={onSearch} onReset={onReset} testId="user-search">
      <SearchField label="用户名称" w="200px">
        <Input size="sm" name="userName" placeholder="请输入用户名称" value={value.userName} onChange={set('userName')} />
      </SearchField>
      <SearchField label="手机号码" w="200px">
        <Input size="sm" name="phonenumber" placeholder="请输入手机号码" value={value.phonenumber} onChange={set('phonenumber')} />
      </SearchField>
      <StatusSearchField placeholder="用户状态" value={value.status} onChange={(status) => onChange({ ...value, status })} options={statusOptions} />
      <SearchField label="创建时间">
        <DateRangePicker value={value.dateRange} onChange={(dateRange) => onChange({ ...value, dateRange })} w="130px" />
      </SearchField>
    </SearchForm>
  );
}
