/**
 * 流程表达式 (flowable/expression/index; reference §2 `/system/expression`, workflow spec §3
 * "Expression"): search 名称 / 表达式内容 / 状态; toolbar 新增 / 修改 / 删除 / 导出 gated by
 * system:expression:*; columns 主键, 名称, 表达式内容, 指定类型 (exp_data_type), 状态, 备注, 操作;
 * paging (page sizes 5 / 10 as the library dialogs, spec §9); the add/edit dialog.
 */
import { Box, Code } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DictTag } from '../../../components/dict/DictTag';
import { exportExcel } from '../../../components/feedback/actions';
import { Pagination, PICKER_PAGE_SIZES } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchForm } from '../../../components/table/SearchForm';
import { StatusSearchField } from '../../../components/table/StatusSearchField';
import type { RowKey } from '../../../components/table/table-utils';
import { ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { DATA_TYPE_LABELS, type ExpressionRow } from '../../../components/flowable-library';
import { optionsOf } from '../../../components/flowable-library/options';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { TextSearchField } from '../../../components/table/search-kit';
import { EditRemoveCell } from '../../../components/table/RowButton';
import { ExpressionFormDialog } from './ExpressionFormDialog';

interface Filters {
  name: string;
  expression: string;
  status: string;
}
const EMPTY: Filters = { name: '', expression: '', status: '' };

const toInput = (f: Filters) => ({
  name: f.name.trim() || undefined,
  expression: f.expression.trim() || undefined,
  status: (f.status || undefined) as '0' | '1' | undefined,
});

export default function ExpressionList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable', 'exp_data_type');
  const dataTypes = optionsOf(Object.keys(DATA_TYPE_LABELS), DATA_TYPE_LABELS, dict.exp_data_type);
  const lp = useListPage<Filters, ExpressionRow, { id?: number }>(EMPTY);
  const { draft, setDraft, filters, page, selected, dialog, setDialog } = lp;

  const list = useQuery({ ...trpc.flowable.expression.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.flowable.expression.remove.mutationOptions());
  const ui = lp.bind(list);
  const { single, multiple, search, reset } = ui;

  const onDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '流程表达式编号', (onSuccess) => remove.mutate({ ids: ids.map(Number) }, { onSuccess }));

  const columns: DataColumn<ExpressionRow>[] = [
    { key: 'id', title: '主键', width: 80 },
    { key: 'name', title: '名称', truncate: true, minWidth: 140 },
    {
      key: 'expression', title: '表达式内容', truncate: true, minWidth: 160,
      render: (r) => <Code size="sm" variant="surface">{r.expression}</Code>,
    },
    { key: 'dataType', title: '指定类型', width: 110, render: (r) => <DictTag options={dataTypes} value={r.dataType ?? ''} /> },
    { key: 'status', title: '状态', width: 90, render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status ?? ''} /> },
    { key: 'remark', title: '备注', truncate: true, minWidth: 140 },
    {
      key: 'actions',
      title: '操作',
      minWidth: 130,
      render: (r) => <EditRemoveCell perm="system:expression" onEdit={() => setDialog({ id: r.id })} onRemove={() => void onDelete([r.id])} />,
    },
  ];

  return (
    <Box p="5" data-testid="expression-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset} testId="expression-search">
        <TextSearchField label="名称" name="name" value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
        <TextSearchField label="表达式内容" name="expression" value={draft.expression} onChange={(expression) => setDraft({ ...draft, expression })} />
        <StatusSearchField placeholder="请选择状态" value={draft.status} onChange={(status) => setDraft({ ...draft, status })} options={dict.sys_normal_disable} />
      </SearchForm>

      <ToolbarButtons
        add={{ perm: 'system:expression:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:expression:edit', disabled: single, onClick: () => setDialog({ id: Number(selected[0]) }) }}
        remove={{ perm: 'system:expression:remove', disabled: multiple, onClick: () => void onDelete(selected) }}
        exportAction={{ perm: 'system:expression:export', onClick: () => void exportExcel('/flowable/expression/export', toInput(filters)) }}
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
      />

      <DataTable columns={columns} {...ui.tableProps} rowKey="id" testId="expression-table" />
      <Pagination {...ui.pagerProps} pageSizes={PICKER_PAGE_SIZES} />

      {dialog && <ExpressionFormDialog id={dialog.id} onClose={() => setDialog(null)} onSaved={ui.onSaved} />}
    </Box>
  );
}
