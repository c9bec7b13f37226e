/**
 * 流程监听 (flowable/listener/index; reference §2 `/system/listener`, workflow spec §2 "Flow
 * listener list", §3 "Flow listener"): search 名称 / 监听类型; toolbar 新增 / 修改 / 删除 / 导出
 * gated by system:listener:*; columns 名称, 监听类型, 事件类型, 值类型, 执行内容, 状态, 操作;
 * paging (page sizes 5 / 10, spec §9); the add/edit dialog.
 */
import { Box } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DictTag } from '../../../components/dict/DictTag';
import { exportExcel } from '../../../components/feedback/actions';
import { Pagination, PICKER_PAGE_SIZES } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { listenerColumns, useListenerDicts, type ListenerRow, type ListenerType } from '../../../components/flowable-library';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { TextSearchField } from '../../../components/table/search-kit';
import { EditRemoveCell } from '../../../components/table/RowButton';
import { DictSelect } from '../../../components/form/OptionSelect';
import { ListenerFormDialog } from './ListenerFormDialog';

interface Filters {
  name: string;
  type: string;
}
const EMPTY: Filters = { name: '', type: '' };

const toInput = (f: Filters) => ({ name: f.name.trim() || undefined, type: (f.type || undefined) as ListenerType | undefined });

export default function ListenerList() {
  const trpc = useTRPC();
  const dicts = useListenerDicts();
  const dict = useDict('sys_normal_disable');
  const lp = useListPage<Filters, ListenerRow, { id?: number }>(EMPTY);
  const { draft, setDraft, filters, page, selected, dialog, setDialog } = lp;

  const list = useQuery({ ...trpc.flowable.listener.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.flowable.listener.remove.mutationOptions());
  const ui = lp.bind(list);
  const { single, multiple, search, reset } = ui;

  const onDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '流程监听编号', (onSuccess) => remove.mutate({ ids: ids.map(Number) }, { onSuccess }));

  const columns: DataColumn<ListenerRow>[] = [
    ...listenerColumns(dicts),
    { key: 'status', title: '状态', width: 90, render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status ?? ''} /> },
    {
      key: 'actions',
      title: '操作',
      minWidth: 130,
      render: (r) => <EditRemoveCell perm="system:listener" onEdit={() => setDialog({ id: r.id })} onRemove={() => void onDelete([r.id])} />,
    },
  ];

  return (
    <Box p="5" data-testid="listener-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset} testId="listener-search">
        <TextSearchField label="名称" name="name" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
        <SearchField label="监听类型">
          <DictSelect name="type" placeholder="请选择监听类型" options={dicts.type} value={draft.type} onChange={(type) => setDraft({ ...draft, type })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        add={{ perm: 'system:listener:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:listener:edit', disabled: single, onClick: () => setDialog({ id: Number(selected[0]) }) }}
        remove={{ perm: 'system:listener:remove', disabled: multiple, onClick: () => void onDelete(selected) }}
        exportAction={{ perm: 'system:listener:export', onClick: () => void exportExcel('/flowable/listener/export', toInput(filters)) }}
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
      />

      <DataTable columns={columns} {...ui.tableProps} rowKey="id" testId="listener-table" />
      <Pagination {...ui.pagerProps} pageSizes={PICKER_PAGE_SIZES} />

      {dialog && <ListenerFormDialog id={dialog.id} onClose={() => setDialog(null)} onSaved={ui.onSaved} />}
    </Box>
  );
}
