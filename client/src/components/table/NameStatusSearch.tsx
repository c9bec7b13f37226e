/**
 * Search form of the tree-table screens (部门 / 园区 / 菜单: a name and a status select) and their
 * 展开/折叠 button (platform spec §2; RuoYi's dept, park and menu screens).
 */
import { Button, Input } from '@chakra-ui/react';
import type { DictOption } from '../../hooks/useDict';
import { Icon } from '../Icon';
import { SearchField, SearchForm } from './SearchForm';
import { StatusSearchField } from './StatusSearchField';

export interface NameStatus {
  name: string;
  status: string;
}
export const EMPTY_NAME_STATUS: NameStatus = { name: '', status: '' };

/** `{name, status}` of a tree list query ('' → not sent). */
export const nameStatusQuery = (f: NameStatus) => ({
  name: f.name.trim() || undefined,
  status: (f.status || undefined) as '0' | '1' | undefined,
});

/** Search form with a name field and a status select (部门名称 / 园区名称 / 菜单名称, 状态). */
export function NameStatusSearch({ label, statusPlaceholder, value, onChange, onSearch, onReset, show, statusOptions, testId }: {
  label: string;
  statusPlaceholder: string;
  value: NameStatus;
  onChange: (v: NameStatus) => void;
  onSearch: () => void;
  onReset: () => void;
  show: boolean;
  statusOptions: DictOption[];
  testId: string;
}) {
  return (
    <SearchForm show={show} onSearch={onSearch} onReset={onReset} testId={testId}>
      <SearchField label={label} w="200px">
        <Input size="sm" name="name" placeholder={`请输入${label}`} value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
      </SearchField>
      <StatusSearchField placeholder={statusPlaceholder} value={value.status} onChange={(status) => onChange({ ...value, status })} options={statusOptions} />
    </SearchForm>
  );
}

/** 展开/折叠 (RuoYi: type="info" plain, el-icon-sort; no permission). */
export function ExpandToggle({ onClick }: { onClick: () => void }) {
  return (
    <Button size="xs" variant="subtle" colorPalette="gray" onClick={onClick} data-testid="btn-expand">
      <Icon name="sort" />
      展开/折叠
    </Button>
  );
}
