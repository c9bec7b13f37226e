/**
 * 登录日志 (monitor/logininfor/index; RuoYi views/monitor/logininfor/index.vue): search 登录地址,
 * 用户名称, 状态 (sys_common_status), 登录时间; toolbar 删除, 清空, 解锁 (one selected row), 导出
 * with RightToolbar; the log table and paging. Buttons are gated by monitor:logininfor:*.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmWarning, exportExcel } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { listQuery, TextSearchField } from '../../../components/table/search-kit';
import { DictSelect } from '../../../components/form/OptionSelect';
import type { LogininforRow } from './types';

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
  const lp = useListPage<Filters, LogininforRow>(EMPTY);
  const { draft, setDraft, filters, page, selected, selectedRows } = lp;

  const list = useQuery({ ...trpc.monitor.logininfor.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.monitor.logininfor.remove.mutationOptions());
  const clean = useMutation(trpc.monitor.logininfor.clean.mutationOptions());
  const unlock = useMutation(trpc.monitor.logininfor.unlock.mutationOptions());
  const ui = lp.bind(list);
  const { single, multiple, search, reset } = ui;

  const onDelete = () =>
    ui.confirmRemove(selected, '访问编号', (onSuccess) => remove.mutate({ ids: selected.map(Number) }, { onSuccess }), true);
  const onClean = () => ui.confirmCleanAll('登录日志', (onSuccess) => clean.mutate(undefined, { onSuccess }));
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

  return (
    <Box p="5" data-testid="logininfor-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset}>
        <TextSearchField label="登录地址" name="ipaddr" value={draft.ipaddr} onChange={(ipaddr) => setDraft({ ...draft, ipaddr })} />
        <TextSearchField label="用户名称" name="userName" value={draft.userName} onChange={(userName) => setDraft({ ...draft, userName })} />
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
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
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
        {...ui.tableProps}
        rowKey="infoId"
        testId="logininfor-table"
      />
      <Pagination {...ui.pagerProps} />
    </Box>
  );
}
