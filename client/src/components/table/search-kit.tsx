/**
 * Small pieces of the list screens' search forms, shared across domains (字典管理, 字典数据, 参数设置,
 * 通知公告, 登录日志, 操作日志, 在线用户, 流程表达式, 流程监听, 代码生成): a search text field and the
 * list-query helper.
 */
import { Input } from '@chakra-ui/react';
import { addDateRange } from '../../../../shared/utils/date';
import { SearchField } from './SearchForm';

/** A 240px text field of a list search form: `label`, input `name`, placeholder 请输入{label}. */
export function TextSearchField({ label, name, value, onChange }: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SearchField label={label}>
      <Input size="sm" w="240px" name={name} placeholder={`请输入${label}`} value={value} onChange={(e) => onChange(e.target.value)} />
    </SearchField>
  );
}

/** Blank text filters → undefined, plus the date range as params[beginTime]/params[endTime]. */
export function listQuery<T extends Record<string, string>>(filters: T, range?: [string, string]) {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(filters)) out[k] = v.trim() === '' ? undefined : v.trim();
  const withRange = range ? addDateRange(out, range) : out;
  return withRange as { [K in keyof T]?: string } & { params?: { beginTime?: string; endTime?: string } };
}
