/**
 * State of a paged admin list screen (参数设置, 字典管理, 登录日志, 操作日志 …, RuoYi's index.vue
 * data: queryParams, showSearch, ids, single, multiple, columns, open).
 *
 * `useListPage(empty)` owns the search draft and applied filters, the page, 显示搜索, the hidden
 * columns, the selection (keys and rows) and the add/edit dialog state. The screen runs its list
 * query with `lp.page` and `lp.filters`, then calls `lp.bind(list)` (a plain function, not a hook)
 * for the handlers that need the query: refresh, 搜索 / 重置, 删除 / 清空 with confirmation, and the
 * props of RightToolbar, DataTable and Pagination.
 */
import { useState } from 'react';
import { confirmClean, confirmDelete, MSG } from '../feedback/actions';
import { msgSuccess } from '../../lib/modal/toaster';
import type { ToolbarColumn } from './RightToolbar';
import type { DataColumn } from './DataTable';
import { selectionFlags, type RowKey } from './table-utils';
import { searchHandlers } from '../../hooks/search-handlers';

/** The list query as far as the page needs it (a react-query result of `{rows, total}`). */
export interface ListPageQuery<T> {
  data?: { rows: T[]; total: number };
  isFetching: boolean;
  refetch: () => unknown;
}

/** State of a list page; see the file comment. `D` is the dialog state (null → closed). */
export function useListPage<F, T = unknown, D = never>(empty: F) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const [dialog, setDialog] = useState<D | null>(null);
  const clearSelection = () => {
    setSelected([]);
    setSelectedRows([]);
  };

  /** Handlers and component props that need the list query. */
  const bind = (list: ListPageQuery<T>) => {
    const refresh = () => void list.refetch();
    const { search, reset } = searchHandlers({
      empty, draft, filters, setDraft, setFilters, page, refetch: refresh,
      setPageNum: (pageNum) => setPage((p) => ({ ...p, pageNum })),
    });
    return {
      refresh,
      search,
      reset,
      ...selectionFlags(selected),
      /**
       * 删除 of `ids`: confirmDelete(ids, what), then `mutate(onSuccess)`; on success 删除成功, the
       * ids leave the selection (`clearAll`: the whole selection is cleared) and the list refreshes.
       */
      confirmRemove: async (ids: RowKey[], what: string, mutate: (onSuccess: () => void) => void, clearAll = false) => {
        if (!(await confirmDelete(ids, what))) return;
        mutate(() => {
          msgSuccess(MSG.remove);
          if (clearAll) clearSelection();
          else setSelected((s) => s.filter((k) => !ids.includes(k)));
          refresh();
        });
      },
      /** 清空: confirmClean(what), then `mutate(onSuccess)`; on success 清空成功, no selection, refresh. */
      confirmCleanAll: async (what: string, mutate: (onSuccess: () => void) => void) => {
        if (!(await confirmClean(what))) return;
        mutate(() => {
          msgSuccess(MSG.clean);
          clearSelection();
          refresh();
        });
      },
      /** RightToolbar props: 显示搜索, 刷新 and 显隐列 over `columns` (the 操作 column left out). */
      toolbarProps: (columns: DataColumn<T>[]) => ({
        showSearch,
        onShowSearchChange: setShowSearch,
        onRefresh: refresh,
        columns: columns.filter((c) => c.key !== 'actions').map((c): ToolbarColumn => ({ key: c.key, label: String(c.title) })),
        hiddenColumns: hidden,
        onHiddenColumnsChange: setHidden,
      }),
      /** DataTable props: rows, loading, hidden columns and the selection. */
      tableProps: {
        data: list.data?.rows ?? [],
        loading: list.isFetching,
        hiddenColumns: hidden,
        selection: {
          selectedKeys: selected,
          onChange: (keys: RowKey[], rows: T[]) => {
            setSelected(keys);
            setSelectedRows(rows);
          },
        },
      },
      /** Pagination props. */
      pagerProps: {
        total: list.data?.total ?? 0,
        page: page.pageNum,
        limit: page.pageSize,
        onChange: (pageNum: number, pageSize: number) => setPage({ pageNum, pageSize }),
      },
      /** Closes the dialog after a save and refreshes the list. */
      onSaved: () => {
        setDialog(null);
        refresh();
      },
    };
  };

  return {
    draft, setDraft, filters, setFilters, page, setPage, showSearch, selected, selectedRows, clearSelection, dialog, setDialog, bind,
  };
}
