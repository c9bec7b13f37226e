/**
 * Search form of the user list: 用户名称, 手机号码, 状态, 创建时间 (date range).
 */
import { Button, Field, Flex, Input, NativeSelect } from '@chakra-ui/react';

export interface UserFilters {
  userName: string;
  phonenumber: string;
  status: string;
  beginTime: string;
  endTime: string;
}

export const EMPTY_FILTERS: UserFilters = { userName: '', phonenumber: '', status: '', beginTime: '', endTime: '' };

/** sys_normal_disable */
export const STATUS_OPTIONS = [
  { value: '0', label: '正常' },
  { value: '1', label: '停用' },
];

interface Props {
  value: UserFilters;
  onChange: (v: UserFilters) => void;
  onSearch: () => void;
  onReset: () => void;
}

export function UserSearch({ value, onChange, onSearch, onReset }: Props) {
  const set = (key: keyof UserFilters) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  const enter = (e: React.KeyboardEvent) => e.key === 'Enter' && onSearch();
  return (
    <Flex gap="4" wrap="wrap" align="flex-end" mb="4" fontSize="sm" data-testid="user-search">
      <Field.Root orientation="horizontal" w="auto" gap="2">
        <Field.Label whiteSpace="nowrap" fontWeight="bold">用户名称</Field.Label>
        <Input w="200px" name="userName" placeholder="请输入用户名称" value={value.userName} onChange={set('userName')} onKeyDown={enter} />
      </Field.Root>
      <Field.Root orientation="horizontal" w="auto" gap="2">
        <Field.Label whiteSpace="nowrap" fontWeight="bold">手机号码</Field.Label>
        <Input w="200px" name="phonenumber" placeholder="请输入手机号码" value={value.phonenumber} onChange={set('phonenumber')} onKeyDown={enter} />
      </Field.Root>
      <Field.Root orientation="horizontal" w="auto" gap="2">
        <Field.Label whiteSpace="nowrap" fontWeight="bold">状态</Field.Label>
        <NativeSelect.Root w="140px">
          <NativeSelect.Field name="status" value={value.status} onChange={set('status')}>
            <option value="">用户状态</option>
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root orientation="horizontal" w="auto" gap="2">
        <Field.Label whiteSpace="nowrap" fontWeight="bold">创建时间</Field.Label>
        <Input type="date" w="150px" aria-label="开始日期" value={value.beginTime} onChange={set('beginTime')} />
        <span>-</span>
        <Input type="date" w="150px" aria-label="结束日期" value={value.endTime} onChange={set('endTime')} />
      </Field.Root>
      <Flex gap="2">
        <Button colorPalette="brand" onClick={onSearch}>
          搜索
        </Button>
        <Button variant="outline" onClick={onReset}>
          重置
        </Button>
      </Flex>
    </Flex>
  );
}
