/**
 * 字典管理 (system/dict/index; RuoYi views/system/dict/index.vue): search 字典名称, 字典类型, 状态,
 * 创建时间; toolbar 新增, 修改, 删除, 导出, 刷新缓存 with RightToolbar; the type table (字典类型
 * links to /system/dict-data/index/{dictId}), paging and the 500px add/edit dialog. Buttons are
 * gated by system:dict:*.
 */
import { Box, Flex, Input, Link } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DictTag } from '../../../components/dict/DictTag';
import { confirmDelete, exportExcel, MSG } from '../../../components/feedback/actions';
import { msgSuccess } from '../../../components/feedback/toaster';
import { Pagination } from '../../../components/Pagination';
import { DateRangePicker } from '../../../components/pickers/DateRangePicker';
import { DataTable, type DataColumn } from '../../../components/table/DataTable';
import { RightToolbar } from '../../../components/table/RightToolbar';
import { SearchField, SearchForm } from '../../../components/table/SearchForm';
import { selectionFlags, type RowKey } from '../../../components/table/table-utils';
import { PermButton, ToolbarButtons } from '../../../components/table/ToolbarButtons';
import { clearDictCache, useDict } from '../../../hooks/useDict';
import { useTRPC } from '../../../lib/trpc';
import { DictTypeDialog } from './DictTypeDialog';
import { DictSelect, listQuery, RowButton, searchHandlers } from './kit';
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
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [dialog, setDialog] = useState<{ dictId?: number } | null>(null);

  const list = useQuery({ ...trpc.system.dict.type.list.queryOptions({ ...page, ...toInput(filters) }), placeholderData: keepPreviousData });
  const remove = useMutation(trpc.system.dict.type.remove.mutationOptions());
  const refreshCache = useMutation(trpc.system.dict.type.refreshCache.mutationOptions());
  const refresh = () => void list.refetch();
  const { single, multiple } = selectionFlags(selected);
  const { search, reset } = searchHandlers({
    empty: EMPTY, draft, filters, setDraft, setFilters, page, refetch: refresh,
    setPageNum: (pageNum) => setPage((p) => ({ ...p, pageNum })),
  });

  const onDelete = async (ids: RowKey[]) => {
    if (!(await confirmDelete(ids, '字典编号'))) return;
    remove.mutate({ ids: ids.map(Number) }, {
      onSuccess: () => {
        msgSuccess(MSG.remove);
        setSelected((s) => s.filter((k) => !ids.includes(k)));
        refresh();
      },
    });
  };
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
        <Flex gap="1" justify="center">
          <RowButton perm={['system:dict:edit']} icon="edit" onClick={() => setDialog({ dictId: r.dictId })} testId="row-edit">
            修改
          </RowButton>
          <RowButton perm={['system:dict:remove']} icon="delete" onClick={() => void onDelete([r.dictId])} testId="row-remove">
            删除
          </RowButton>
        </Flex>
      ),
    },
  ];
  const toolbarColumns = columns.filter((c) => c.key !== 'actions').map((c) => ({ key: c.key, label: String(c.title) }));

  return (
    <Box p="5" data-testid="dict-type-list">
      <SearchForm show={showSearch} onSearch={search} onReset={reset}>
        <SearchField label="字典名称">
          <Input size="sm" w="240px" name="dictName" placeholder="请输入字典名称" value={draft.dictName}
            onChange={(e) => setDraft({ ...draft, dictName: e.target.value })} />
        </SearchField>
        <SearchField label="字典类型">
          <Input size="sm" w="240px" name="dictType" placeholder="请输入字典类型" value={draft.dictType}
            onChange={(e) => setDraft({ ...draft, dictType: e.target.value })} />
        </SearchField>
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
        right={
          <RightToolbar showSearch={showSearch} onShowSearchChange={setShowSearch} onRefresh={refresh}
            columns={toolbarColumns} hiddenColumns={hidden} onHiddenColumnsChange={setHidden} />
        }
      >
        <PermButton perm="system:dict:remove" tone="danger" icon="refresh" onClick={onRefreshCache} testId="btn-refresh-cache">
          刷新缓存
        </PermButton>
      </ToolbarButtons>

      <DataTable
        columns={columns}
        data={list.data?.rows ?? []}
        rowKey="dictId"
        loading={list.isFetching}
        hiddenColumns={hidden}
        selection={{ selectedKeys: selected, onChange: (keys) => setSelected(keys) }}
        testId="dict-type-table"
      />
      <Pagination total={list.data?.total ?? 0} page={page.pageNum} limit={page.pageSize}
        onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />

      {dialog && (
        <DictTypeDialog
          dictId={dialog.dictId}
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
