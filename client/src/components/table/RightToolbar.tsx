/**
 * The round buttons at the right of a list toolbar (RuoYi RightToolbar; platform spec §2
 * "Other"): search toggle (隐藏搜索 / 显示搜索), 刷新, and 显隐列 opening the 显示/隐藏 dialog.
 *
 * Props:
 * - `showSearch?: boolean`, `onShowSearchChange?(show: boolean)`: the toggle is shown when
 *   `onShowSearchChange` is given and `search` is not false.
 * - `search?: boolean` (true): false hides the search toggle.
 * - `onRefresh?(): void`: the 刷新 button.
 * - `columns?: {key, label}[]`, `hiddenColumns?: string[]`, `onHiddenColumnsChange?(keys)`: the
 *   显隐列 button and dialog (pass the same keys to DataTable `hiddenColumns`).
 */
import { Flex, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { Icon, type UiIconName } from '../Icon';
import { ColumnsDialog, type ToolbarColumn } from './ColumnsDialog';

export type { ToolbarColumn } from './ColumnsDialog';

export interface RightToolbarProps {
  showSearch?: boolean;
  onShowSearchChange?: (show: boolean) => void;
  search?: boolean;
  onRefresh?: () => void;
  columns?: ToolbarColumn[];
  hiddenColumns?: string[];
  onHiddenColumnsChange?: (keys: string[]) => void;
}

function Round({ label, icon, onClick }: { label: string; icon: UiIconName; onClick: () => void }) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="xs"
      variant="outline"
      borderRadius="full"
      onClick={onClick}
      color="#606266"
      _hover={{ color: 'brand.solid', borderColor: 'brand.emphasized', bg: 'brand.subtle' }}
    >
      <Icon name={icon} />
    </IconButton>
  );
}

export function RightToolbar({
  showSearch = true, onShowSearchChange, search = true, onRefresh, columns, hiddenColumns = [], onHiddenColumnsChange,
}: RightToolbarProps) {
  const [open, setOpen] = useState(false);
  return (
    <Flex gap="2" ml="auto" data-testid="right-toolbar">
      {search && onShowSearchChange && (
        <Round label={showSearch ? '隐藏搜索' : '显示搜索'} icon="search" onClick={() => onShowSearchChange(!showSearch)} />
      )}
      {onRefresh && <Round label="刷新" icon="refresh" onClick={onRefresh} />}
      {columns && onHiddenColumnsChange && (
        <>
          <Round label="显隐列" icon="menu" onClick={() => setOpen(true)} />
          <ColumnsDialog
            open={open}
            onClose={() => setOpen(false)}
            columns={columns}
            hidden={hiddenColumns}
            onHiddenChange={onHiddenColumnsChange}
          />
        </>
      )}
    </Flex>
  );
}
