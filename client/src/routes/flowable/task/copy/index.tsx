/**
 * 抄送我的 (menu /task/copy, component flowable/task/copy/index; issue 16, not upstream): the
 * copies of instances the signed-in user received, newest first. Search 流程名称 and 状态
 * (未读 / 已读); columns 流程名称, 任务节点, 流程发起人, 抄送人, 抄送方式 (节点抄送 from the model, 手动抄送
 * from the task screen), 抄送意见, 抄送时间, 状态 and 操作 查看, which opens the read-only detail
 * (flowable/task/copy/detail/index) and marks the instance's copies read.
 */
import { Badge, Box, Flex, Input } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DictSelect } from '../../../../components/form/OptionSelect';
import { Pagination } from '../../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { RightToolbar } from '../../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../../components/table/SearchForm';
import { ToolbarButtons } from '../../../../components/table/ToolbarButtons';
import { useListPage } from '../../../../components/table/useListPage';
import type { DictOption } from '../../../../hooks/useDict';
import { useTRPC } from '../../../../lib/trpc';
import { RowLink, VersionTag } from '../../../../components/table/cells';
import { useRefetchOnTimestamp } from '../../../../hooks/useRefetchOnTimestamp';
import { StartUserCell } from '../task-list-kit';
import { withQuery } from '../../../../lib/navigation/flow-paths';
import type { CcRow } from '../types';

interface CcFilters { name: string; read: string }
const EMPTY: CcFilters = { name: '', read: '' };
const option = (value: string, label: string, elTagType: string): DictOption => ({ value, label, elTagType, elTagClass: '' } as DictOption);
const READ_OPTIONS = [option('0', '未读', 'danger'), option('1', '已读', 'info')];

/** The detail route of a copy (read-only process detail). */
export const copyDetailPath = (r: Pick<CcRow, 'procInsId' | 'deployId' | 'taskId'>) =>
  withQuery('/flowable/task/copy/detail/index', { procInsId: r.procInsId, deployId: r.deployId, taskId: r.taskId });

export default function CopyList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const lp = useListPage<CcFilters, CcRow>(EMPTY);
  const input = {
    ...lp.page,
    ...(lp.filters.name.trim() ? { name: lp.filters.name.trim() } : {}),
    ...(lp.filters.read ? { read: lp.filters.read as '0' | '1' } : {}),
  };
  const list = useQuery({ ...trpc.flowable.cc.list.queryOptions(input), placeholderData: keepPreviousData });
  const ui = lp.bind(list);
  useRefetchOnTimestamp(list.refetch);

  const columns: DataColumn<CcRow>[] = [
    {
      key: 'procDefName', title: '流程名称', truncate: true,
      render: (r) => <Flex gap="1" justify="center" align="center">{r.procDefName}<VersionTag version={r.procDefVersion} /></Flex>,
    },
    { key: 'taskName', title: '任务节点', truncate: true },
    { key: 'startUserName', title: '流程发起人', render: (r) => <StartUserCell name={r.startUserName} dept={r.startDeptName} /> },
    { key: 'senderName', title: '抄送人', width: 110 },
    { key: 'kind', title: '抄送方式', width: 100, render: (r) => (r.kind === 'manual' ? '手动抄送' : '节点抄送') },
    { key: 'message', title: '抄送意见', truncate: true },
    { key: 'createTime', title: '抄送时间', width: 170 },
    {
      key: 'readTime', title: '状态', width: 90,
      render: (r) => (r.readTime
        ? <Badge colorPalette="gray" variant="subtle" data-testid="cc-read">已读</Badge>
        : <Badge colorPalette="red" variant="subtle" data-testid="cc-unread">未读</Badge>),
    },
    {
      key: 'actions', title: '操作', width: 100,
      render: (r) => <RowLink icon="eye" onClick={() => navigate(copyDetailPath(r))} testId="row-view">查看</RowLink>,
    },
  ];

  return (
    <Box p="5" data-testid="copy-list">
      <SearchForm show={lp.showSearch} onSearch={ui.search} onReset={ui.reset} testId="copy-search">
        <SearchField label="流程名称">
          <Input size="sm" w="200px" name="name" placeholder="请输入流程名称" value={lp.draft.name} onChange={(e) => lp.setDraft({ ...lp.draft, name: e.target.value })} />
        </SearchField>
        <SearchField label="状态" w="200px">
          <DictSelect name="read" placeholder="阅读状态" options={READ_OPTIONS} value={lp.draft.read} onChange={(read) => lp.setDraft({ ...lp.draft, read })} w="100%" />
        </SearchField>
      </SearchForm>
      <ToolbarButtons right={<RightToolbar {...ui.toolbarProps(columns)} />} />
      <DataTable columns={columns} {...ui.tableProps} selection={undefined} rowKey="id" emptyText="暂无抄送" testId="copy-table" />
      <Pagination {...ui.pagerProps} />
    </Box>
  );
}
