/**
 * 导入表 (RuoYi views/tool/gen/importTable.vue, 800px): search 表名称 / 表描述 over the database
 * tables not imported yet (`tool.gen.dbList`, paged), a selectable table (a row click toggles it),
 * 确 定 → `tool.gen.importTable` (请选择要导入的表 when none is ticked) → 导入成功, then `onImported`.
 */
import { Box, Flex, Input } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GenDbTableRow } from '../../../../../shared/schemas/tool/gen';
import { AppDialog } from '../../../components/feedback/AppDialog';
import { DialogFooterButtons } from '../../../components/feedback/DialogFooterButtons';
import { msgError, msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { toggleOne, type RowKey } from '../../../components/table/table-utils';
import { Icon } from '../../../components/Icon';
import { useTRPC } from '../../../lib/trpc';

const EMPTY = { tableName: '', tableComment: '' };

const COLUMNS: DataColumn<GenDbTableRow>[] = [
  { key: 'tableName', title: '表名称', truncate: true },
  { key: 'tableComment', title: '表描述', truncate: true },
  { key: 'createTime', title: '创建时间' },
  { key: 'updateTime', title: '更新时间' },
];

export function ImportTableDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<RowKey[]>([]);
  const input = { ...page, tableName: filters.tableName.trim() || undefined, tableComment: filters.tableComment.trim() || undefined };
  const list = useQuery({ ...trpc.tool.gen.dbList.queryOptions(input), placeholderData: keepPreviousData, gcTime: 0 });
  const importTable = useMutation(trpc.tool.gen.importTable.mutationOptions());

  const search = (next: typeof EMPTY) => {
    setFilters(next);
    setPage((p) => ({ ...p, pageNum: 1 }));
  };
  const submit = () => {
    if (selected.length === 0) {
      msgError('请选择要导入的表');
      return;
    }
    importTable.mutate({ tables: selected.map(String) }, {
      onSuccess: () => {
        msgSuccess('导入成功');
        onImported();
      },
    });
  };
  const text = (key: keyof typeof EMPTY, label: string) => (
    <SearchField label={label}>
      <Input size="sm" w="200px" name={key} placeholder={`请输入${label}`} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </SearchField>
  );

  return (
    <AppDialog
      title="导入表"
      width="800px"
      testId="gen-import-dialog"
      onClose={onClose}
      placement="center"
      footer={<DialogFooterButtons onConfirm={submit} onCancel={onClose} loading={importTable.isPending} />}
    >
      <SearchForm onSearch={() => search(draft)} onReset={() => { setDraft(EMPTY); search(EMPTY); }} testId="gen-import-search">
        {text('tableName', '表名称')}
        {text('tableComment', '表描述')}
      </SearchForm>
      <Box maxH="300px" overflowY="auto">
        <DataTable
          columns={COLUMNS}
          data={list.data?.rows ?? []}
          rowKey="tableName"
          loading={list.isFetching}
          selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
          onRowClick={(r) => setSelected((s) => toggleOne(r.tableName, s))}
          testId="gen-db-table"
        />
      </Box>
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
      {selected.length > 0 && (
        <Flex fontSize="xs" color="fg.muted" gap="1" align="center">
          <Icon name="list-ul" /> 已选 {selected.length} 张表
        </Flex>
      )}
    </AppDialog>
  );
}
