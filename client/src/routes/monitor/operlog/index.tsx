/**
 * 操作日志 (monitor/operlog/index; RuoYi views/monitor/operlog/index.vue): search 操作地址, 系统模块,
 * 操作人员, 类型 (sys_oper_type), 状态 (sys_common_status), 操作时间; toolbar 删除, 清空, 导出 with
 * RightToolbar; the log table (消耗时间 "N毫秒", 详细 opens the detail dialog) and paging. Buttons
 * are gated by monitor:operlog:*.
 */
import { Box, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmClean, confirmDelete, exportExcel, MSG } from '../../../components/feedback/actions';
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
import { DictSelect, listQuery, RowButton, searchHandlers } from '../../system/dict/kit';
import type { OperlogRow } from '../../system/dict/types';
import { OperlogDetailDialog } from './OperlogDetail';

interface Filters {
  operIp: string;
  title: string;
  operName: string;
  businessType: string;
  status: string;
  dateRange: [string, string];
}
const EMPTY: Filters = { operIp: '', title: '', operName: '', businessType: '', status: '', dateRange: ['', ''] };

const toInput = ({ dateRange, ...f }: Filters) => listQuery(f, dateRange);

export default function OperlogList() {
  const trpc = useTRPC();
  const dict = useDict('sys_oper_type', 'sys_common_status');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [viewing, setViewing] = useState<OperlogRow | null>(null);

  const list = useQuery({ ...trpc.monitor.operlog.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.monitor.operlog.remove.mutationOptions());
  const clean = useMutation(trpc.monitor.operlog.clean.mutationOptions());
  const refresh = () => void list.refetch();
  const { multiple } = selectionFlags(selected);
  const { search, reset } = searchHandlers({
    empty: EMPTY, draft, filters, setDraft, setFilters, page, refetch: refresh,
    setPageNum: (pageNum) => setPage((p) => ({ ...p, pageNum })),
  });

  const onDelete = async () => {
    if (!(await confirmDelete(selected, '日志编号'))) return;
    remove.mutate({ ids: selected.map(Number) }, {
      onSuccess: () => {
        msgSuccess(MSG.remove);
        setSelected([]);
        refresh();
      },
    });
  };
  const onClean = async () => {
    if (!(await confirmClean('操作日志'))) return;
    clean.mutate(undefined, {
      onSuccess: () => {
        msgSuccess(MSG.clean);
        setSelected([]);
        refresh();
      },
    });
  };

  const columns: DataColumn<OperlogRow>[] = [
    { key: 'operId', title: '日志编号' },
    { key: 'title', title: '系统模块', truncate: true },
    { key: 'businessType', title: '操作类型', render: (r) => <DictTag options={dict.sys_oper_type} value={r.businessType} /> },
    { key: 'operName', title: '操作人员', width: 110, truncate: true },
    { key: 'deptName', title: '部门', truncate: true },
    { key: 'operIp', title: '操作地址', width: 130, truncate: true },
    { key: 'status', title: '操作状态', render: (r) => <DictTag options={dict.sys_common_status} value={r.status} /> },
    { key: 'operTime', title: '操作日期', width: 160 },
    { key: 'costTime', title: '消耗时间', width: 110, render: (r) => `${r.costTime}毫秒` },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <RowButton perm={['monitor:operlog:query']} icon="eye" onClick={() => setViewing(r)} testId={`operlog-view-${r.operId}`}>
          详细
        </RowButton>
      ),
    },
  ];
  const toolbarColumns = columns.filter((c) => c.key !== 'actions').map((c) => ({ key: c.key, label: String(c.title) }));

  return (
    <Box p="5" data-testid="operlog-list">
      <SearchForm show={showSearch} onSearch={search} onReset={reset}>
        <SearchField label="操作地址">
          <Input size="sm" w="240px" name="operIp" placeholder="请输入操作地址" value={draft.operIp}
            onChange={(e) => setDraft({ ...draft, operIp: e.target.value })} />
        </SearchField>
        <SearchField label="系统模块">
          <Input size="sm" w="240px" name="title" placeholder="请输入系统模块" value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
        </SearchField>
        <SearchField label="操作人员">
          <Input size="sm" w="240px" name="operName" placeholder="请输入操作人员" value={draft.operName}
            onChange={(e) => setDraft({ ...draft, operName: e.target.value })} />
        </SearchField>
        <SearchField label="类型">
          <DictSelect name="businessType" placeholder="操作类型" options={dict.sys_oper_type} value={draft.businessType}
            onChange={(businessType) => setDraft({ ...draft, businessType })} />
        </SearchField>
        <SearchField label="状态">
          <DictSelect name="status" placeholder="操作状态" options={dict.sys_common_status} value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })} />
        </SearchField>
        <SearchField label="操作时间">
          <DateRangePicker value={draft.dateRange} onChange={(dateRange) => setDraft({ ...draft, dateRange })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        remove={{ perm: 'monitor:operlog:remove', disabled: multiple, onClick: () => void onDelete() }}
        right={
          <RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh}
            columns={toolbarColumns} hiddenColumns={hidden} onHiddenColumnsChange={setHidden} />
        }
      >
        <PermButton perm="monitor:operlog:remove" tone="danger" icon="delete" onClick={() => void onClean()} testId="btn-clean">
          清空
        </PermButton>
        <PermButton perm="monitor:operlog:export" tone="warning" icon="download" testId="btn-export"
          onClick={() => void exportExcel('/monitor/operlog/export', toInput(filters))}>
          导出
        </PermButton>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        rowKey="operId"
        loading={list.isFetching}
        hiddenColumns={hidden}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="operlog-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />

      {viewing && <OperlogDetailDialog log={viewing} onClose={() => setViewing(null)} operTypes={dict.sys_oper_type} />}
    </Box>
  );
}
