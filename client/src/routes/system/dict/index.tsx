/**
 * 字典管理 (system/dict/index; RuoYi views/system/dict/index.vue): search 字典名称, 字典类型, 状态,
 * 创建时间; toolbar 新增, 修改, 删除, 导出, 刷新缓存 with RightToolbar; the type table (字典类型
 * links to /system/dict-data/index/{dictId}), paging and the 500px add/edit dialog. Buttons are
 * gated by system:dict:*.
 */
import { Box, Link } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { DictTag } from '../../../components/dict/DictTag';
import { exportExcel } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../lib/modal/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import type { RowKey } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { clearDictCache, useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../components/table/useListPage';
import { useTRPC } from '../../../lib/trpc';
import { DictTypeDialog } from './DictTypeDialog';
import { listQuery, TextSearchField } from '../../../components/table/search-kit';
import { EditRemoveCell } from '../../../components/table/RowButton';
import { DictSelect } from '../../../components/form/OptionSelect';
import type { DictTypeRow } from './types';

interface Filters {
  dictName: string;
  dictType: string;
  status: string;
  dateRange: [string, string];
}
const EMPTY: Filters = { dictName: '', dictType: '', status: '', dateRange: ['', ''] };

const toInput = ({ dateRange, ...f }: Filters) => {
  const q = listQuery(f, dateRange);
  return { ...q, status: q.status as '0' | '1' | undefined };
};

export default function DictTypeList() {
  const trpc = useTRPC();
  const dict = useDict('sys_normal_disable');
  const lp = useListPage<Filters, DictTypeRow, { dictId?: number }>(EMPTY);
  const { draft, setDraft, filters, page, selected, dialog, setDialog } = lp;

  const list = useQuery({ ...trpc.system.dict.type.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.dict.type.remove.mutationOptions());
  const refreshCache = useMutation(trpc.system.dict.type.refreshCache.mutationOptions());
  const ui = lp.bind(list);
  const { single, multiple, search, reset } = ui;

  const onDelete = (ids: RowKey[]) => ui.confirmRemove(ids, '字典编号', (onSuccess) => remove.mutate({ ids: ids.map(Number) }, { onSuccess }));
  const onRefreshCache = () =>
    refreshCache.mutate(undefined, {
      onSuccess: () => {
        clearDictCache();
        msgSuccess('刷新成功');
      },
    });

  const columns: DataColumn<DictTypeRow>[] = [
    { key: 'dictId', title: '字典编号' },
    { key: 'dictName', title: '字典名称', truncate: true },
    {
      key: 'dictType',
      title: '字典类型',
      truncate: true,
      render: (r) => (
        <Link asChild color="brand.solid" _hover={{ textDecoration: 'underline' }}>
          <RouterLink to={`/system/dict-data/index/${r.dictId}`} data-testid={`dict-link-${r.dictType}`}>
            {r.dictType}
          </RouterLink>
        </Link>
      ),
    },
    { key: 'status', title: '状态', render: (r) => <DictTag options={dict.sys_normal_disable} value={r.status} /> },
    { key: 'remark', title: '备注', truncate: true },
    { key: 'createTime', title: '创建时间', width: 180 },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <EditRemoveCell perm="system:dict" onEdit={() => setDialog({ dictId: r.dictId })} onRemove={() => void onDelete([r.dictId])} />
      ),
    },
  ];

  return (
    <Box p="5" data-testid="dict-type-list">
      <SearchForm show={lp.showSearch} onSearch={search} onReset={reset}>
        <TextSearchField label="字典名称" name="dictName" value={draft.dictName} onChange={(dictName) => setDraft({ ...draft, dictName })} />
        <TextSearchField label="字典类型" name="dictType" value={draft.dictType} onChange={(dictType) => setDraft({ ...draft, dictType })} />
        <SearchField label="状态">
          <DictSelect name="status" placeholder="字典状态" options={dict.sys_normal_disable} value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })} />
        </SearchField>
        <SearchField label="创建时间">
          <DateRangePicker value={draft.dateRange} onChange={(dateRange) => setDraft({ ...draft, dateRange })} />
        </SearchField>
      </SearchForm>

      <ToolbarButtons
        add={{ perm: 'system:dict:add', onClick: () => setDialog({}) }}
        edit={{ perm: 'system:dict:edit', disabled: single, onClick: () => setDialog({ dictId: Number(selected[0]) }) }}
        remove={{ perm: 'system:dict:remove', disabled: multiple, onClick: () => void onDelete(selected) }}
        exportAction={{ perm: 'system:dict:export', onClick: () => void exportExcel('/system/dict/type/export', toInput(filters)) }}
        right={<RightToolbar {...ui.toolbarProps(columns)} />}
      >
        <PermButton perm="system:dict:remove" tone="danger" icon="refresh" onClick={onRefreshCache} testId="btn-refresh-cache">
          刷新缓存
        </PermButton>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        {...ui.tableProps}
        rowKey="dictId"
        testId="dict-type-table"
      />
      <Pagination {...ui.pagerProps} />

      {dialog && (
        <DictTypeDialog
          dictId={dialog.dictId}
          onClose={() => setDialog(null)}
          onSaved={ui.onSaved}
        />
      )}
    </Box>
  );
}
