/**
 * 定时任务 (menu component monitor/job/index; RuoYi monitor/job/index.vue; platform spec §2, §6,
 * §7 "Jobs and logs"): search by 任务名称 / 任务组名 / 任务状态, toolbar 新增 修改 删除 导出 日志,
 * the job table with the status switch (确认要"启用""name"任务吗？), row actions 修改 删除 and
 * 更多 (执行一次, 任务详细, 调度日志), the add/edit dialog and the detail dialog. Buttons are gated
 * by monitor:job:* permissions; the server checks again.
 */
import { Box, Flex, Input, Switch } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { JobRow } from '../../../../../shared/schemas/job';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmDelete, confirmWarning, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { usePermi } from '../../../components/Permission';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { selectionFlags } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { JobDetailDialog } from './JobDetail';
import { JobFormDialog } from './JobForm';
import { RowMoreMenu, type MoreItem } from '../../../components/table/RowMoreMenu';
import { RowButton } from '../../../components/table/RowButton';
import { DictSelect } from '../../../components/form/OptionSelect';
import { EMPTY_FILTERS, filterInput, jobToForm, NEW_JOB, type JobFilters, type JobFormValues } from './job-utils';

const COLUMN_LABELS = [
  { key: 'jobId', label: '任务编号' },
  { key: 'jobName', label: '任务名称' },
  { key: 'jobGroup', label: '任务组名' },
  { key: 'invokeTarget', label: '调用目标字符串' },
  { key: 'cronExpression', label: 'cron执行表达式' },
  { key: 'status', label: '状态' },
];

const MORE_ITEMS: MoreItem[] = [
  { value: 'run', label: '执行一次', perm: ['monitor:job:changeStatus'] },
  { value: 'view', label: '任务详细', perm: ['monitor:job:query'] },
  { value: 'log', label: '调度日志', perm: ['monitor:job:query'] },
];

export default function JobList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { hasPermi } = usePermi();
  const dict = useDict('sys_job_group', 'sys_job_status');
  const [draft, setDraft] = useState<JobFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<JobFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [editing, setEditing] = useState<JobFormValues | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  /** Switch positions while their confirmation or call is pending (RuoYi flips v-model first). */
  const [flipped, setFlipped] = useState<Record<number, string>>({});

  const list = useQuery({ ...trpc.monitor.job.list.queryOptions({ ...page, ...filterInput(filters) }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const refresh = () => void list.refetch();

  const changeStatus = useMutation(trpc.monitor.job.changeStatus.mutationOptions());
  const run = useMutation(trpc.monitor.job.run.mutationOptions());
  const remove = useMutation(trpc.monitor.job.remove.mutationOptions());
  const { single, multiple } = selectionFlags(selected);

  const search = () => {
    setFilters(draft);
    setPage((p) => ({ ...p, pageNum: 1 }));
    if (JSON.stringify(draft) === JSON.stringify(filters) && page.pageNum === 1) refresh();
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const onStatusChange = async (row: JobRow, status: '0' | '1') => {
    const text = status === '0' ? '启用' : '停用';
    setFlipped((f) => ({ ...f, [row.jobId]: status }));
    try {
      if (!(await confirmWarning(`确认要"${text}""${row.jobName}"任务吗？`))) return;
      await changeStatus.mutateAsync({ jobId: row.jobId, status });
      msgSuccess(`${text}成功`);
      await list.refetch();
    } catch {
      // The request-error layer shows the message; the switch goes back.
    } finally {
      setFlipped(({ [row.jobId]: _, ...rest }) => rest);
    }
  };

  const onRun = async (row: JobRow) => {
    if (!(await confirmWarning(`确认要立即执行一次"${row.jobName}"任务吗？`))) return;
    try {
      await run.mutateAsync({ jobId: row.jobId, jobGroup: row.jobGroup });
      msgSuccess('执行成功');
    } catch {
      // shown by the request-error layer
    }
  };

  const onDelete = async (row?: JobRow) => {
    const ids = row ? [row.jobId] : selected.map(Number);
    if (!(await confirmDelete(ids, '定时任务编号'))) return;
    try {
      await remove.mutateAsync({ ids });
      setSelected((s) => s.filter((k) => !ids.includes(Number(k))));
      await list.refetch();
      msgSuccess(MSG.remove);
    } catch {
      // shown by the request-error layer
    }
  };

  const onEdit = async (row?: JobRow) => {
    const jobId = row?.jobId ?? Number(selected[0]);
    try {
      const job = await queryClient.fetchQuery({ ...trpc.monitor.job.get.queryOptions({ jobId }), staleTime: 0 });
      if (job) setEditing(jobToForm(job));
    } catch {
      // shown by the request-error layer
    }
  };

  const openLog = (jobId = 0) => navigate(`/monitor/job-log/index/${jobId}`);

  const columns: DataColumn<JobRow>[] = [
    { key: 'jobId', title: '任务编号', width: 100 },
    { key: 'jobName', title: '任务名称', truncate: true },
    { key: 'jobGroup', title: '任务组名', render: (r) => <DictTag options={dict.sys_job_group} value={r.jobGroup} /> },
    { key: 'invokeTarget', title: '调用目标字符串', truncate: true },
    { key: 'cronExpression', title: 'cron执行表达式', truncate: true },
    {
      key: 'status',
      title: '状态',
      render: (r) => {
        const value = flipped[r.jobId] ?? r.status;
        return (
          <Switch.Root
            size="sm"
            colorPalette="brand"
            checked={value === '0'}
            disabled={!hasPermi(['monitor:job:changeStatus']) || r.jobId in flipped}
            onCheckedChange={(e) => void onStatusChange(r, e.checked ? '0' : '1')}
            aria-label={`${r.jobName}状态`}
            data-testid={`job-status-${r.jobId}`}
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
          </Switch.Root>
        );
      },
    },
    {
      key: 'actions',
      title: '操作',
      minWidth: 200,
      render: (r) => (
        <Flex justify="center" gap="1" wrap="nowrap">
          <RowButton perm={['monitor:job:edit']} icon="edit" onClick={() => void onEdit(r)}>修改</RowButton>
          <RowButton perm={['monitor:job:remove']} icon="delete" onClick={() => void onDelete(r)}>删除</RowButton>
          <RowMoreMenu
            items={MORE_ITEMS}
            testId={`job-more-${r.jobId}`}
            onSelect={(value) => {
              if (value === 'run') void onRun(r);
              if (value === 'view') setViewing(r.jobId);
              if (value === 'log') openLog(r.jobId);
            }}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="job-list">
      <SearchForm show={showSearch} onSearch={search} onReset={reset}>
        <SearchField label="任务名称">
          <Input size="sm" w="200px" name="jobName" placeholder="请输入任务名称" value={draft.jobName}
            onChange={(e) => setDraft({ ...draft, jobName: e.target.value })} />
        </SearchField>
        <SearchField label="任务组名">
          <DictSelect name="jobGroup" placeholder="请选择任务组名" options={dict.sys_job_group} value={draft.jobGroup} w="200px"
            onChange={(v) => setDraft({ ...draft, jobGroup: v })} />
        </SearchField>
        <SearchField label="任务状态">
          <DictSelect name="status" placeholder="请选择任务状态" options={dict.sys_job_status} value={draft.status} w="200px"
            onChange={(v) => setDraft({ ...draft, status: v })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        add={{ perm: 'monitor:job:add', onClick: () => setEditing({ ...NEW_JOB }) }}
        edit={{ perm: 'monitor:job:edit', onClick: () => void onEdit(), disabled: single }}
        remove={{ perm: 'monitor:job:remove', onClick: () => void onDelete(), disabled: multiple }}
        exportAction={{ perm: 'monitor:job:export', onClick: () => void exportExcel('/monitor/job/export', filterInput(filters)) }}
        right={
          <RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh}
            columns={COLUMN_LABELS} hiddenColumns={hidden} onHiddenColumnsChange={setHidden} />
        }
      >
        <PermButton perm="monitor:job:query" tone="info" icon="list-ul" onClick={() => openLog()} testId="btn-job-log">
          日志
        </PermButton>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        data={rows}
        rowKey="jobId"
        loading={list.isFetching && !list.data}
        hiddenColumns={hidden}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="job-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />

      <JobFormDialog initial={editing} onClose={() => setEditing(null)} onSaved={refresh}
        groups={dict.sys_job_group} statuses={dict.sys_job_status} />
      <JobDetailDialog jobId={viewing} onClose={() => setViewing(null)} groups={dict.sys_job_group} statuses={dict.sys_job_status} />
    </Box>
  );
}
