/**
 * 登录日志 (monitor/logininfor/index; RuoYi views/monitor/logininfor/index.vue): search 登录地址,
 * 用户名称, 状态 (sys_common_status), 登录时间; toolbar 删除, 清空, 解锁 (one selected row), 导出
 * with RightToolbar; the log table and paging. Buttons are gated by monitor:logininfor:*.
 */
import { Box, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmClean, confirmDelete, confirmWarning, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { selectionFlags, type RowKey } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictSelect, listQuery, searchHandlers } from '../../system/dict/kit';
import type { LogininforRow } from '../../system/dict/types';

interface Filters {
  ipaddr: string;
  userName: string;
  status: string;
  dateRange: [string, string];
}
const EMPTY: Filters = { ipaddr: '', userName: '', status: '', dateRange: ['', ''] };

const toInput = ({ dateRange, ...f }: Filters) => {
  const q = listQuery(f, dateRange);
  return { ...q, status: q.status as '0' | '1' | undefined };
};

export default function LogininforList() {
  const trpc = useTRPC();
  const dict = useDict('sys_common_status');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [selectedRows, setSelectedRows] = useState<LogininforRow[]>([]);

  const list = useQuery({ ...trpc.monitor.logininfor.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.monitor.logininfor.remove.mutationOptions());
  const clean = useMutation(trpc.monitor.logininfor.clean.mutationOptions());
  const unlock = useMutation(trpc.monitor.logininfor.unlock.mutationOptions());
  const refresh = () => void list.refetch();
  const { single, multiple } = selectionFlags(selected);
  const { search, reset } = searchHandlers({
    empty: EMPTY, draft, filters, setDraft, setFilters, page, refetch: refresh,
    setPageNum: (pageNum) => setPage((p) => ({ ...p, pageNum })),
  });
  const clearSelection = () => {
    setSelected([]);
    setSelectedRows([]);
  };

  const onDelete = async () => {
    if (!(await confirmDelete(selected, '访问编号'))) return;
    remove.mutate({ ids: selected.map(Number) }, {
      onSuccess: () => {
        msgSuccess(MSG.remove);
        clearSelection();
        refresh();
      },
    });
  };
  const onClean = async () => {
    if (!(await confirmClean('登录日志'))) return;
    clean.mutate(undefined, {
      onSuccess: () => {
        msgSuccess(MSG.clean);
        clearSelection();
        refresh();
      },
    });
  };
  const onUnlock = async () => {
    const userName = selectedRows[0]?.userName;
    if (!userName) return;
    if (!(await confirmWarning(`是否确认解锁用户"${userName}"数据项?`))) return;
    unlock.mutate({ userName }, { onSuccess: () => msgSuccess(`用户${userName}解锁成功`) });
  };

  const columns: DataColumn<LogininforRow>[] = [
    { key: 'infoId', title: '访问编号' },
    { key: 'userName', title: '用户名称', truncate: true },
    { key: 'ipaddr', title: '登录地址', width: 130, truncate: true },
    { key: 'loginLocation', title: '登录地点', truncate: true },
    { key: 'browser', title: '浏览器', truncate: true },
    { key: 'os', title: '操作系统', truncate: true },
    { key: 'status', title: '登录状态', render: (r) => <DictTag options={dict.sys_common_status} value={r.status} /> },
    { key: 'msg', title: '操作信息', truncate: true },
    { key: 'loginTime', title: '登录日期', width: 180 },
  ];
  const toolbarColumns = columns.map((c) => ({ key: c.key, label: String(c.title) }));

  return (
    <Box p="5" data-testid="logininfor-list">
      <SearchForm show={showSearch} onSearch={search} onReset={reset}>
        <SearchField label="登录地址">
          <Input size="sm" w="240px" name="ipaddr" placeholder="请输入登录地址" value={draft.ipaddr}
            onChange={(e) => setDraft({ ...draft, ipaddr: e.target.value })} />
        </SearchField>
        <SearchField label="用户名称">
          <Input size="sm" w="240px" name="userName" placeholder="请输入用户名称" value={draft.userName}
            onChange={(e) => setDraft({ ...draft, userName: e.target.value })} />
        </SearchField>
        <SearchField label="状态">
          <DictSelect name="status" placeholder="登录状态" options={dict.sys_common_status} value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })} />
        </SearchField>
        <SearchField label="登录时间">
          <DateRangePicker value={draft.dateRange} onChange={(dateRange) => setDraft({ ...draft, dateRange })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        remove={{ perm: 'monitor:logininfor:remove', disabled: multiple, onClick: () => void onDelete() }}
        right={
          <RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh}
            columns={toolbarColumns} hiddenColumns={hidden} onHiddenColumnsChange={setHidden} />
        }
      >
        <PermButton perm="monitor:logininfor:remove" tone="danger" icon="delete" onClick={() => void onClean()} testId="btn-clean">
          清空
        </PermButton>
        <PermButton perm="monitor:logininfor:unlock" tone="primary" icon="link" disabled={single} onClick={() => void onUnlock()}
          testId="btn-unlock">
          解锁
        </PermButton>
        <PermButton perm="monitor:logininfor:export" tone="warning" icon="download" testId="btn-export"
          onClick={() => void exportExcel('/monitor/logininfor/export', toInput(filters))}>
          导出
        </PermButton>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        rowKey="infoId"
        loading={list.isFetching}
        hiddenColumns={hidden}
        selection={{
          selectedKeys: selected,
          onChange: (keys, rows) => {
            setSelected(keys);
            setSelectedRows(rows);
          },
        }}
        testId="logininfor-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
    </Box>
  );
}
