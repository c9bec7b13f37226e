/**
 * 用户管理 (system/user/index; RuoYi views/system/user/index.vue): dept tree on the left, search
 * form, toolbar 新增/修改/删除/导入/导出 with RightToolbar, the user table (status switch, 修改,
 * 删除, 更多 → 重置密码 / 分配角色), paging, and the add/edit, import and reset-password dialogs.
 */
import { Box, Flex } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmDelete, confirmWarning, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../components/table/table-utils';
import type { TreeKey, TreeNode } from '../../../components/tree/tree-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DeptPanel } from './DeptPanel';
import { rangeParams } from './form-kit';
import { ResetPwdDialog } from './ResetPwdDialog';
import type { UserRow } from './types';
import { StatusSwitch, UserActionCell } from './UserActions';
import { UserFormDialog } from './UserFormDialog';
import { UserImportDialog } from './UserImportDialog';
import { EMPTY_FILTERS, UserSearch, type UserFilters } from './UserSearch';

type Dialog = { kind: 'form'; userId?: number } | { kind: 'import' } | { kind: 'resetPwd'; user: UserRow } | null;

export default function UserList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState<UserFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<UserFilters>(EMPTY_FILTERS);
  const [deptId, setDeptId] = useState<TreeKey | null>(null);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [statusOverride, setStatusOverride] = useState<Record<number, string>>({});
  const [dialog, setDialog] = useState<Dialog>(null);

  const query = {
    userName: filters.userName.trim() || undefined,
    phonenumber: filters.phonenumber.trim() || undefined,
    status: (filters.status || undefined) as '0' | '1' | undefined,
    deptId: deptId === null ? undefined : Number(deptId),
    params: rangeParams(filters.dateRange),
  };
  const list = useQuery({ ...trpc.system.user.list.queryOptions({ ...page, ...query }), placeholderData: keepPreviousData });
  const depts = useQuery(trpc.system.user.deptTree.queryOptions());
  const deptTree = (depts.data ?? []) as TreeNode[];
  const rows = list.data?.rows ?? [];
  const remove = useMutation(trpc.system.user.remove.mutationOptions());
  const changeStatus = useMutation(trpc.system.user.changeStatus.mutationOptions());

  const refresh = () => void list.refetch();
  const search = () => {
    setFilters(draft);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    setDeptId(null);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const handleDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, '用户编号'))) return;
    remove.mutate(
      { userIds: ids.map(Number) },
      {
        onSuccess: () => {
          msgSuccess(MSG.remove);
          setSelected((s) => s.filter((k) => !ids.includes(k)));
          refresh();
        },
      },
    );
  };

  const handleStatus = async (row: UserRow, on: boolean) => {
    const status = on ? '0' : '1';
    const text = on ? '启用' : '停用';
    setStatusOverride((s) => ({ ...s, [row.userId]: status }));
    const drop = () =>
      setStatusOverride((s) => {
        const { [row.userId]: _gone, ...rest } = s;
        return rest;
      });
    if (!(await confirmWarning(`确认要"${text}""${row.userName}"用户吗？`))) {
      drop();
      return;
    }
    changeStatus.mutate(
      { userId: row.userId, status },
      {
        onSuccess: () => {
          msgSuccess(`${text}成功`);
          void list.refetch().then(drop);
        },
        onError: drop,
      },
    );
  };

  const columns: DataColumn<UserRow>[] = [
    { key: 'userId', title: '用户编号' },
    { key: 'userName', title: '用户名称', truncate: true },
    { key: 'nickName', title: '用户昵称', truncate: true },
    { key: 'deptName', title: '部门', truncate: true, render: (r) => r.dept?.deptName ?? '' },
    { key: 'phonenumber', title: '手机号码', width: 120 },
    {
      key: 'status',
      title: '状态',
      render: (r) => (
        <StatusSwitch
          label={`${r.userName}状态`}
          checked={(statusOverride[r.userId] ?? r.status) === '0'}
          onChange={(on) => void handleStatus(r, on)}
        />
      ),
    },
    { key: 'createTime', title: '创建时间', width: 160 },
    {
      key: 'actions',
      title: '操作',
      width: 200,
      render: (r) =>
        r.userId === 1 ? null : (
          <UserActionCell
            onEdit={() => setDialog({ kind: 'form', userId: r.userId })}
            onRemove={() => void handleDelete([r.userId])}
            onResetPwd={() => setDialog({ kind: 'resetPwd', user: r })}
            onAuthRole={() => navigate(`/system/user-auth/role/${r.userId}`)}
          />
        ),
    },
  ];
  const toolbarColumns = columns.filter((c) => c.key !== 'actions').map((c) => ({ key: c.key, label: String(c.title) }));

  return (
    <Box p="5" data-testid="user-list">
      <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <DeptPanel
          data={deptTree}
          selected={deptId}
          onSelect={(id) => {
            setDeptId(id);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <Box flex="1" minW="0" w="100%">
          <UserSearch
            value={draft}
            onChange={setDraft}
            onSearch={search}
            onReset={reset}
            show={showSearch}
            statusOptions={dict.sys_normal_disable}
          />
          <ToolbarButtons
            add={{ perm: 'system:user:add', onClick: () => setDialog({ kind: 'form' }) }}
            edit={{
              perm: 'system:user:edit',
              disabled: selected.length !== 1,
              onClick: () => setDialog({ kind: 'form', userId: Number(selected[0]) }),
            }}
            remove={{ perm: 'system:user:remove', disabled: selected.length === 0, onClick: () => void handleDelete(selected) }}
            right={
              <RightToolbar
                showSearch={showSearch}
                onShowSearchChange={setShowSearch}
                onRefresh={refresh}
                columns={toolbarColumns}
                hiddenColumns={hidden}
                onHiddenColumnsChange={setHidden}
              />
            }
          >
            <PermButton perm="system:user:import" tone="info" icon="upload" onClick={() => setDialog({ kind: 'import' })} testId="btn-import">
              导入
            </PermButton>
            <PermButton
              perm="system:user:export"
              tone="warning"
              icon="download"
              onClick={() => void exportExcel('/system/user/export', query)}
              testId="btn-export"
            >
              导出
            </PermButton>
          </ToolbarButtons>
          <DataTable
            columns={columns}
            data={rows}
            rowKey="userId"
            loading={list.isFetching}
            hiddenColumns={hidden}
            selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
            testId="user-table"
          />
          <Pagination
            total={list.data?.total ?? 0}
            page={page.pageNum}
            limit={page.pageSize}
            onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
          />
        </Box>
      </Flex>
      {dialog?.kind === 'form' && (
        <UserFormDialog
          open
          userId={dialog.userId}
          depts={deptTree}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog?.kind === 'import' && <UserImportDialog onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog?.kind === 'resetPwd' && <ResetPwdDialog user={dialog.user} onClose={() => setDialog(null)} />}
    </Box>
  );
}
