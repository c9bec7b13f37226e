/**
 * 部门管理 (system/dept/index; RuoYi views/system/dept/index.vue, reference §2 Depts): search 部门名称,
 * 状态; toolbar 新增, 展开/折叠 with RightToolbar; the tree table (部门名称, 排序, 状态, 创建时间,
 * 操作 修改 / 新增 / 删除, no 删除 on a root), opened fully by default; the add/edit dialog.
 * Refusals (存在下级部门,不允许删除 …, code 601) are shown as warnings by the request layer.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { confirmWarning, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { DictTag } from '../../../components/dict/DictTag';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { handleTree } from '../../../components/table/table-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DeptFormDialog, type DeptDialogState } from './DeptFormDialog';
import { EMPTY_NAME_STATUS, ExpandToggle, NameStatusSearch, nameStatusQuery, TreeRowActions, type NameStatus } from './kit';
import type { DeptRow } from './types';

export default function DeptList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [filters, setFilters] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [showSearch, setShowSearch] = useState(true);
  const [expandAll, setExpandAll] = useState(true);
  const [tableKey, setTableKey] = useState(0);
  const [dialog, setDialog] = useState<DeptDialogState | null>(null);

  const { name, status } = nameStatusQuery(filters);
  const list = useQuery({ ...trpc.system.dept.list.queryOptions({ deptName: name, status }), placeholderData: keepPreviousData });
  const tree = useMemo(() => handleTree(list.data ?? [], 'deptId', 'parentId'), [list.data]);
  const remove = useMutation(trpc.system.dept.remove.mutationOptions());
  const refresh = () => void list.refetch();

  const handleDelete = async (row: DeptRow) => {
    if (!(await confirmWarning(`是否确认删除名称为"${row.deptName}"的数据项？`))) return;
    remove.mutate(
      { deptId: row.deptId },
      {
        onSuccess: () => {
          refresh();
          msgSuccess(MSG.remove);
        },
      },
    );
  };

  const columns: DataColumn<DeptRow>[] = [
    { key: 'deptName', title: '部门名称', width: 260, align: 'left' },
    { key: 'orderNum', title: '排序', width: 200 },
    { key: 'status', title: '状态', width: 100, render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'createTime', title: '创建时间', width: 200 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <TreeRowActions
          perm="system:dept"
          onEdit={() => setDialog({ deptId: r.deptId })}
          onAdd={() => setDialog({ parentId: r.deptId })}
          onRemove={() => void handleDelete(r)}
          canRemove={r.parentId !== 0}
        />
      ),
    },
  ];

  return (
    <Box p="5" data-testid="dept-list">
      <NameStatusSearch
        label="部门名称"
        statusPlaceholder="部门状态"
        value={draft}
        onChange={setDraft}
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY_NAME_STATUS);
          setFilters(EMPTY_NAME_STATUS);
        }}
        show={showSearch}
        statusOptions={dict.sys_normal_disable}
        testId="dept-search"
      />
      <ToolbarButtons
        add={{ perm: 'system:dept:add', onClick: () => setDialog({}) }}
        right={<RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh} />}
      >
        <ExpandToggle
          onClick={() => {
            setExpandAll((v) => !v);
            setTableKey((k) => k + 1);
          }}
        />
      </ToolbarButtons>
      <DataTable
        key={tableKey}
        columns={columns}
        data={tree}
        rowKey="deptId"
        loading={list.isFetching}
        tree={{ defaultExpandAll: expandAll }}
        testId="dept-table"
      />
      {dialog && (
        <DeptFormDialog
          state={dialog}
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
