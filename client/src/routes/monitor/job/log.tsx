/**
 * 调度日志 (hidden route /monitor/job-log/index/:jobId → component monitor/job/log; RuoYi
 * monitor/job/log.vue; platform spec §2 "Scheduled job log", §6, §8). A jobId other than 0
 * pre-fills 任务名称 and 任务组名 from the job; filters 执行状态 and 执行时间 (sent as
 * params[beginTime]/params[endTime]); toolbar 删除 清空 导出 关闭 (back to /monitor/job); the
 * log table (page size 10) and the 调度日志详细 dialog. Buttons gated by monitor:job:*.
 */
import { Box, Button, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { JobLogRow } from '../../../../../shared/schemas/job';
import { addDateRange } from '../../../../../shared/utils/date';
import { delView } from '../../../lib/stores/tags-store';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmClean, confirmDelete, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { selectionFlags, type RowKey } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { Icon } from '../../../components/Icon';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { JobLogDetailDialog } from './JobLogDetail';
import { RowButton } from '../../../components/table/RowButton';
import { DictSelect } from '../../../components/form/OptionSelect';
import { EMPTY_FILTERS, filterInput, logStatusOptions, type JobFilters } from './job-utils';

interface LogFilters extends JobFilters {
  dateRange: [string, string];
}

const EMPTY: LogFilters = { ...EMPTY_FILTERS, dateRange: ['', ''] };

/** Filters → the list/export input (no paging). */
function toInput(f: LogFilters) {
  return addDateRange(filterInput(f), f.dateRange) as ReturnType<typeof filterInput> & { params: { beginTime?: string; endTime?: string } };
}

export default function JobLogList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const jobId = Number(useParams().jobId ?? 0) || 0;
  const dict = useDict('sys_job_group', 'sys_common_status');
  const tagOptions = useMemo(() => logStatusOptions(dict.sys_common_status), [dict.sys_common_status]);
  const [draft, setDraft] = useState<LogFilters>(EMPTY);
  const [filters, setFilters] = useState<LogFilters>(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [viewing, setViewing] = useState<JobLogRow | null>(null);

  // The job of the route pre-fills the name and group; the list waits for it.
  const job = useQuery({ ...trpc.monitor.job.get.queryOptions({ jobId: jobId || 1 }), enabled: jobId > 0 });
  const [ready, setReady] = useState(jobId === 0);
  useEffect(() => {
    if (ready || job.isPending) return;
    if (job.data) {
      const prefill = { ...EMPTY, jobName: job.data.jobName, jobGroup: job.data.jobGroup };
      setDraft(prefill);
      setFilters(prefill);
    }
    setReady(true);
  }, [ready, job.isPending, job.data]);

  const list = useQuery({
    ...trpc.monitor.jobLog.list.queryOptions({ ...page, ...toInput(filters) }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const refresh = () => void list.refetch();
  const remove = useMutation(trpc.monitor.jobLog.remove.mutationOptions());
  const clean = useMutation(trpc.monitor.jobLog.clean.mutationOptions());
  const { multiple } = selectionFlags(selected);

  const search = () => {
    setFilters(draft);
    setPage((p) => ({ ...p, pageNum: 1 }));
    if (JSON.stringify(draft) === JSON.stringify(filters) && page.pageNum === 1) refresh();
  };
  const reset = () => {
    setDraft(EMPTY);
    setFilters(EMPTY);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const onDelete = async () => {
    const ids = selected.map(Number);
    if (!(await confirmDelete(ids, '调度日志编号'))) return;
    try {
      await remove.mutateAsync({ ids });
      setSelected([]);
      await list.refetch();
      msgSuccess(MSG.remove);
    } catch {
      // shown by the request-error layer
    }
  };
  const onClean = async () => {
    if (!(await confirmClean('调度日志'))) return;
    try {
      await clean.mutateAsync();
      setSelected([]);
      await list.refetch();
      msgSuccess(MSG.clean);
    } catch {
      // shown by the request-error layer
    }
  };
  const onClose = () => {
    delView(pathname);
    navigate('/monitor/job');
  };

  const columns: DataColumn<JobLogRow>[] = [
    { key: 'jobLogId', title: '日志编号', width: 80 },
    { key: 'jobName', title: '任务名称', truncate: true },
    { key: 'jobGroup', title: '任务组名', render: (r) => <DictTag options={dict.sys_job_group} value={r.jobGroup} /> },
    { key: 'invokeTarget', title: '调用目标字符串', truncate: true },
    { key: 'jobMessage', title: '日志信息', truncate: true },
    { key: 'status', title: '执行状态', render: (r) => <DictTag options={tagOptions} value={r.status} /> },
    { key: 'createTime', title: '执行时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <RowButton perm={['monitor:job:query']} icon="eye" onClick={() => setViewing(r)} testId={`job-log-view-${r.jobLogId}`}>
          详细
        </RowButton>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="job-log-list">
      <SearchForm show={showSearch} onSearch={search} onReset={reset}>
        <SearchField label="任务名称">
          <Input size="sm" w="240px" name="jobName" placeholder="请输入任务名称" value={draft.jobName}
            onChange={(e) => setDraft({ ...draft, jobName: e.target.value })} />
        </SearchField>
        <SearchField label="任务组名">
          <DictSelect name="jobGroup" placeholder="请选择任务组名" options={dict.sys_job_group} value={draft.jobGroup} w="240px"
            onChange={(v) => setDraft({ ...draft, jobGroup: v })} />
        </SearchField>
        <SearchField label="执行状态">
          <DictSelect name="status" placeholder="请选择执行状态" options={dict.sys_common_status} value={draft.status} w="240px"
            onChange={(v) => setDraft({ ...draft, status: v })} />
        </SearchField>
        <SearchField label="执行时间">
          <DateRangePicker value={draft.dateRange} onChange={(dateRange) => setDraft({ ...draft, dateRange })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        remove={{ perm: 'monitor:job:remove', onClick: () => void onDelete(), disabled: multiple }}
        right={<RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh} />}
      >
        <PermButton perm="monitor:job:remove" tone="danger" icon="delete" onClick={() => void onClean()} testId="btn-clean">
          清空
        </PermButton>
        <PermButton perm="monitor:job:export" tone="warning" icon="download" testId="btn-export"
          onClick={() => void exportExcel('/monitor/jobLog/export', toInput(filters))}>
          导出
        </PermButton>
        <Button size="xs" variant="subtle" colorPalette="orange" onClick={onClose} data-testid="btn-close">
          <Icon name="close" />
          关闭
        </Button>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        data={rows}
        rowKey="jobLogId"
        loading={(list.isFetching && !list.data) || !ready}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="job-log-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />

      <JobLogDetailDialog log={viewing} onClose={() => setViewing(null)} groups={dict.sys_job_group} />
    </Box>
  );
}
