/**
 * Small pieces shared by the 字典管理, 字典数据, 参数设置, 登录日志, 操作日志 and 在线用户 screens
 * (RuoYi's el-button type="text" in the 操作 column, el-select over a dictionary) and the list-query helpers.
 */
import { Button, Flex, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { addDateRange } from '../../../../../shared/utils/date';
import { HasPermi } from '../../../components/Permission';
import { SearchField } from '../../../components/table/SearchForm';
import { UiIcon, type UiIconName } from '../../../components/UiIcon';

/** A text button of the 操作 column, shown only with `perm` (any-of). */
export function RowButton({ perm, icon, onClick, children, testId }: {
  perm?: string[];
  icon?: UiIconName;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const button = (
    <Button size="xs" variant="plain" color="brand.solid" px="1" minW="0" h="6" fontWeight="normal" _hover={{ opacity: 0.75 }}
      onClick={onClick} data-testid={testId}>
      {icon && <UiIcon name={icon} />}
      {children}
    </Button>
  );
  return perm ? <HasPermi value={perm}>{button}</HasPermi> : button;
}

/** 修改 / 删除 of a list row (test ids row-edit / row-remove), gated by `${perm}:edit|remove`. */
export function EditRemoveCell({ perm, onEdit, onRemove }: { perm: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <Flex gap="1" justify="center">
      <RowButton perm={[`${perm}:edit`]} icon="edit" onClick={onEdit} testId="row-edit">
        修改
      </RowButton>
      <RowButton perm={[`${perm}:remove`]} icon="delete" onClick={onRemove} testId="row-remove">
        删除
      </RowButton>
    </Flex>
  );
}

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

export { searchHandlers } from '../../../hooks/search-handlers';
