/**
 * 通知公告 (system/notice/index; issue 41 §5; RuoYi views/system/notice/index.vue): search 公告标题,
 * 操作人员 (createBy), 类型; toolbar 新增 / 修改 / 删除 with RightToolbar; the table (selection, 序号,
 * 公告标题, 公告类型, 状态, 创建者, 创建时间, 操作 修改 / 删除); paging; the add/edit dialog with the
 * rich-text content (sanitised by the server). Buttons follow `system:notice:add|edit|remove`.
 */
import { Box, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmDelete, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { DictTag } from '../../../components/dict/DictTag';
import { DictSelect } from '../../../components/form/OptionSelect';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { EditRemoveCell } from '../../../components/table/RowButton';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../components/table/table-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { NoticeFormDialog } from './NoticeFormDialog';
import type { NoticeListRow } from './types';

interface NoticeFilters {
  noticeTitle: string;
  createBy: string;
  noticeType: string;
}
const EMPTY_FILTERS: NoticeFilters = { noticeTitle: '', createBy: '', noticeType: '' };

export default function NoticeList() {
  const trpc = useTRPC();
  const dict = useDict('sys_notice_type', 'sys_notice_status');
  const [draft, setDraft] = useState<NoticeFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<NoticeFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [dialog, setDialog] = useState<{ noticeId?: number } | null>(null);

  const query = {
    noticeTitle: filters.noticeTitle.trim() || undefined,
    createBy: filters.createBy.trim() || undefined,
    noticeType: (filters.noticeType || undefined) as '1' | '2' | undefined,
  };
  const list = useQuery({ ...trpc.system.notice.list.queryOptions({ ...page, ...query }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const remove = useMutation(trpc.system.notice.remove.mutationOptions());
  const refresh = () => void list.refetch();
  const search = (next: NoticeFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const handleDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, '公告编号'))) return;
    remove.mutate(
      { ids: ids.map(Number) },
      {
        onSuccess: () => {
          refresh();
          msgSuccess(MSG.remove);
          setSelected((s) => s.filter((k) => !ids.includes(k)));
        },
      },
    );
  };

  const columns: DataColumn<NoticeListRow>[] = [
    { key: 'noticeId', title: '序号', width: 100 },
    { key: 'noticeTitle', title: '公告标题', truncate: true, minWidth: 200 },
    { key: 'noticeType', title: '公告类型', width: 100, render: (r) => <DictTag options={dict.sys_notice_type} value={r.noticeType} /> },
    { key: 'status', title: '状态', width: 100, render: (r) => <DictTag options={dict.sys_notice_status} value={r.status} /> },
    { key: 'createBy', title: '创建者', width: 100 },
    { key: 'createTime', title: '创建时间', width: 120, render: (r) => r.createTime?.slice(0, 10) ?? '' },
    {
      key: 'actions',
      title: '操作',
      width: 160,
      render: (r) => <EditRemoveCell perm="system:notice" onEdit={() => setDialog({ noticeId: r.noticeId })} onRemove={() => void handleDelete([r.noticeId])} />,
    },
  ];

  const text = (key: 'noticeTitle' | 'createBy', label: string, placeholder: string) => (
    <SearchField label={label} w="200px">
      <Input size="sm" name={key} placeholder={placeholder} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </SearchField>
  );

  return (
    <Box p="5" data-testid="notice-list">
      <SearchForm
        show={showSearch}
        onSearch={() => search(draft)}
        onReset={() => {
          setDraft(EMPTY_FILTERS);
          search(EMPTY_FILTERS);
        }}
        testId="notice-search"
      >
        {text('noticeTitle', '公告标题', '请输入公告标题')}
        {text('createBy', '操作人员', '请输入操作人员')}
        <SearchField label="类型" w="200px">
          <DictSelect name="noticeType" placeholder="公告类型" options={dict.sys_notice_type} value={draft.noticeType}
            onChange={(noticeType) => setDraft({ ...draft, noticeType })} w="100%" />
        </SearchField>
      </SearchForm>
      <ToolbarButtons
        add={{ perm: 'system:notice:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:notice:edit', disabled: selected.length !== 1, onClick: () => setDialog({ noticeId: Number(selected[0]) }) }}
        remove={{ perm: 'system:notice:remove', disabled: selected.length === 0, onClick: () => void handleDelete(selected) }}
        right={<RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh} />}
      />
      <DataTable
        columns={columns}
        data={rows}
        rowKey="noticeId"
        loading={list.isFetching}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="notice-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      {dialog && (
        <NoticeFormDialog
          noticeId={dialog.noticeId}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Box>
  );
}
