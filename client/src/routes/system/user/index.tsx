/**
 * 用户管理 (system/user/index; RuoYi views/system/user/index.vue): dept tree on the left, search
 * form, toolbar 新增/修改/删除/导入/导出 with RightToolbar, the user table (status switch, 修改,
 * 删除, 更多 → 重置密码 / 分配角色), paging, and the add/edit, import and reset-password dialogs.
 */
import { Box, Flex } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { exportExcel } from '../../../components/feedback/actions';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../components/table/table-utils';
import type { TreeKey, TreeNode } from '../../../components/tree/tree-utils';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useStatusSwitch } from '../../../components/table/useStatusSwitch';
import { useTRPC } from '../../../lib/trpc';
import { DeptPanel } from './DeptPanel';
import { rangeParams } from '../../../components/form/form-kit';
import { ResetPwdDialog } from './ResetPwdDialog';
import type { UserRow } from './types';
import { StatusSwitch } from '../../../components/table/StatusSwitch';
import { UserActionCell } from './UserActions';
import { UserFormDialog } from './UserFormDialog';
import { UserImportDialog } from './UserImportDialog';
import { EMPTY_FILTERS, UserSearch, type UserFilters } from './UserSearch';

type DialogState = { kind: 'form'; userId?: number } | { kind: 'import' } | { kind: 'resetPwd'; user: UserRow };

export default function UserList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const dict = useDict('sys_normal_disable');
  const lp = useListPage<UserFilters, UserRow, DialogState>(EMPTY_FILTERS);
  const { draft, setDraft, filters, setFilters, page, setPage, selected, dialog, setDialog } = lp;
  const [deptId, setDeptId] = useState<TreeKey | null>(null);

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
  const remove = useMutation(trpc.system.user.remove.mutationOptions());
  const changeStatus = useMutation(trpc.system.user.changeStatus.mutationOptions());
  const statusSwitch = useStatusSwitch('用户', () => list.refetch());

  const ui = lp.bind(list);
  const { refresh } = ui;
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

  const handleDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '用户编号', (onSuccess) => remove.mutate({ userIds: ids.map(Number) }, { onSuccess }));

  const handleStatus = (row: UserRow, on: boolean) =>
    statusSwitch.toggle(row.userId, row.userName, on, (status, cb) => changeStatus.mutate({ userId: row.userId, status }, cb));

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
          checked={statusSwitch.isOn(r.userId, r.status)}
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
            show={lp.showSearch}
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
            right={<RightToolbar {...ui.toolbarProps(columns)} />}
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
            {...ui.tableProps}
            rowKey="userId"
            testId="user-table"
          />
          <Pagination {...ui.pagerProps} />
        </Box>
      </Flex>
      {dialog?.kind === 'form' && (
        <UserFormDialog
          open
          userId={dialog.userId}
          depts={deptTree}
          onClose={() => setDialog(null)}
          onSaved={ui.onSaved}
        />
      )}
      {dialog?.kind === 'import' && <UserImportDialog onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog?.kind === 'resetPwd' && <ResetPwdDialog user={dialog.user} onClose={() => setDialog(null)} />}
    </Box>
  );
}
