/**
 * 发起流程 dialog of 我的流程 (新增流程; reference §6 "Model save / deploy / versions"): each
 * process once, at its newest active version (the list's `latestActive`; a suspended newest version
 * falls back to the previous active one, a process with no active version is not offered): search
 * 流程名称, a paged table (流程名称, 流程版本, 流程分类, 部署时间) and 发起 per row, which opens the
 * start screen. A row that is not active shows 已挂起 instead of 发起. On a phone (below md) 流程分类
 * and 部署时间 are left out so that 发起 shows without scrolling the table sideways.
 */
import { Badge, Input, useBreakpointValue } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DictTag } from '../../../../components/dict/DictTag';
import { Pagination } from '../../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { SearchField, SearchForm } from '../../../../components/table/SearchForm';
import { useDict } from '../../../../hooks/useDict';
import { useTRPC } from '../../../../lib/trpc';
import { FormDialog } from '../../../../components/feedback/AppDialog';
import { RowLink, VersionTag } from '../../../../components/table/cells';
import type { DefinitionRow } from '../types';

/** Lists the deployed definitions; `onStart(row)` is called with the chosen active one. */
export function StartProcessDialog({ onClose, onStart }: { onClose: () => void; onStart: (row: DefinitionRow) => void }) {
  const trpc = useTRPC();
  const dict = useDict('sys_process_category');
  const [draft, setDraft] = useState('');
  const [name, setName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const list = useQuery({
    ...trpc.flowable.definition.list.queryOptions({ ...page, latestActive: true, ...(name ? { name } : {}) }),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<DefinitionRow>[] = [
    { key: 'name', title: '流程名称', truncate: true },
    { key: 'version', title: '流程版本', width: 90, render: (r) => <VersionTag version={r.version} /> },
    { key: 'category', title: '流程分类', width: 110, hidden: narrow, render: (r) => <DictTag options={dict.sys_process_category} value={r.category} /> },
    { key: 'deploymentTime', title: '部署时间', width: 170, hidden: narrow },
    {
      key: 'actions',
      title: '操作',
      width: 100,
      render: (r) =>
        r.suspensionState === 1 ? (
          <RowLink icon="edit" onClick={() => onStart(r)} testId="row-start">
            发起
          </RowLink>
        ) : (
          <Badge variant="surface" colorPalette="orange" fontWeight="normal">
            已挂起
          </Badge>
        ),
    },
  ];

  return (
    <FormDialog title="发起流程" width="860px" onClose={onClose} testId="start-process-dialog">
      <SearchForm
        onSearch={() => {
          setName(draft.trim());
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        onReset={() => {
          setDraft('');
          setName('');
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        testId="start-process-search"
      >
        <SearchField label="流程名称">
          <Input size="sm" w="200px" placeholder="请输入流程名称" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </SearchField>
      </SearchForm>
      <DataTable columns={columns} data={list.data?.rows ?? []} loading={list.isFetching} rowKey="id" emptyText="暂无流程定义，请先在流程定义中部署流程" testId="start-process-table" />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
    </FormDialog>
  );
}
