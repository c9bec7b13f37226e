/**
 * 岗位管理 (system/post/index; RuoYi views/system/post/index.vue, reference §2 Posts): search 岗位编码,
 * 岗位名称, 状态; toolbar 新增 / 修改 / 删除 / 导出 with RightToolbar; the table (selection, 岗位编号,
 * 岗位编码, 岗位名称, 岗位排序, 状态, 创建时间, 操作 修改 / 删除); paging; the add/edit dialog.
 * Deleting an assigned post is refused by the server (`<name>已分配,不能删除`).
 */
import { Box, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmDelete, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { DictTag } from '../../../components/dict/DictTag';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../components/table/table-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { EditRemoveCell } from '../../../components/table/RowButton';
import type { PostRow } from './types';
import { PostFormDialog } from './PostFormDialog';
import { StatusSearchField } from '../../../components/table/StatusSearchField';

interface PostFilters {
  postCode: string;
  postName: string;
  status: string;
}
const EMPTY_FILTERS: PostFilters = { postCode: '', postName: '', status: '' };

export default function PostList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState<PostFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<PostFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [dialog, setDialog] = useState<{ postId?: number } | null>(null);

  const query = {
    postCode: filters.postCode.trim() || undefined,
    postName: filters.postName.trim() || undefined,
    status: (filters.status || undefined) as '0' | '1' | undefined,
  };
  const list = useQuery({ ...trpc.system.post.list.queryOptions({ ...page, ...query }), placeholderData: keepPreviousData });
  const rows = list.data?.rows ?? [];
  const remove = useMutation(trpc.system.post.remove.mutationOptions());
  const refresh = () => void list.refetch();
  const search = (next: PostFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const handleDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, '岗位编号'))) return;
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

  const columns: DataColumn<PostRow>[] = [
    { key: 'postId', title: '岗位编号' },
    { key: 'postCode', title: '岗位编码' },
    { key: 'postName', title: '岗位名称' },
    { key: 'postSort', title: '岗位排序' },
    { key: 'status', title: '状态', render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'createTime', title: '创建时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => <EditRemoveCell perm="system:post" onEdit={() => setDialog({ postId: r.postId })} onRemove={() => void handleDelete([r.postId])} />,
    },
  ];

  const text = (key: 'postCode' | 'postName', label: string) => (
    <SearchField label={label} w="200px">
      <Input size="sm" name={key} placeholder={`请输入${label}`} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </SearchField>
  );

  return (
    <Box p="5" data-testid="post-list">
      <SearchForm
        show={showSearch}
        onSearch={() => search(draft)}
        onReset={() => {
          setDraft(EMPTY_FILTERS);
          search(EMPTY_FILTERS);
        }}
        testId="post-search"
      >
        {text('postCode', '岗位编码')}
        {text('postName', '岗位名称')}
        <StatusSearchField placeholder="岗位状态" value={draft.status} onChange={(status) => setDraft({ ...draft, status })} options={dict.sys_normal_disable} />
      </SearchForm>
      <ToolbarButtons
        add={{ perm: 'system:post:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:post:edit', disabled: selected.length !== 1, onClick: () => setDialog({ postId: Number(selected[0]) }) }}
        remove={{ perm: 'system:post:remove', disabled: selected.length === 0, onClick: () => void handleDelete(selected) }}
        exportAction={{ perm: 'system:post:export', onClick: () => void exportExcel('/system/post/export', query) }}
        right={<RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh} />}
      />
      <DataTable
        columns={columns}
        data={rows}
        rowKey="postId"
        loading={list.isFetching}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="post-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      {dialog && (
        <PostFormDialog
          postId={dialog.postId}
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
