/**
 * 角色管理 (system/role/index; RuoYi views/system/role/index.vue): search 角色名称, 权限字符, 状态,
 * 创建时间; toolbar 新增/修改/删除/导出 with RightToolbar; table 角色编号, 角色名称, 权限字符,
 * 显示顺序, 状态 switch, 创建时间, 操作 (修改, 删除, 更多 → 数据权限 / 分配用户); paging; the
 * add/edit and data-scope dialogs.
 */
import { Box, Flex } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { exportExcel } from '../../../components/feedback/actions';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import type { RowKey } from '../../../components/table/table-utils';

import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useStatusSwitch } from '../../../components/table/useStatusSwitch';
import { useTRPC } from '../../../lib/trpc';
import { rangeParams } from '../../../components/form/form-kit';
import type { RoleRow } from './types';
import { StatusSwitch } from '../../../components/table/StatusSwitch';
import { RowButton } from '../../../components/table/RowButton';
import { DataScopeDialog } from './DataScopeDialog';
import { RoleFormDialog } from './RoleFormDialog';
import { EMPTY_ROLE_FILTERS, RoleSearch, type RoleFilters } from './RoleSearch';
import { RowMoreMenu, type MoreItem } from '../../../components/table/RowMoreMenu';

type DialogState = { kind: 'form'; roleId?: number } | { kind: 'dataScope'; roleId: number };

/** 更多 of a role row (RuoYi role/index.vue: 数据权限 and 分配用户, both need edit). */
const ROLE_MORE: MoreItem[] = [
  { value: 'dataScope', label: '数据权限', perm: ['system:role:edit'], icon: 'list-ul' },
  { value: 'authUser', label: '分配用户', perm: ['system:role:edit'], icon: 'eye' },
];

export default function RoleList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const dict = useDict('sys_normal_disable');
  const lp = useListPage<RoleFilters, RoleRow, DialogState>(EMPTY_ROLE_FILTERS);
  const { draft, setDraft, filters, setFilters, page, setPage, selected, dialog, setDialog } = lp;

  const query = {
    roleName: filters.roleName.trim() || undefined,
    roleKey: filters.roleKey.trim() || undefined,
    status: (filters.status || undefined) as '0' | '1' | undefined,
    params: rangeParams(filters.dateRange),
  };
  const list = useQuery({ ...trpc.system.role.list.queryOptions({ ...page, ...query }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.role.remove.mutationOptions());
  const changeStatus = useMutation(trpc.system.role.changeStatus.mutationOptions());
  const statusSwitch = useStatusSwitch('角色', () => list.refetch());
  const ui = lp.bind(list);

  const handleDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '角色编号', (onSuccess) => remove.mutate({ roleIds: ids.map(Number) }, { onSuccess }));

  const handleStatus = (row: RoleRow, on: boolean) =>
    statusSwitch.toggle(row.roleId, row.roleName, on, (status, cb) => changeStatus.mutate({ roleId: row.roleId, status }, cb));

  const columns: DataColumn<RoleRow>[] = [
    { key: 'roleId', title: '角色编号', width: 120 },
    { key: 'roleName', title: '角色名称', truncate: true, width: 150 },
    { key: 'roleKey', title: '权限字符', truncate: true, width: 150 },
    { key: 'roleSort', title: '显示顺序', width: 100 },
    {
      key: 'status',
      title: '状态',
      width: 100,
      render: (r) => (
        <StatusSwitch label={`${r.roleName}状态`} checked={statusSwitch.isOn(r.roleId, r.status)} onChange={(on) => void handleStatus(r, on)} />
      ),
    },
    { key: 'createTime', title: '创建时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      render: (r) =>
        r.roleId === 1 ? null : (
          <Flex gap="1" justify="center" wrap="nowrap">
            <RowButton perm={['system:role:edit']} icon="edit" onClick={() => setDialog({ kind: 'form', roleId: r.roleId })} testId="row-edit">
              修改
            </RowButton>
            <RowButton perm={['system:role:remove']} icon="delete" onClick={() => void handleDelete([r.roleId])} testId="row-remove">
              删除
            </RowButton>
            <RowMoreMenu
              items={ROLE_MORE}
              onSelect={(v) => (v === 'dataScope' ? setDialog({ kind: 'dataScope', roleId: r.roleId }) : navigate(`/system/role-auth/user/${r.roleId}`))}
            />
          </Flex>
        ),
    },
  ];

  return (
    <Box p="5" data-testid="role-list">
      <RoleSearch
        value={draft}
        onChange={setDraft}
        onSearch={() => {
          setFilters(draft);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        onReset={() => {
          setDraft(EMPTY_ROLE_FILTERS);
          setFilters(EMPTY_ROLE_FILTERS);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        show={lp.showSearch}
        statusOptions={dict.sys_normal_disable}
      />
      <ToolbarButtons
        add={{ perm: 'system:role:add', onClick: () => setDialog({ kind: 'form' }) }}
        edit={{ perm: 'system:role:edit', disabled: selected.length !== 1, onClick: () => setDialog({ kind: 'form', roleId: Number(selected[0]) }) }}
        remove={{ perm: 'system:role:remove', disabled: selected.length === 0, onClick: () => void handleDelete(selected) }}
        exportAction={{ perm: 'system:role:export', onClick: () => void exportExcel('/system/role/export', query) }}
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
      />
      <DataTable
        columns={columns}
        {...ui.tableProps}
        rowKey="roleId"
        testId="role-table"
      />
      <Pagination {...ui.pagerProps} />
      {dialog?.kind === 'form' && <RoleFormDialog roleId={dialog.roleId} onClose={() => setDialog(null)} onSaved={ui.onSaved} />}
      {dialog?.kind === 'dataScope' && <DataScopeDialog roleId={dialog.roleId} onClose={() => setDialog(null)} onSaved={ui.onSaved} />}
    </Box>
  );
}
