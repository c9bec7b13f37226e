/**
 * 园区管理 (system/park/index; issue 3 "Parks", with the dept screen's rules and layout): search
 * 园区名称, 状态; toolbar 新增, 展开/折叠 with RightToolbar; the tree table (园区名称, 排序, 状态,
 * 创建时间, 操作 修改 / 新增 / 删除), opened fully by default; the add/edit dialog. Parks have no
 * seeded root, so top-level parks can be added and removed (存在下级园区,不允许删除 is a 601
 * warning from the server).
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
import { EMPTY_NAME_STATUS, ExpandToggle, NameStatusSearch, nameStatusQuery, TreeRowActions, type NameStatus } from '../dept/kit';
import type { ParkRow } from '../dept/types';
import { ParkFormDialog, type ParkDialogState } from './ParkFormDialog';

export default function ParkList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const [draft, setDraft] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [filters, setFilters] = useState<NameStatus>(EMPTY_NAME_STATUS);
  const [showSearch, setShowSearch] = useState(true);
  const [expandAll, setExpandAll] = useState(true);
  const [tableKey, setTableKey] = useState(0);
  const [dialog, setDialog] = useState<ParkDialogState | null>(null);

  const { name, status } = nameStatusQuery(filters);
  const list = useQuery({ ...trpc.system.park.list.queryOptions({ parkName: name, status }), placeholderData: keepPreviousData });
  const tree = useMemo(() => handleTree(list.data ?? [], 'parkId', 'parentId'), [list.data]);
  const remove = useMutation(trpc.system.park.remove.mutationOptions());
  const refresh = () => void list.refetch();

  const handleDelete = async (row: ParkRow) => {
    if (!(await confirmWarning(`是否确认删除名称为"${row.parkName}"的数据项？`))) return;
    remove.mutate(
      { parkId: row.parkId },
      {
        onSuccess: () => {
          refresh();
          msgSuccess(MSG.remove);
        },
      },
    );
  };

  const columns: DataColumn<ParkRow>[] = [
    { key: 'parkName', title: '园区名称', width: 260, align: 'left' },
    { key: 'orderNum', title: '排序', width: 200 },
    { key: 'status', title: '状态', width: 100, render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'createTime', title: '创建时间', width: 200 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <TreeRowActions
          perm="system:park"
          onEdit={() => setDialog({ parkId: r.parkId })}
          onAdd={() => setDialog({ parentId: r.parkId })}
          onRemove={() => void handleDelete(r)}
        />
      ),
    },
  ];

  return (
    <Box p="5" data-testid="park-list">
      <NameStatusSearch
        label="园区名称"
        statusPlaceholder="园区状态"
        value={draft}
        onChange={setDraft}
        onSearch={() => setFilters(draft)}
        onReset={() => {
          setDraft(EMPTY_NAME_STATUS);
          setFilters(EMPTY_NAME_STATUS);
        }}
        show={showSearch}
        statusOptions={dict.sys_normal_disable}
        testId="park-search"
      />
      <ToolbarButtons
        add={{ perm: 'system:park:add', onClick: () => setDialog({}) }}
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
        rowKey="parkId"
        loading={list.isFetching}
        tree={{ defaultExpandAll: expandAll }}
        testId="park-table"
      />
      {dialog && (
        <ParkFormDialog
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
