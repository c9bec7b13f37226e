/**
 * 选择用户 dialog of 分配用户 (800px, RuoYi views/system/role/selectUser.vue): search 用户名称,
 * 手机号码; the users not holding the role, multi-select (a row click toggles), paging; 确 定
 * without a selection → 请选择要分配的用户; the dialog closes only when the reply is code 200.
 */
import { Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { DictTag } from '../../../components/dict/DictTag';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import type { AuthUserRow } from './types';
import { FormDialog } from '../../../components/feedback/AppDialog';

export function SelectUserDialog({ roleId, onClose, onDone }: { roleId: number; onClose: () => void; onDone: () => void }) {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState({ userName: '', phonenumber: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<RowKey[]>([]);
  const list = useQuery({
    ...trpc.system.role.unallocatedList.queryOptions({
      roleId, ...page, userName: filters.userName.trim() || undefined, phonenumber: filters.phonenumber.trim() || undefined,
    }),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const selectAll = useMutation(trpc.system.role.selectAuthUserAll.mutationOptions());

  const toggle = (r: AuthUserRow) =>
    setSelected((s) => (s.includes(r.userId) ? s.filter((k) => k !== r.userId) : [...s, r.userId]));
  const submit = () => {
    if (selected.length === 0) {
      msgError('请选择要分配的用户');
      return;
    }
    selectAll.mutate(
      { roleId, userIds: selected.map(Number) },
      {
        onSuccess: () => {
          msgSuccess('操作成功');
          onClose();
          onDone();
        },
      },
    );
  };

  const columns: DataColumn<AuthUserRow>[] = [
    { key: 'userName', title: '用户名称', truncate: true },
    { key: 'nickName', title: '用户昵称', truncate: true },
    { key: 'email', title: '邮箱', truncate: true },
    { key: 'phonenumber', title: '手机', truncate: true },
    { key: 'status', title: '状态', render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'createTime', title: '创建时间', width: 180 },
  ];

  return (
    <FormDialog title="选择用户" width="800px" testId="select-user-dialog" onClose={onClose} onSubmit={submit} pending={selectAll.isPending}>
      <SearchForm
        onSearch={() => {
          setFilters(draft);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        onReset={() => {
          const empty = { userName: '', phonenumber: '' };
          setDraft(empty);
          setFilters(empty);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        testId="select-user-search"
      >
        <SearchField label="用户名称" w="180px">
          <Input size="sm" placeholder="请输入用户名称" value={draft.userName} onChange={(e) => setDraft({ ...draft, userName: e.target.value })} />
        </SearchField>
        <SearchField label="手机号码" w="180px">
          <Input size="sm" placeholder="请输入手机号码" value={draft.phonenumber} onChange={(e) => setDraft({ ...draft, phonenumber: e.target.value })} />
        </SearchField>
      </SearchForm>
      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        rowKey="userId"
        loading={list.isFetching}
        maxH="260px"
        onRowClick={toggle}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="unallocated-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
    </FormDialog>
  );
}
