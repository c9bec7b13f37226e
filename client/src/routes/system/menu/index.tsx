/**
 * 菜单管理 (system/menu/index; RuoYi views/system/menu/index.vue, reference §2 Menus): search
 * 菜单名称, 状态; toolbar 新增, 展开/折叠 with RightToolbar; the tree table (菜单名称, 图标, 排序,
 * 权限标识, 组件路径, 状态, 创建时间, 操作 修改 / 新增 / 删除), folded by default; the add/edit
 * dialog. As in RuoYi the sidebar is not rebuilt after a save: a page reload shows new menus.
 * Refusals (存在子菜单,不允许删除 / 菜单已分配,不允许删除, code 601) are warnings.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { confirmWarning, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { DictTag } from '../../../components/dict/DictTag';
import { SvgIcon } from '../../../components/SvgIcon';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { handleTree } from '../../../components/table/table-utils';
import { useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { EMPTY_NAME_STATUS, ExpandToggle, NameStatusSearch, nameStatusQuery, TreeRowActions, type NameStatus } from '../dept/kit';
import type { MenuRow } from '../dept/types';
import { MenuFormDialog, type MenuDialogState } from './MenuFormDialog';

export default function MenuList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [filters, setFilters] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [showSearch, setShowSearch] = useState(true);
  const [expandAll, setExpandAll] = useState(false);
  const [tableKey, setTableKey] = useState(0);
  const [dialog, setDialog] = useState<MenuDialogState | null>(null);

  const { name, status } = nameStatusQuery(filters);
  const list = useQuery({ ...trpc.system.menu.list.queryOptions({ menuName: name, status }), placeholderData: keepPreviousData });
  const tree = useMemo(() => handleTree(list.data ?? [], 'menuId', 'parentId'), [list.data]);
  const remove = useMutation(trpc.system.menu.remove.mutationOptions());
  const refresh = () => void list.refetch();

  const handleDelete = async (row: MenuRow) => {
    if (!(await confirmWarning(`是否确认删除名称为"${row.menuName}"的数据项？`))) return;
    remove.mutate(
      { menuId: row.menuId },
      {
        onSuccess: () => {
          refresh();
          msgSuccess(MSG.remove);
        },
      },
    );
  };

  const columns: DataColumn<MenuRow>[] = [
    { key: 'menuName', title: '菜单名称', width: 200, align: 'left', truncate: true },
    {
      key: 'icon',
      title: '图标',
      width: 100,
      render: (r) => (r.icon && r.icon !== '#' ? <SvgIcon name={r.icon} fontSize="16px" aria-label={r.icon} /> : null),
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
          onEdit={() => setDialog({ menuId: r.menuId })}
          onAdd={() => setDialog({ parentId: r.menuId })}
          onRemove={() => void handleDelete(r)}
        />
      ),
    },
  ];

  return (
    <Box p="5" data-testid="menu-list">
      <NameStatusSearch
        label="菜单名称"
        statusPlaceholder="菜单状态"
        value={draft}
        onChange={setDraft}
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY_NAME_STATUS);
          setFilters(EMPTY_NAME_STATUS);
        }}
        show={showSearch}
        statusOptions={dict.sys_normal_disable}
        testId="menu-search"
      />
      <ToolbarButtons
        add={{ perm: 'system:menu:add', onClick: () => setDialog({}) }}
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
        rowKey="menuId"
        loading={list.isFetching}
        tree={{ defaultExpandAll: expandAll }}
        testId="menu-table"
      />
      {dialog && (
        <MenuFormDialog
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
