/**
 * 园区管理 (system/park/index; issue 3 "Parks", with the dept screen's rules and layout): search
 * 园区名称, 状态; toolbar 新增, 展开/折叠 with RightToolbar; the tree table (园区名称, 排序, 状态,
 * 创建时间, 操作 修改 / 新增 / 删除), opened fully by default; the add/edit dialog. Parks have no
 * seeded root, so top-level parks can be added and removed (存在下级园区,不允许删除 is a 601
 * warning from the server). The frame is the shared `TreeTableScreen`.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { TreeTableScreen, useTreeTableScreen } from '../../../components/table/TreeTableScreen';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { orgTreeColumns, TreeRowActions } from '../../../components/table/tree-table-kit';
import type { ParkRow } from './types';
import { ParkFormDialog, type ParkDialogState } from './ParkFormDialog';

export default function ParkList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const screen = useTreeTableScreen<ParkDialogState>(true);
  const { name, status } = screen.query;
  const list = useQuery({ ...trpc.system.park.list.queryOptions({ parkName: name, status }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.park.remove.mutationOptions());

  const handleDelete = (row: ParkRow) =>
    screen.confirmRemove(row.parkName, (onSuccess) => remove.mutate({ parkId: row.parkId }, { onSuccess }), () => void list.refetch());

  const columns = orgTreeColumns<ParkRow>('parkName', '园区名称', dict.sys_normal_disable, (r) => (
    <TreeRowActions
      perm="system:park"
      onEdit={() => screen.setDialog({ parkId: r.parkId })}
      onAdd={() => screen.setDialog({ parentId: r.parkId })}
      onRemove={() => void handleDelete(r)}
    />
  ));

  return (
    <TreeTableScreen
      screen={screen}
      entity="park"
      label="园区名称"
      statusPlaceholder="园区状态"
      statusOptions={dict.sys_normal_disable}
      list={list}
      rowKey="parkId"
      parentKey="parentId"
      columns={columns}
      renderDialog={(state, onClose, onSaved) => <ParkFormDialog state={state} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
