/**
 * 部门管理 (system/dept/index; RuoYi views/system/dept/index.vue, reference §2 Depts): search 部门名称,
 * 状态; toolbar 新增, 展开/折叠 with RightToolbar; the tree table (部门名称, 排序, 状态, 创建时间,
 * 操作 修改 / 新增 / 删除, no 删除 on a root), opened fully by default; the add/edit dialog.
 * Refusals (存在下级部门,不允许删除 …, code 601) are shown as warnings by the request layer.
 * The frame is the shared `TreeTableScreen`.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { TreeTableScreen, useTreeTableScreen } from '../../../components/table/TreeTableScreen';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DeptFormDialog, type DeptDialogState } from './DeptFormDialog';
import { orgTreeColumns, TreeRowActions } from '../../../components/table/tree-table-kit';
import type { DeptRow } from './types';

export default function DeptList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const screen = useTreeTableScreen<DeptDialogState>(true);
  const { name, status } = screen.query;
  const list = useQuery({ ...trpc.system.dept.list.queryOptions({ deptName: name, status }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.dept.remove.mutationOptions());

  const handleDelete = (row: DeptRow) =>
    screen.confirmRemove(row.deptName, (onSuccess) => remove.mutate({ deptId: row.deptId }, { onSuccess }), () => void list.refetch());

  const columns = orgTreeColumns<DeptRow>('deptName', '部门名称', dict.sys_normal_disable, (r) => (
    <TreeRowActions
      perm="system:dept"
      onEdit={() => screen.setDialog({ deptId: r.deptId })}
      onAdd={() => screen.setDialog({ parentId: r.deptId })}
      onRemove={() => void handleDelete(r)}
      canRemove={r.parentId !== 0}
    />
  ));

  return (
    <TreeTableScreen
      screen={screen}
      entity="dept"
      label="部门名称"
      statusPlaceholder="部门状态"
      statusOptions={dict.sys_normal_disable}
      list={list}
      rowKey="deptId"
      parentKey="parentId"
      columns={columns}
      renderDialog={(state, onClose, onSaved) => <DeptFormDialog state={state} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
