/**
 * 在线用户 (monitor/online/index; RuoYi views/monitor/online/index.vue): search 登录地址, 用户名称;
 * the live sessions (paged on the client, as RuoYi) with 序号, 会话编号, 登录名称, 所属部门, 主机,
 * 登录地点, 浏览器, 操作系统, 登录时间 and 强退 (monitor:online:forceLogout; confirm
 * 是否确认强退名称为"name"的用户？ → 强退成功). The kicked session's next call answers 401.
 */
import { Box, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmWarning } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { useTRPC } from '../../../lib/trpc';
import { listQuery } from '../../../components/table/search-kit';
import { searchHandlers } from '../../../hooks/search-handlers';
import { RowButton } from '../../../components/table/RowButton';
import type { OnlineRow } from './types';

interface Filters {
  ipaddr: string;
  userName: string;
}
const EMPTY: Filters = { ipaddr: '', userName: '' };

export default function OnlineList() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });

  const list = useQuery({ ...trpc.monitor.online.list.queryOptions(listQuery({ ...filters })), placeholderData: keepPreviousData });
  const forceLogout = useMutation(trpc.monitor.online.forceLogout.mutationOptions());
  const refresh = () => void list.refetch();
  const { search, reset } = searchHandlers({
    empty: EMPTY, draft, filters, setDraft, setFilters, page, refetch: refresh,
    setPageNum: (pageNum) => setPage((p) => ({ ...p, pageNum })),
  });
  const all = list.data?.rows ?? [];
  const start = (page.pageNum - 1) * page.pageSize;
  const rows = all.slice(start, start + page.pageSize);

  const onForceLogout = async (row: OnlineRow) => {
    if (!(await confirmWarning(`是否确认强退名称为"${row.userName}"的用户？`))) return;
    forceLogout.mutate({ tokenId: row.tokenId }, {
      onSuccess: () => {
        msgSuccess('强退成功');
        refresh();
      },
    });
  };

  const columns: DataColumn<OnlineRow>[] = [
    { key: 'index', title: '序号', width: 60, render: (_r, i) => start + i + 1 },
    { key: 'tokenId', title: '会话编号', truncate: true },
    { key: 'userName', title: '登录名称', truncate: true },
    { key: 'deptName', title: '所属部门', truncate: true },
    { key: 'ipaddr', title: '主机', truncate: true },
    { key: 'loginLocation', title: '登录地点', truncate: true },
    { key: 'browser', title: '浏览器', truncate: true },
    { key: 'os', title: '操作系统', truncate: true },
    { key: 'loginTime', title: '登录时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <RowButton perm={['monitor:online:forceLogout']} icon="delete" onClick={() => void onForceLogout(r)} testId={`force-logout-${r.userName}`}>
          强退
        </RowButton>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="online-list">
      <SearchForm onSearch={search} onReset={reset}>
        <SearchField label="登录地址">
          <Input size="sm" w="240px" name="ipaddr" placeholder="请输入登录地址" value={draft.ipaddr}
            onChange={(e) => setDraft({ ...draft, ipaddr: e.target.value })} />
        </SearchField>
        <SearchField label="用户名称">
          <Input size="sm" w="240px" name="userName" placeholder="请输入用户名称" value={draft.userName}
            onChange={(e) => setDraft({ ...draft, userName: e.target.value })} />
        </SearchField>
      </SearchForm>

      <DataTable columns={columns} data={rows} rowKey="tokenId" loading={list.isFetching} testId="online-table" />
      <Pagination total={all.length} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
    </Box>
  );
}
