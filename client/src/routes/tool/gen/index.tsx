/**
 * 代码生成 (tool/gen/index; RuoYi views/tool/gen/index.vue, reference §2 `/tool/gen`, §8): search
 * 表名称, 表描述, 创建时间; toolbar 生成 (zip of the ticked tables, caishui.zip), 创建 (admin role:
 * CREATE TABLE dialog), 导入 (import dialog), 修改, 删除 with RightToolbar; the table (selection,
 * 序号, 表名称, 表描述, 实体, 创建时间, 更新时间, 操作 预览 / 编辑 / 删除 / 同步 / 生成代码); paging.
 * 编辑 opens /tool/gen-edit/index/<tableId>; 生成代码 writes to the custom path (genType '1') or
 * downloads `<table>.zip`. Buttons are gated by tool:gen:*.
 */
import { Box, Button, Flex } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { HasRole } from '../../../components/Permission';
import { confirmWarning } from '../../../components/feedback/actions';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { RowButton } from '../../../components/table/RowButton';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { Icon } from '../../../components/Icon';
import { useListPage } from '../../../components/table/useListPage';
import { downloadZip } from '../../../lib/download';
import { useTRPC } from '../../../lib/trpc';
import { listQuery, TextSearchField } from '../../../components/table/search-kit';
import { useRefetchOnTimestamp } from '../../../hooks/useRefetchOnTimestamp';
import { CreateTableDialog } from './CreateTableDialog';
import type { GenTableRow } from './gen-kit';
import { ImportTableDialog } from './ImportTableDialog';
import { PreviewDialog, preloadCodeViewer } from './PreviewDialog';

interface Filters {
  tableName: string;
  tableComment: string;
  dateRange: [string, string];
}
const EMPTY: Filters = { tableName: '', tableComment: '', dateRange: ['', ''] };

type Dialog = { kind: 'import' } | { kind: 'create' } | { kind: 'preview'; tableId: number };

const toInput = ({ dateRange, ...f }: Filters) => listQuery(f, dateRange);

export default function GenList() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const lp = useListPage<Filters, GenTableRow, Dialog>(EMPTY);
  const { draft, setDraft, filters, page, selected, selectedRows, dialog, setDialog } = lp;

  const list = useQuery({ ...trpc.tool.gen.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.tool.gen.remove.mutationOptions());
  const synch = useMutation(trpc.tool.gen.synchDb.mutationOptions());
  const genCode = useMutation(trpc.tool.gen.genCode.mutationOptions());
  const ui = lp.bind(list);
  const { single, multiple, search, reset } = ui;
  useRefetchOnTimestamp(ui.refresh);
  // 预览 opens without waiting for the viewer's chunk (issue 40 §6).
  useEffect(preloadCodeViewer, []);

  const onDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '表编号', (onSuccess) => remove.mutate({ ids: ids.map(Number) }, { onSuccess }));

  const onEdit = (tableId: number) => navigate(`/tool/gen-edit/index/${tableId}`);

  const onSynch = async (row: GenTableRow) => {
    if (!(await confirmWarning(`确认要强制同步"${row.tableName}"表结构吗？`))) return;
    synch.mutate({ tableName: row.tableName }, { onSuccess: () => msgSuccess('同步成功') });
  };

  /** 生成代码 of a row: the custom path (genType '1') or `<table>.zip`. */
  const onGenRow = (row: GenTableRow) => {
    if (row.genType === '1') {
      genCode.mutate({ tableName: row.tableName }, { onSuccess: () => msgSuccess(`成功生成到自定义路径：${row.genPath}`) });
      return;
    }
    void downloadZip(`/tool/gen/download/${encodeURIComponent(row.tableName)}`, `${row.tableName}.zip`);
  };

  /** 生成 of the ticked tables: one zip. */
  const onGenBatch = () => {
    const names = selectedRows.map((r) => r.tableName).filter(Boolean);
    if (names.length === 0) {
      msgError('请选择要生成的数据');
      return;
    }
    void downloadZip(`/tool/gen/batchGenCode?tables=${encodeURIComponent(names.join(','))}`, 'caishui.zip');
  };

  const columns: DataColumn<GenTableRow>[] = [
    { key: 'index', title: '序号', width: 60, render: (_r, i) => (page.pageNum - 1) * page.pageSize + i + 1 },
    { key: 'tableName', title: '表名称', truncate: true, minWidth: 120 },
    { key: 'tableComment', title: '表描述', truncate: true, minWidth: 120 },
    { key: 'className', title: '实体', truncate: true, minWidth: 120 },
    { key: 'createTime', title: '创建时间', width: 160 },
    { key: 'updateTime', title: '更新时间', width: 160 },
    {
      key: 'actions',
      title: '操作',
      minWidth: 340,
      render: (r) => (
        <Flex gap="1" justify="center" wrap="nowrap">
          <RowButton perm={['tool:gen:preview']} icon="eye" onClick={() => setDialog({ kind: 'preview', tableId: r.tableId })} testId="row-preview">
            预览
          </RowButton>
          <RowButton perm={['tool:gen:edit']} icon="edit" onClick={() => onEdit(r.tableId)} testId="row-edit">
            编辑
          </RowButton>
          <RowButton perm={['tool:gen:remove']} icon="delete" onClick={() => void onDelete([r.tableId])} testId="row-remove">
            删除
          </RowButton>
          <RowButton perm={['tool:gen:edit']} icon="refresh" onClick={() => void onSynch(r)} testId="row-synch">
            同步
          </RowButton>
          <RowButton perm={['tool:gen:code']} icon="download" onClick={() => onGenRow(r)} testId="row-gen">
            生成代码
          </RowButton>
        </Flex>
      ),
    },
  ];

  return (
    <Box p="5" data-testid="gen-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset}>
        <TextSearchField label="表名称" name="tableName" value={draft.tableName} onChange={(tableName) => setDraft({ ...draft, tableName })} />
        <TextSearchField label="表描述" name="tableComment" value={draft.tableComment} onChange={(tableComment) => setDraft({ ...draft, tableComment })} />
        <SearchField label="创建时间">
          <DateRangePicker value={draft.dateRange} onChange={(dateRange) => setDraft({ ...draft, dateRange })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons right={<RightToolbar {...ui.toolbarProps(columns)} />}>
        <PermButton perm="tool:gen:code" icon="download" disabled={multiple} onClick={onGenBatch} testId="btn-gen">
          生成
        </PermButton>
        <HasRole value={['admin']}>
          <Button size="xs" variant="subtle" colorPalette="brand" onClick={() => setDialog({ kind: 'create' })} data-testid="btn-create">
            <Icon name="plus" />
            创建
          </Button>
        </HasRole>
        <PermButton perm="tool:gen:import" tone="info" icon="upload" onClick={() => setDialog({ kind: 'import' })} testId="btn-import">
          导入
        </PermButton>
        <PermButton perm="tool:gen:edit" tone="success" icon="edit" disabled={single} onClick={() => onEdit(Number(selected[0]))} testId="btn-edit">
          修改
        </PermButton>
        <PermButton perm="tool:gen:remove" tone="danger" icon="delete" disabled={multiple} onClick={() => void onDelete(selected)} testId="btn-remove">
          删除
        </PermButton>
      </ToolbarButtons>

      <DataTable columns={columns} {...ui.tableProps} rowKey="tableId" testId="gen-table" />
      <Pagination {...ui.pagerProps} />

      {dialog?.kind === 'import' && <ImportTableDialog onClose={() => setDialog(null)} onImported={ui.onSaved} />}
      {dialog?.kind === 'create' && <CreateTableDialog onClose={() => setDialog(null)} onCreated={ui.onSaved} />}
      {dialog?.kind === 'preview' && <PreviewDialog tableId={dialog.tableId} onClose={() => setDialog(null)} />}
    </Box>
  );
}
