/**
 * The frame shared by the tree-table screens (部门管理, 园区管理, 菜单管理): the 名称 + 状态 search,
 * the toolbar (新增, 展开/折叠, RightToolbar), the tree table and the add/edit dialog.
 *
 * A screen calls `useTreeTableScreen` for the state (search draft/filters, 显示搜索, 展开/折叠,
 * dialog), runs its own list query and remove mutation with `screen.query`, builds its columns
 * (the 操作 cell with `TreeRowActions` and `screen.confirmRemove`) and renders `TreeTableScreen`.
 * Test ids are `${entity}-list`, `${entity}-search`, `${entity}-table`; permissions `system:${entity}:…`.
 */
import { Box } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { confirmWarning, MSG } from '../feedback/actions';
import { msgSuccess } from '../../lib/modal/toaster';
import type { DictOption } from '../../hooks/useDict';
import { EMPTY_NAME_STATUS, ExpandToggle, NameStatusSearch, nameStatusQuery, type NameStatus } from './NameStatusSearch';
import { DataTable, type DataColumn } from './DataTable';
import { RightToolbar } from './RightToolbar';
import { ToolbarButtons } from './ToolbarButtons';
import { handleTree } from './table-utils';

/** State of a tree-table screen, from `useTreeTableScreen`. */
export interface TreeTableScreenState<D> {
  /** Applied filters as sent to the list query (`name`, `status`; '' → undefined). */
  query: ReturnType<typeof nameStatusQuery>;
  draft: NameStatus;
  setDraft: (v: NameStatus) => void;
  /** 搜索: applies the draft. */
  search: () => void;
  /** 重置: clears draft and filters. */
  reset: () => void;
  showSearch: boolean;
  setShowSearch: (v: boolean) => void;
  expandAll: boolean;
  tableKey: number;
  /** 展开/折叠: flips the expansion and remounts the table. */
  toggleExpand: () => void;
  /** Open dialog state (null → closed). */
  dialog: D | null;
  setDialog: (d: D | null) => void;
  /**
   * 删除 of a row: asks 是否确认删除名称为"name"的数据项？, then calls `mutate(onSuccess)`;
   * on success `refresh` runs and 删除成功 is shown.
   */
  confirmRemove: (name: string, mutate: (onSuccess: () => void) => void, refresh: () => void) => Promise<void>;
}

/** State and handlers of a tree-table screen; `defaultExpandAll` is the initial 展开/折叠 state. */
export function useTreeTableScreen<D>(defaultExpandAll: boolean): TreeTableScreenState<D> {
  const [draft, setDraft] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [filters, setFilters] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [showSearch, setShowSearch] = useState(true);
  const [expandAll, setExpandAll] = useState(defaultExpandAll);
  const [tableKey, setTableKey] = useState(0);
  const [dialog, setDialog] = useState<D | null>(null);
  return {
    query: nameStatusQuery(filters),
    draft,
    setDraft,
    search: () => setFilters(draft),
    reset: () => {
      setDraft(EMPTY_NAME_STATUS);
      setFilters(EMPTY_NAME_STATUS);
    },
    showSearch,
    setShowSearch,
    expandAll,
    tableKey,
    toggleExpand: () => {
      setExpandAll((v) => !v);
      setTableKey((k) => k + 1);
    },
    dialog,
    setDialog,
    confirmRemove: async (name, mutate, refresh) => {
      if (!(await confirmWarning(`是否确认删除名称为"${name}"的数据项？`))) return;
      mutate(() => {
        refresh();
        msgSuccess(MSG.remove);
      });
    },
  };
}

/** Props of `TreeTableScreen`. */
export interface TreeTableScreenProps<T extends object, D> {
  screen: TreeTableScreenState<D>;
  /** 'dept' | 'park' | 'menu': test id prefix and `system:${entity}:add` permission. */
  entity: string;
  /** Name field label (部门名称 …) and the status select's empty option (部门状态 …). */
  label: string;
  statusPlaceholder: string;
  statusOptions: DictOption[];
  /** The flat list query: rows, loading flag, refresh. */
  list: { data?: T[]; isFetching: boolean; refetch: () => unknown };
  rowKey: keyof T & string;
  parentKey: keyof T & string;
  columns: DataColumn<T>[];
  /** The add/edit dialog for an open state; `onSaved` closes it and refreshes the list. */
  renderDialog: (state: D, onClose: () => void, onSaved: () => void) => ReactNode;
}

/** Search form, toolbar, tree table and dialog of a tree-table screen (see the file comment). */
export function TreeTableScreen<T extends object, D>({
  screen, entity, label, statusPlaceholder, statusOptions, list, rowKey, parentKey, columns, renderDialog,
}: TreeTableScreenProps<T, D>) {
  const tree = useMemo(() => handleTree(list.data ?? [], rowKey, parentKey), [list.data, rowKey, parentKey]);
  const refresh = () => void list.refetch();
  return (
    <Box p="5" data-testid={`${entity}-list`}>
      <NameStatusSearch
        label={label}
        statusPlaceholder={statusPlaceholder}
        value={screen.draft}
        onChange={screen.setDraft}
        onSearch={screen.search}
        onReset={screen.reset}
        show={screen.showSearch}
        statusOptions={statusOptions}
        testId={`${entity}-search`}
      />
      <ToolbarButtons
        add={{ perm: `system:${entity}:add`, onClick: () => screen.setDialog({} as D) }}
        right={<RightToolbar showSearch={screen.showSearch} onShowSearchChange={screen.setShowSearch} onRefresh={refresh} />}
      >
        <ExpandToggle onClick={screen.toggleExpand} />
      </ToolbarButtons>
      <DataTable
        key={screen.tableKey}
        columns={columns}
        data={tree}
        rowKey={rowKey}
        loading={list.isFetching}
        tree={{ defaultExpandAll: screen.expandAll }}
        testId={`${entity}-table`}
      />
      {screen.dialog &&
        renderDialog(
          screen.dialog,
          () => screen.setDialog(null),
          () => {
            screen.setDialog(null);
            refresh();
          },
        )}
    </Box>
  );
}
