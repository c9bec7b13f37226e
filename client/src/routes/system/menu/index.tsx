/**
 * 菜单管理 (system/menu/index; RuoYi views/system/menu/index.vue, reference §2 Menus): search
 * 菜单名称, 状态; toolbar 新增, 展开/折叠 with RightToolbar; the tree table (菜单名称, 图标, 排序,
 * 权限标识, 组件路径, 状态, 创建时间, 操作 修改 / 新增 / 删除), folded by default; the add/edit
 * dialog. As in RuoYi the sidebar is not rebuilt after a save: a page reload shows new menus.
 * Refusals (存在子菜单,不允许删除 / 菜单已分配,不允许删除, code 601) are warnings. The frame is the
 * shared `TreeTableScreen`.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DictTag } from '../../../components/dict/DictTag';
import { Icon } from '../../../components/Icon';
import type { DataColumn } from '../../../components/table/DataTable';
import { TreeTableScreen, useTreeTableScreen } from '../../../components/table/TreeTableScreen';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { TreeRowActions } from '../../../components/table/tree-table-kit';
import type { MenuRow } from './types';
import { MenuFormDialog, type MenuDialogState } from './MenuFormDialog';

export default function MenuList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const screen = useTreeTableScreen<MenuDialogState>(false);
  const { name, status } = screen.query;
  const list = useQuery({ ...trpc.system.menu.list.queryOptions({ menuName: name, status }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.menu.remove.mutationOptions());

  const handleDelete = (row: MenuRow) =>
    screen.confirmRemove(row.menuName, (onSuccess) => remove.mutate({ menuId: row.menuId }, { onSuccess }), () => void list.refetch());

  const columns: DataColumn<MenuRow>[] = [
    { key: 'menuName', title: '菜单名称', width: 200, align: 'left', truncate: true },
    {
      key: 'icon',
      title: '图标',
      width: 100,
      render: (r) => (r.icon && r.icon !== '#' ? <Icon menu={r.icon} fontSize="16px" aria-label={r.icon} /> : null),
    },
    { key: 'orderNum', title: '排序', width: 60 },
    { key: 'perms', title: '权限标识', truncate: true, width: 180 },
    { key: 'component', title: '组件路径', truncate: true, width: 180 },
    { key: 'status', title: '状态', width: 80, render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'createTime', title: '创建时间', width: 170 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <TreeRowActions
          perm="system:menu"
          onEdit={() => screen.setDialog({ menuId: r.menuId })}
          onAdd={() => screen.setDialog({ parentId: r.menuId })}
          onRemove={() => void handleDelete(r)}
        />
      ),
    },
  ];

  return (
    <TreeTableScreen
      screen={screen}
      entity="menu"
      label="菜单名称"
      statusPlaceholder="菜单状态"
      statusOptions={dict.sys_normal_disable}
      list={list}
      rowKey="menuId"
      parentKey="parentId"
      columns={columns}
      renderDialog={(state, onClose, onSaved) => <MenuFormDialog state={state} onClose={onClose} onSaved={onSaved} />}
    />
  );
}
