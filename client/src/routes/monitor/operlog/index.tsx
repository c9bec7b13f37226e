/**
 * 操作日志 (monitor/operlog/index; RuoYi views/monitor/operlog/index.vue): search 操作地址, 系统模块,
 * 操作人员, 类型 (sys_oper_type), 状态 (sys_common_status), 操作时间; toolbar 删除, 清空, 导出 with
 * RightToolbar; the log table (消耗时间 "N毫秒", 详细 opens the detail dialog) and paging. Buttons
 * are gated by monitor:operlog:*.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTag } from '../../../components/dict/DictTag';
import { exportExcel } from '../../../components/feedback/actions';
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
import { RowButton } from '../../../components/table/RowButton';
import { DictSelect } from '../../../components/form/OptionSelect';
import type { OperlogRow } from './types';
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
  const lp = useListPage<Filters, OperlogRow>(EMPTY);
  const { draft, setDraft, filters, page, selected } = lp;
  const [viewing, setViewing] = useState<OperlogRow | null>(null);

  const list = useQuery({ ...trpc.monitor.operlog.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.monitor.operlog.remove.mutationOptions());
  const clean = useMutation(trpc.monitor.operlog.clean.mutationOptions());
  const ui = lp.bind(list);
  const { multiple, search, reset } = ui;

  const onDelete = () =>
    ui.confirmRemove(selected, '日志编号', (onSuccess) => remove.mutate({ ids: selected.map(Number) }, { onSuccess }), true);
  const onClean = () => ui.confirmCleanAll('操作日志', (onSuccess) => clean.mutate(undefined, { onSuccess }));

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

  return (
    <Box p="5" data-testid="operlog-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset}>
        <TextSearchField label="操作地址" name="operIp" value={draft.operIp} onChange={(operIp) => setDraft({ ...draft, operIp })} />
        <TextSearchField label="系统模块" name="title" value={draft.title} onChange={(title) => setDraft({ ...draft, title })} />
        <TextSearchField label="操作人员" name="operName" value={draft.operName} onChange={(operName) => setDraft({ ...draft, operName })} />
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
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
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
        {...ui.tableProps}
        rowKey="operId"
        testId="operlog-table"
      />
      <Pagination {...ui.pagerProps} />

      {viewing && <OperlogDetailDialog log={viewing} onClose={() => setViewing(null)} operTypes={dict.sys_oper_type} />}
    </Box>
  );
}
